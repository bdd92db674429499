import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HotSalesAndSearch } from '@shop/core/api/parts';
import { searchLogs } from '../src/db/schema/customer-activity';
import { orderItems, orders } from '../src/db/schema/orders';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { loadHotSalesAndSearch } from '../src/modules/hot-lists/service';
import { createCatalogApp, type CatalogData } from './catalog-test-data';

let t: TestApp;
let data: CatalogData;
const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  ({ t, data } = await createCatalogApp());
  const { accounts, companies } = t.fixtures;
  const { frontPads, rearPads, oilFilter, airFilter } = data.ids;
  const [a, b] = await t.db
    .insert(orders)
    .values([
      { companyId: companies.a.id, accountId: accounts.aMain.id, ordersNo: 'H1', status: 'done', totalAmount: '1.00' },
      { companyId: companies.b.id, accountId: accounts.bMain.id, ordersNo: 'H2', status: 'done', totalAmount: '1.00' },
    ])
    .returning({ id: orders.id });
  const line = { warehouseId: 1, price: '1.00' };
  await t.db.insert(orderItems).values([
    { ...line, orderId: a!.id, companyId: companies.a.id, productId: frontPads, quantity: 12, createdAt: ago(3) },
    { ...line, orderId: b!.id, companyId: companies.b.id, productId: oilFilter, quantity: 15, createdAt: ago(10) },
    { ...line, orderId: b!.id, companyId: companies.b.id, productId: oilFilter, quantity: 5, createdAt: ago(80) },
    { ...line, orderId: b!.id, companyId: companies.b.id, productId: airFilter, quantity: 100, createdAt: ago(95) },
  ]);
  const log = (productId: number | null, days: number) => ({
    companyId: companies.a.id,
    accountId: accounts.aMain.id,
    keyword: 'x',
    productId,
    resultCount: productId ? 1 : 0,
    createdAt: ago(days),
  });
  await t.db
    .insert(searchLogs)
    .values([
      log(rearPads, 1),
      log(rearPads, 2),
      log(rearPads, 29),
      log(frontPads, 1),
      log(null, 1),
      log(airFilter, 40),
      log(airFilter, 40),
      log(airFilter, 40),
      log(airFilter, 40),
    ]);
});
afterAll(() => t.close());

async function hot(query = 'limit=20&page=1', prefix = 'Shop') {
  const res = await t.injectAs('aSub', { url: `/api/${prefix}.Index/getHotSalesAndHotSearchList?${query}` });
  const b = body<HotSalesAndSearch>(res);
  expect(b.status).toBe(200);
  return HotSalesAndSearch.parse(b.data);
}

describe('GET /api/Shop.Index/getHotSalesAndHotSearchList', () => {
  test('hot sales by quantity over 90 days, hot search by searches that found the part over 30 days', async () => {
    const { frontPads, rearPads, oilFilter } = data.ids;
    const lists = await hot();
    expect(lists.hot_sales_list).toEqual([
      { product_id: oilFilter, number: '11 42 7 953 129', product_name: '奔驰C级 机油滤清器' },
      { product_id: frontPads, number: 'A 000 420 04 20', product_name: '宝马5系 前刹车片' },
    ]);
    expect(lists.hot_search_list.map((i) => i.product_id)).toEqual([rearPads, frontPads]);
  });

  test('limit and page', async () => {
    const { frontPads, rearPads, oilFilter } = data.ids;
    const first = await hot('limit=1&page=1');
    expect(first.hot_sales_list.map((i) => i.product_id)).toEqual([oilFilter]);
    expect(first.hot_search_list.map((i) => i.product_id)).toEqual([rearPads]);
    const second = await hot('limit=1&page=2');
    expect(second.hot_sales_list.map((i) => i.product_id)).toEqual([frontPads]);
    expect(await hot('limit=1&page=3')).toEqual({ hot_sales_list: [], hot_search_list: [] });
  });

  test('answers under the Shopv2 alias too', async () => {
    expect(await hot(undefined, 'Shopv2')).toEqual(await hot());
  });
});

describe('hot sales count what was really sold', () => {
  test('a cancelled order is no sale, and returned units are taken off', async () => {
    const { accounts, companies } = t.fixtures;
    const { frontPads, oilFilter, pads, gdb } = data.ids;
    const [cancelled, returned] = await t.db
      .insert(orders)
      .values([
        {
          companyId: companies.b.id,
          accountId: accounts.bMain.id,
          ordersNo: 'H3',
          status: 'cancelled',
          totalAmount: '1.00',
        },
        {
          companyId: companies.b.id,
          accountId: accounts.bMain.id,
          ordersNo: 'H4',
          status: 'completed',
          totalAmount: '1.00',
        },
      ])
      .returning({ id: orders.id });
    const line = { warehouseId: 1, price: '1.00', companyId: companies.b.id, createdAt: ago(2) };
    await t.db.insert(orderItems).values([
      // 999 ordered and cancelled at once: nothing was sold.
      { ...line, orderId: cancelled!.id, productId: pads, quantity: 999 },
      // 50 bought, 45 sent back: 5 sold, less than the 12 front pads.
      { ...line, orderId: returned!.id, productId: gdb, quantity: 50, returnedQuantity: 45 },
    ]);
    const lists = await loadHotSalesAndSearch(t.db, { page: 1, limit: 20 });
    expect(lists.hot_sales_list.map((i) => i.product_id)).toEqual([oilFilter, frontPads, gdb]);
  });
});
