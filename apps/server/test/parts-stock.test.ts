import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { generateDemoData } from '../src/demo/generate';
import { products, productStocks } from '../src/db/schema/catalog';
import { favourites } from '../src/db/schema/customer-activity';
import { orderItems, orders } from '../src/db/schema/orders';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createDemoApp } from './helpers/demo-app';

let t: TestApp;
beforeAll(async () => void (t = await createDemoApp(200, 41)));
afterAll(() => t.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute(text)).rows as T[];
}

async function setStock(productId: number, gz: number, bj: number): Promise<void> {
  for (const [warehouseId, available] of [
    [1, gz],
    [2, bj],
  ] as const) {
    await t.db
      .update(productStocks)
      .set({ available })
      .where(and(eq(productStocks.productId, productId), eq(productStocks.warehouseId, warehouseId)));
  }
}

function get<T = unknown>(account: FixtureAccountKey, url: string) {
  return t.injectAs(account, { url }).then((res) => body<T>(res));
}
function post<T = unknown>(account: FixtureAccountKey, url: string, payload: object) {
  return t.injectAs(account, { method: 'POST', url, payload }).then((res) => body<T>(res));
}

describe('login required', () => {
  test.each([
    ['GET', '/api/Shop.Accessory/getProductAttributes?product_id=1'],
    ['GET', '/api/Shop.Accessory/getProductStock?product_id=1'],
    ['GET', '/api/Shop.Accessory/getProducStock?product_id=1'],
    ['POST', '/api/Shop.Accessory/applyForReplenishment'],
    ['POST', '/api/Shop.Subscription/add'],
    ['POST', '/api/Shop.Subscription/batchAdd'],
    ['GET', '/api/Shop.StockArrival/outStockArrivals'],
    ['GET', '/api/Shop.StockArrival/orderStockArrivals'],
    ['GET', '/api/Shop.StockArrival/arrivalNotice'],
  ])('%s %s', async (method, url) => {
    // A valid payload: validation answers before the login check.
    const payload = method === 'POST' ? { product_id: 1, product_ids: '1' } : undefined;
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload });
    expect([101, 102, 401]).toContain(body(res).status);
  });
});

describe('GET /api/Shop.Accessory/getProductAttributes', () => {
  test('answers the replacement numbers of the part', async () => {
    const expected = await query<{ factory: string; number: string }>(
      sql`select factory, number from product_numbers where product_id = 3 and kind = 'replacement' order by id`,
    );
    const { status, data } = await get<{ number_list: { factory: string; search_number: string }[] }>(
      'aMain',
      '/api/Shop.Accessory/getProductAttributes?product_id=3',
    );
    expect(status).toBe(200);
    expect(data.number_list).toEqual(expected.map((n) => ({ factory: n.factory, search_number: n.number })));
    expect(expected.length).toBeGreaterThan(0);
    expect(await get('aMain', '/api/Shop.Accessory/getProductAttributes?product_id=987654')).toMatchObject({
      status: 201,
      msg: '商品不存在',
    });
  });
});

describe('GET /api/Shop.Accessory/getProductStock', () => {
  test('answers the stock and switches is_view_stock for the company only', async () => {
    await setStock(4, 37, 5);
    const gate = getBrandVariant(t.config.BRAND).viewStockGate;
    const rowOf = async (account: FixtureAccountKey) =>
      (await get<{ is_view_stock: number }>(account, '/api/Shop.Accessories/getDetail?id=4')).data;
    expect((await rowOf('aSub')).is_view_stock).toBe(gate ? 0 : 1);

    const { status, data } = await get('aSub', '/api/Shop.Accessory/getProductStock?product_id=4&warehouse=2');
    expect(status).toBe(200);
    expect(data).toMatchObject({
      product_id: 4,
      frey_stock: 37,
      beijing_stock: 5,
      available_stock: 5,
      is_view_stock: 1,
    });
    // The whole company sees it from now on; another company does not.
    expect((await rowOf('aMain')).is_view_stock).toBe(1);
    expect((await rowOf('bMain')).is_view_stock).toBe(gate ? 0 : 1);
    const misspelt = await get('bMain', '/api/Shopv2.Accessory/getProducStock?product_id=4');
    expect(misspelt).toMatchObject({ status: 200, data: { frey_stock: 37, available_stock: 37, is_view_stock: 1 } });
    expect((await rowOf('bMain')).is_view_stock).toBe(1);
    expect(await get('aMain', '/api/Shop.Accessory/getProductStock?product_id=987654')).toMatchObject({
      status: 201,
      msg: '商品不存在',
    });
  });
});

