import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGE_CATEGORY, type MessageMenu, type TipList } from '@shop/core/api/messages';
import type { AdjustList, ClientOrdersList } from '@shop/core/api/price-protection';
import type { ResourcePage } from '@shop/core/api/resource-share';
import { demoReferenceDateToday, generateDemoData } from '../src/demo/generate';
import { body } from './helpers/api';
import { rows } from './helpers/demo-database';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The demo as a tester finds it on a fresh `npm start` (seeded with today's reference date): the
 * message centre of the demo dealers, the price adjustment zone and record, price protection and
 * resource share have something to show without staff acting first (design.md section 5).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixtures: false });
  await generateDemoData(t.db, { parts: 400, brand: 'frey', referenceDate: demoReferenceDateToday() });
}, 120_000);
afterAll(() => t?.close());

const as = async (login: string) => {
  const token = await t.login(login, 'demo1234');
  return async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const b = body<T>(await t.app.inject({ method, url, payload, headers: t.auth(token) }));
    expect(b.status, b.msg).toBe(200);
    return b.data;
  };
};

describe('the demo data a tester sees', () => {
  test('the main account has messages of several categories, some unread: the badge shows', async () => {
    const call = await as('dealer_a');
    const menu = await call<MessageMenu>('GET', '/api/Tip.Tip/menu_list');
    expect(menu.unread_total).toBeGreaterThan(0);
    const list = await call<TipList>('POST', '/api/Tip.Tip/shop_tip_list', { limit: 200 });
    const categories = new Set(list.list.map((m) => m.category_id));
    for (const category of [
      MESSAGE_CATEGORY.order,
      MESSAGE_CATEGORY.bill,
      MESSAGE_CATEGORY.priceAdjust,
      MESSAGE_CATEGORY.announcement,
    ])
      expect(categories, `category ${category}`).toContain(category);
    expect(list.list.some((m) => m.read === 1)).toBe(true);
    expect(list.list.some((m) => m.read === 0)).toBe(true);
    // Newest first; the announcement pops up.
    expect(list.list[0]).toMatchObject({ category_id: MESSAGE_CATEGORY.announcement, is_eject: 1, read: 0 });
  });

  test('the price-protection compensation message names the bill, where it leads', async () => {
    const call = await as('dealer_a');
    const bills = await call<TipList>('POST', '/api/Tip.Tip/shop_tip_list', { category_id: MESSAGE_CATEGORY.bill });
    const [compensation] = bills.list.filter((m) => m.tip_name === '价格保护补偿');
    expect(compensation).toMatchObject({ link: '/profile/bill', is_eject: 1, read: 0 });
    expect(compensation!.tip_word).toContain('请在“对账单”中查看');
    expect(compensation!.tip_word).not.toContain('“价格保护”中查看');
  });

  test('the price adjustment zone, the record and price protection have rows', async () => {
    const call = await as('dealer_a');
    const zone = await call<AdjustList>('POST', '/api/Shop.KeepPrice/getAdjustList', { scope: 'all' });
    expect(zone.total).toBeGreaterThanOrEqual(2);
    const record = await call<AdjustList>('POST', '/api/Shop.KeepPrice/getAdjustList', { scope: 'mine' });
    expect(record.total).toBeGreaterThan(0);
    const claims = await call<ClientOrdersList>('POST', '/api/Shop.KeepPrice/getClientOrdersList', {});
    expect(claims.total).toBeGreaterThan(0);
    // Each compensation is credited on the company's ledger, as the price-protection module posts it.
    const [ledger] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from company_ledger where kind = 'compensation'`,
    );
    expect(ledger!.n).toBeGreaterThan(0);
  });

  test("resource share lists other companies' stock", async () => {
    const call = await as('dealer_a');
    const shared = await call<ResourcePage>('GET', '/api/Shop.ResourceSharing/list');
    expect(shared.total).toBeGreaterThanOrEqual(2);
  });

  test('every event is delivered in the seeding, none failed: nothing is left for the server', async () => {
    const [pending] = await rows<{ n: number; failed: number }>(
      t.db,
      sql`select count(*) filter (where dispatched_at is null)::int as n,
        count(*) filter (where last_error <> '')::int as failed from domain_events`,
    );
    expect(pending).toEqual({ n: 0, failed: 0 });
  });
});
