import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ProductRowPage, type ProductRow } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { favourites, restockRequests, stockViews, productQuestions } from '../src/db/schema/customer-activity';
import { cartItems } from '../src/db/schema/cart';
import { orderItems, orders } from '../src/db/schema/orders';
import { productCarousels, videos } from '../src/db/schema/product-content';
import { loadProductRows } from '../src/modules/catalog/product-rows';
import { dealerCaller, type FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createCatalogApp, type CatalogData } from './catalog-test-data';

let t: TestApp;
let data: CatalogData;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  ({ t, data } = await createCatalogApp());
  const { accounts, companies } = t.fixtures;
  const { frontPads, rearPads, oilFilter } = data.ids;
  await t.db.insert(favourites).values([
    { accountId: accounts.aMain.id, companyId: companies.a.id, productId: frontPads },
    { accountId: accounts.bMain.id, companyId: companies.b.id, productId: rearPads },
  ]);
  await t.db.insert(restockRequests).values([
    { accountId: accounts.aMain.id, companyId: companies.a.id, productId: frontPads },
    { accountId: accounts.aMain.id, companyId: companies.a.id, productId: oilFilter, notifiedAt: new Date() },
    { accountId: accounts.bMain.id, companyId: companies.b.id, productId: rearPads },
  ]);
  await t.db.insert(stockViews).values([{ companyId: companies.a.id, productId: frontPads }]);
  const orderRows = await t.db
    .insert(orders)
    .values([
      { companyId: companies.a.id, accountId: accounts.aMain.id, ordersNo: 'T1', status: 'done', totalAmount: '1.00' },
      { companyId: companies.a.id, accountId: accounts.aSub.id, ordersNo: 'T2', status: 'done', totalAmount: '1.00' },
      { companyId: companies.a.id, accountId: accounts.aSub.id, ordersNo: 'T3', status: 'done', totalAmount: '1.00' },
    ])
    .returning({ id: orders.id });
  const [o1, o2, o3] = orderRows.map((o) => o.id);
  const line = { companyId: companies.a.id, productId: frontPads, warehouseId: 1, price: '10.00' };
  await t.db.insert(orderItems).values([
    { ...line, orderId: o1!, quantity: 3, createdAt: new Date(Date.now() - 5 * DAY) },
    { ...line, orderId: o2!, quantity: 9, createdAt: new Date(Date.now() - 30 * DAY) },
    { ...line, orderId: o3!, quantity: 50, createdAt: new Date(Date.now() - 120 * DAY) },
  ]);
  await t.db.insert(videos).values([
    { productId: frontPads, videoName: '前刹车片安装', pic: '/media/v/1.svg', video: '/media/v/1.mp4' },
    { productId: frontPads, videoName: '第二个', pic: '/media/v/2.svg', video: '/media/v/2.mp4' },
  ]);
  // A question of company A: its rows link to the questions tab, which lists A's own questions.
  await t.db.insert(productQuestions).values({
    productId: frontPads,
    companyId: companies.a.id,
    accountId: accounts.aMain.id,
    askQuestions: '适配吗？',
  });
  await t.db.insert(productCarousels).values({ productId: frontPads, description: '优势' });
});
afterAll(() => t.close());

async function rowsFor(account: FixtureAccountKey, keyword: string, warehouse = 1): Promise<ProductRow[]> {
  const res = await t.injectAs(account, {
    method: 'POST',
    url: '/api/Shop.Accessory/index',
    payload: { keyword, warehouse },
  });
  const b = body<ProductRowPage>(res);
  expect(b.status).toBe(200);
  return ProductRowPage.parse(b.data).list;
}