describe('restock alerts', () => {
  test('only for parts out of stock; a second open request is refused; per account', async () => {
    await setStock(10, 12, 0);
    const inStock = await post('aMain', '/api/Shop.Accessory/applyForReplenishment', { product_id: 10 });
    expect(inStock.status).toBe(201);
    expect(inStock.msg).toContain('有库存');

    await setStock(10, 0, 0);
    expect(await post('aMain', '/api/Shop.Accessory/applyForReplenishment', { product_id: 10 })).toMatchObject({
      status: 200,
      msg: '提交成功',
    });
    expect(await post('aMain', '/api/Shop.Accessory/applyForReplenishment', { product_id: 10 })).toMatchObject({
      status: 201,
      msg: '已提交，不能重复提交',
    });
    // Subscription/add shares the rules.
    expect(await post('aMain', '/api/Shop.Subscription/add', { product_id: 10 })).toMatchObject({
      status: 201,
      msg: '已提交，不能重复提交',
    });
    expect(await post('aSub', '/api/Shopv2.Subscription/add', { product_id: 10 })).toMatchObject({
      status: 200,
      msg: '提交成功',
    });
    expect(await post('aMain', '/api/Shop.Accessory/applyForReplenishment', { product_id: 987654 })).toMatchObject({
      status: 201,
      msg: '商品不存在',
    });

    // The row shows it to the asker only.
    const isApply = async (account: FixtureAccountKey) =>
      (await get<{ is_apply: number }>(account, '/api/Shop.Accessories/getDetail?id=10')).data.is_apply;
    expect(await isApply('aMain')).toBe(1);
    expect(await isApply('aPurchase')).toBe(0);
    expect(await isApply('bMain')).toBe(0);
  });

  test('batchAdd adds many and reports unknown, in-stock and repeated ones', async () => {
    await setStock(50, 0, 0);
    await setStock(51, 0, 0);
    await setStock(52, 8, 0);
    await post('bMain', '/api/Shop.Subscription/add', { product_id: 51 });
    const res = await post<Record<string, number[]>>('bMain', '/api/Shop.Subscription/batchAdd', {
      product_ids: '50,51,52,888888,50',
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      success_ids: [50],
      repeated_ids: [51],
      in_stock_ids: [52],
      delisting_ids: [],
      not_found_ids: [888888],
    });
    expect(res.msg).toContain('888888');

    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await post('bMain', '/api/Shop.Subscription/batchAdd', { product_ids: tooMany })).status).toBe(201);
    expect((await post('bMain', '/api/Shop.Subscription/batchAdd', { product_ids: 'a,b' })).status).toBe(201);
    expect((await post('bMain', '/api/Shop.Subscription/batchAdd', { product_ids: '' })).status).toBe(201);
  });
});

describe('restock alerts for a part that is going (即将下架)', () => {
  async function setDelisting(app: TestApp, productId: number, isOrderable: 0 | 1): Promise<void> {
    await app.db.update(products).set({ isDelisting: 1, isOrderable }).where(eq(products.id, productId));
    await app.db.update(productStocks).set({ available: 0 }).where(eq(productStocks.productId, productId));
  }

  test('the variant with the delisting notice refuses one for a part that cannot be ordered', async () => {
    const partsky = await createTestApp({ env: { BRAND: 'partsky' } });
    try {
      await generateDemoData(partsky.db, { parts: 40, brand: 'partsky', seed: 43, withAccounts: false });
      await setDelisting(partsky, 20, 0);
      await setDelisting(partsky, 21, 1);
      const add = (url: string, payload: object) =>
        partsky.injectAs('aMain', { method: 'POST', url, payload }).then((res) => body<Record<string, number[]>>(res));

      const going = await add('/api/Shop.Accessory/applyForReplenishment', { product_id: 20 });
      expect(going).toMatchObject({ status: 201, msg: '该商品即将下架，不再到货，无法设置到货提醒' });
      expect((await add('/api/Shop.Subscription/add', { product_id: 20 })).status).toBe(201);
      // Still orderable: it may arrive, so the reminder is taken.
      expect(await add('/api/Shop.Accessory/applyForReplenishment', { product_id: 21 })).toMatchObject({
        status: 200,
        msg: '提交成功',
      });
      const batch = await add('/api/Shop.Subscription/batchAdd', { product_ids: '20,21' });
      expect(batch.data).toMatchObject({ success_ids: [], repeated_ids: [21], delisting_ids: [20] });
      expect(batch.msg).toContain('即将下架不再到货 1 个');
      const open = await partsky.db.execute(sql`select product_id from restock_requests order by product_id`);
      expect(open.rows.map((r) => Number(r.product_id))).toEqual([21]);
    } finally {
      await partsky.close();
    }
  });

  test('the other variants, where such a part has its cart controls, take one', async () => {
    await setDelisting(t, 30, 0);
    expect(await post('aMain', '/api/Shop.Accessory/applyForReplenishment', { product_id: 30 })).toMatchObject({
      status: 200,
      msg: '提交成功',
    });
  });
});

