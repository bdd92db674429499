import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AddOrderResponse } from '@shop/core/api/orders';
import type { StaffLoginResponse } from '@shop/core/api/admin';
import type { DEMO_STAFF } from '../src/demo/definitions/staff';
import { insertDemoStaff } from '../src/demo/staff';
import { body } from './helpers/api';
import { TEST_PASSWORD, testPasswordHash } from './helpers/fixtures';
import type { TestApp, TestAppOptions } from './helpers/test-app';
import { createShop, type ShopPart } from './orders-shop';
import { addCartLine, insertAddress } from './orders-test-data';

/**
 * The order test shop with the demo staff (admin, catalog, service, finance; password
 * TEST_PASSWORD) and helpers to log them in and place orders as company A's main account (Guangzhou warehouse).
 */
export type StaffLogin = (typeof DEMO_STAFF)[number]['login'];

export interface AdminShop {
  t: TestApp;
  ids: Record<ShopPart, number>;
  staffIds: Record<string, number>;
  staffLogin(login: string, password?: string, ip?: string): Promise<LightMyRequestResponse>;
  tokenOf(login: StaffLogin): Promise<string>;
  asStaff(login: StaffLogin, options: InjectOptions): Promise<LightMyRequestResponse>;
  placeOrder(lines: { part: ShopPart; quantity: number }[]): Promise<string>;
}

export async function createAdminShop(options: TestAppOptions = {}): Promise<AdminShop> {
  const { t, ids } = await createShop(options);
  await insertDemoStaff(t.db, await testPasswordHash());
  const staffRows = (await t.db.execute(`select id, login from staff_members`)).rows as { id: number; login: string }[];
  const staffIds = Object.fromEntries(staffRows.map((r) => [r.login, Number(r.id)]));
  const a = t.fixtures.accounts.aMain;
  const addressId = await insertAddress(t.db, a.companyId, a.id, { isMain: true });

  const staffLogin = (login: string, password = TEST_PASSWORD, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login, password }, remoteAddress: ip });
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (login: StaffLogin) => {
    if (!tokens.has(login)) {
      tokens.set(
        login,
        staffLogin(login).then((res) => {
          const b = body<StaffLoginResponse>(res);
          if (b.status !== 200) throw new Error(`staff login of ${login} failed: ${res.body}`);
          return b.data.token;
        }),
      );
    }
    return tokens.get(login)!;
  };
  return {
    t,
    ids,
    staffIds,
    staffLogin,
    tokenOf,
    async asStaff(login, options) {
      const token = await tokenOf(login);
      return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    async placeOrder(lines) {
      const cartIds: number[] = [];
      for (const l of lines) cartIds.push(await addCartLine(t.db, a, ids[l.part], 1, l.quantity));
      const res = await t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/add',
        payload: { pd_cart_ids: cartIds.join(','), address_id: addressId },
      });
      const b = body<AddOrderResponse>(res);
      if (b.status !== 200) throw new Error(`order failed: ${res.body}`);
      return b.data.orders_no;
    },
  };
}
