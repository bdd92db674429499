import { afterAll, beforeAll } from 'vitest';
import type { AddOrderResponse } from '@shop/core/api/orders';
import { body } from './helpers/api';
import { withDemoStaff, type StaffClient } from './helpers/staff';
import type { TestApp, TestAppOptions } from './helpers/test-app';
import { createShop, type ShopPart } from './orders-shop';
import { addCartLine, insertAddress } from './orders-test-data';

/**
 * The order test shop with the demo staff (admin, catalog, service, finance; password
 * TEST_PASSWORD) and helpers to log them in and place orders as company A's main account (Guangzhou warehouse).
 */
export type { StaffLogin } from './helpers/staff';

export interface AdminShop extends StaffClient {
  t: TestApp;
  ids: Record<ShopPart, number>;
  placeOrder(lines: { part: ShopPart; quantity: number }[]): Promise<string>;
}

export async function createAdminShop(options: TestAppOptions = {}): Promise<AdminShop> {
  const { t, ids } = await createShop(options);
  const staff = await withDemoStaff(t);
  const a = t.fixtures.accounts.aMain;
  const addressId = await insertAddress(t.db, a.companyId, a.id, { isMain: true });
  return {
    t,
    ids,
    ...staff,
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

/**
 * The admin shop of a test file: made before its tests and closed after them. Its fields are
 * there once the file's first beforeAll has run.
 */
export function useAdminShop(): AdminShop {
  const shop = {} as AdminShop;
  beforeAll(async () => {
    Object.assign(shop, await createAdminShop());
  }, 60_000);
  afterAll(() => shop.t?.close());
  return shop;
}