describe('stock arrivals', () => {
  test('arrivalNotice lists the account’s own alerts with their state', async () => {
    await setStock(60, 0, 0);
    await setStock(61, 0, 0);
    await post('cRegional', '/api/Shop.Subscription/add', { product_id: 60 });
    await post('cRegional', '/api/Shop.Subscription/add', { product_id: 61 });
    await setStock(61, 0, 9);
    const { status, data } = await get<{
      total: number;
      list: { product_id: number; arrival_status: number; arrival_status_cn: string }[];
    }>('cRegional', '/api/Shop.StockArrival/arrivalNotice?page=1&limit=10');
    expect(status).toBe(200);
    expect(data.total).toBe(2);
    const state = Object.fromEntries(data.list.map((r) => [r.product_id, r.arrival_status_cn]));
    // The regional account orders from Beijing as well, so Beijing stock counts as arrived.
    const beijing = getBrandVariant(t.config.BRAND).beijingWarehouse;
    expect(state).toEqual({ 60: '待到货', 61: beijing ? '已到货' : '待到货' });
    // Another company sees none of them.
    const other = await get<{ total: number }>('bSub', '/api/Shop.StockArrival/arrivalNotice');
    expect(other.data.total).toBe(0);
  });

  test('orderStockArrivals lists the company’s requested parts that have stock again', async () => {
    await setStock(70, 0, 0);
    await post('aPurchase', '/api/Shop.Accessory/applyForReplenishment', { product_id: 70 });
    const before = await get<ProductRowPage>('aMain', '/api/Shop.StockArrival/orderStockArrivals');
    expect(before.data.list.map((r) => r.product_id)).not.toContain(70);
    await setStock(70, 25, 0);
    const after = await get<ProductRowPage>('aMain', '/api/Shop.StockArrival/orderStockArrivals');
    expect(after.status).toBe(200);
    expect(after.data.list.map((r) => r.product_id)).toContain(70);
    const other = await get<ProductRowPage>('bMain', '/api/Shop.StockArrival/orderStockArrivals');
    expect(other.data.list.map((r) => r.product_id)).not.toContain(70);
  });

  test('outStockArrivals lists parts the company bought or favourited that ran out', async () => {
    const a = t.fixtures.accounts.aMain;
    await setStock(80, 0, 0);
    await setStock(81, 0, 0);
    await setStock(82, 15, 0);
    const [order] = await t.db
      .insert(orders)
      .values({ companyId: a.companyId, accountId: a.id, ordersNo: 'OUT-1', status: 'completed', totalAmount: '1.00' })
      .returning({ id: orders.id });
    await t.db.insert(orderItems).values([
      { orderId: order!.id, companyId: a.companyId, productId: 80, warehouseId: 1, quantity: 1, price: '1.00' },
      { orderId: order!.id, companyId: a.companyId, productId: 82, warehouseId: 1, quantity: 1, price: '1.00' },
    ]);
    await t.db.insert(favourites).values({ accountId: a.id, companyId: a.companyId, productId: 81 });
    const { status, data } = await get<ProductRowPage>('aSub', '/api/Shop.StockArrival/outStockArrivals?limit=50');
    expect(status).toBe(200);
    const ids = data.list.map((r) => r.product_id);
    expect(ids).toEqual(expect.arrayContaining([80, 81]));
    expect(ids).not.toContain(82);
    for (const row of data.list) expect(row.frey_stock).toBe(0);
    // spec.md's path under Shop.Index answers the same.
    const viaIndex = await get<ProductRowPage>('aSub', '/api/Shop.Index/outStockArrivals?limit=50');
    expect(viaIndex.data).toEqual(data);
    const other = await get<ProductRowPage>('bMain', '/api/Shop.StockArrival/outStockArrivals');
    expect(other.data.list.map((r) => r.product_id)).not.toContain(80);
  });
});