describe('product rows', () => {
  test('carry catalog data, prices of every label, stock per warehouse and the caller flags', async () => {
    const [row] = await rowsFor('aMain', 'FR-BK-1001');
    const variant = getBrandVariant(t.config.BRAND);
    const prices = (
      await t.db.execute(
        sql`select price_key, amount::text from product_prices where product_id = ${data.ids.frontPads}`,
      )
    ).rows as { price_key: string; amount: string }[];
    expect(Object.keys(row!.prices)).toEqual(variant.priceLabels.map((l) => l.key));
    for (const p of prices) expect(row!.prices[p.price_key]).toBe(p.amount);
    expect(row).toMatchObject({
      product_id: data.ids.frontPads,
      product_name: '宝马5系 前刹车片',
      l_name_zh: '前刹车片',
      frey_no: 'FR-BK-1001',
      number: 'A 000 420 04 20',
      brand_name: '宝马',
      frey_stock: 5,
      available_stock: 5,
      beijing_stock: 150,
      stock_zaitu: 5,
      my_stock: 5,
      is_view_stock: 1,
      is_sub: 1,
      is_apply: 1,
      consumable_days: 12,
      outbox_fcl_quantity: 10,
      scm_classification: 'A',
      engines: 'B48,N20',
      search_numbers: [{ factory: 'TRW', search_number: 'GDB 1234' }],
      orders_sales_history_text: '近90天购买 2 次，共 12 件',
      video: '/media/v/1.mp4',
      is_examine: 1,
      is_product_advantage: 1,
      activity_flag: 0,
      activity_flag_image: '',
      cart_number: 0,
      search_no: 'FR-BK-1001',
      match_kind: 'frey_no',
    });
  });

  test('another company sees none of these favourites, alerts, stock views, purchases or questions', async () => {
    const [row] = await rowsFor('bSub', 'FR-BK-1001');
    expect(row).toMatchObject({
      is_sub: 0,
      is_apply: 0,
      is_examine: 0,
      is_view_stock: getBrandVariant(t.config.BRAND).viewStockGate ? 0 : 1,
      orders_sales_history_text: '',
    });
    // Company B's own favourite and alert are B main's, not B sub's; A never sees them.
    const [rearForA] = await rowsFor('aMain', 'FR-BK-1002');
    expect(rearForA).toMatchObject({ is_sub: 0, is_apply: 0, video: '', is_examine: 0, is_product_advantage: 0 });
    const [rearForB] = await rowsFor('bMain', 'FR-BK-1002');
    expect(rearForB).toMatchObject({ is_sub: 1, is_apply: 1 });
  });

  test('a notified restock alert is no longer open', async () => {
    const [row] = await rowsFor('aMain', 'FR-OF-2001');
    expect(row!.is_apply).toBe(0);
  });

  test('a regional account may order from Beijing too; the warehouse picks available_stock', async () => {
    // The company has looked at the part's stock: the view-stock gate lets the figures through.
    const { companyId } = t.fixtures.accounts.cRegional;
    await t.db.insert(stockViews).values({ companyId, productId: data.ids.frontPads }).onConflictDoNothing();
    const [regional] = await rowsFor('cRegional', 'FR-BK-1001', 2);
    const beijing = getBrandVariant(t.config.BRAND).beijingWarehouse;
    expect(regional).toMatchObject({ available_stock: 150, frey_stock: 5, my_stock: beijing ? 155 : 5 });
  });

  test('cart_number is the quantity of the part in the caller company’s cart, both warehouses', async () => {
    const { accounts, companies } = t.fixtures;
    const { rearPads } = data.ids;
    await t.db.insert(cartItems).values([
      { companyId: companies.a.id, accountId: accounts.aMain.id, productId: rearPads, warehouseId: 1, quantity: 2 },
      { companyId: companies.a.id, accountId: accounts.aSub.id, productId: rearPads, warehouseId: 2, quantity: 3 },
      { companyId: companies.b.id, accountId: accounts.bMain.id, productId: rearPads, warehouseId: 1, quantity: 7 },
    ]);
    expect((await rowsFor('aSub', 'FR-BK-1002'))[0]!.cart_number).toBe(5);
    expect((await rowsFor('bSub', 'FR-BK-1002'))[0]!.cart_number).toBe(7);
    expect((await rowsFor('cRegional', 'FR-BK-1002'))[0]!.cart_number).toBe(0);
  });

  test('loadProductRows keeps the order of the ids and skips unknown ones', async () => {
    const { ids } = data;
    const ctx = {
      caller: dealerCaller(t.fixtures, 'aMain'),
      variant: getBrandVariant(t.config.BRAND),
      warehouse: 1 as const,
    };
    const rows = await loadProductRows(t.db, ctx, [ids.oilFilter, 999999, ids.frontPads, ids.pads]);
    expect(rows.map((r) => r.product_id)).toEqual([ids.oilFilter, ids.frontPads, ids.pads]);
    expect(rows.every((r) => r.search_no === '' && r.match_kind === undefined)).toBe(true);
    expect(await loadProductRows(t.db, ctx, [])).toEqual([]);
  });
});
