import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import type { CartCount, CartItem, CartLineResult, CartList, CartParams } from '@shop/core/api/cart';
import { products, productStocks } from '../src/db/schema/catalog';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import { insertCatalog, type CatalogData } from './catalog-test-data';

let t: TestApp;
let cat: CatalogData;
beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalog(t.db, t.config.BRAND);
  // Delisted and no longer orderable.
  await t.db.update(products).set({ isDelisting: 1, isOrderable: 0 }).where(eq(products.id, cat.ids.gdbLonger));
  // About to be delisted, still orderable.
  await t.db.update(products).set({ isDelisting: 1, isOrderable: 1 }).where(eq(products.id, cat.ids.gdb));
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const post = <T>(account: FixtureAccountKey, path: string, payload: Payload = {}, prefix = 'Shop') =>
  t.injectAs(account, { method: 'POST', url: `/api/${prefix}.Cart/${path}`, payload }).then((res) => body<T>(res));
const get = <T>(account: FixtureAccountKey, path: string) =>
  t.injectAs(account, { method: 'GET', url: `/api/Shop.Cart/${path}` }).then((res) => body<T>(res));
const list = (account: FixtureAccountKey, filters: Payload = {}) => post<CartList>(account, 'getList', filters);
const lineOf = async (account: FixtureAccountKey, productId: number, warehouse = 1): Promise<CartItem | undefined> =>
  (await list(account)).data.cart_list.find((l) => l.product_id === productId && l.warehouse_type === warehouse);
/** Sets a part's Beijing stock; answers a function that puts the old figure back. */
const setBeijingStock = async (productId: number, available: number) => {
  const where = and(eq(productStocks.productId, productId), eq(productStocks.warehouseId, 2));
  const [before] = await t.db.select({ available: productStocks.available }).from(productStocks).where(where);
  if (!before) throw new Error(`part ${productId} has no Beijing stock row`);
  await t.db.update(productStocks).set({ available }).where(where);
  return async () => {
    await t.db.update(productStocks).set({ available: before.available }).where(where);
  };
};
const clear = async (account: FixtureAccountKey) => {
  const ids = (await list(account)).data.cart_list.map((l) => l.pd_cart_id);
  if (ids.length) expect((await post(account, 'delete', { pd_cart_ids: ids.join(',') })).status).toBe(200);
};

describe('cart', () => {
  test('login required on every endpoint', async () => {
    for (const path of ['add', 'getList', 'delete', 'batchAdd', 'addMore', 'updateWarehouse']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/Shop.Cart/${path}`, payload: {} });
      expect([101, 102, 401]).toContain(body(res).status);
    }
    for (const path of ['paramsList', 'export', 'count']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Shop.Cart/${path}` });
      expect([101, 102, 401]).toContain(body(res).status);
    }
  });

  test('add creates a line, adding again adds to it; the list shows price, totals, stock and adder', async () => {
    const first = await post<CartLineResult>('aMain', 'add', {
      product_id: cat.ids.frontPads,
      quantity: 2,
      warehouse_type: 1,
      is_coming_soon: 0,
    });
    expect(first).toMatchObject({ status: 200, msg: '操作成功', data: { quantity: 2 } });
    const again = await post<CartLineResult>('aSub', 'add', { product_id: cat.ids.frontPads, quantity: '3' }, 'Shopv2');
    expect(again.data).toEqual({ pd_cart_id: first.data.pd_cart_id, quantity: 5 });

    const { data } = await list('aMain');
    expect(data.cart_list).toHaveLength(1);
    const line = data.cart_list[0]!;
    const unit = (100 + cat.ids.frontPads).toFixed(2);
    expect(line).toMatchObject({
      pd_cart_id: first.data.pd_cart_id,
      product_id: cat.ids.frontPads,
      frey_no: 'FR-BK-1001',
      number: 'A 000 420 04 20',
      l_name_zh: '前刹车片',
      price: unit,
      quantity: 5,
      tootal_price: (Number(unit) * 5).toFixed(2),
      warehouse_type: 1,
      stock: 5,
      beijing_stock: 150,
      is_delisting: 0,
      user_name: 'a_main',
      pic: '/media/parts/frontPads.svg',
    });
    expect(data.is_settlement).toBe(1);
    expect(data.points_cart_list).toEqual([]);
  });

  test('a sub-account sees and changes the main account’s lines; another company sees none', async () => {
    const sub = await list('aSub');
    expect(sub.data.cart_list.map((l) => l.product_id)).toEqual([cat.ids.frontPads]);
    expect((await list('bMain')).data.cart_list).toEqual([]);
    expect((await get<CartCount>('bMain', 'count')).data).toEqual({ cart_number: 0, total_quantity: 0 });
    expect((await get<CartCount>('aPurchase', 'count')).data).toEqual({ cart_number: 1, total_quantity: 5 });
  });

  test('another company’s line is refused as not found on every change', async () => {
    const id = (await lineOf('aMain', cat.ids.frontPads))!.pd_cart_id;
    for (const [path, payload] of [
      ['addMore', { pd_cart_id: id, quantity: 1 }],
      ['delete', { pd_cart_ids: String(id) }],
      ['updateWarehouse', { pd_cart_id: id, warehouse_type: 2 }],
    ] as const) {
      const res = await post('cRegional', path, payload);
      expect(res).toMatchObject({ status: 201, msg: '找不到购物车数据' });
    }
    // One foreign id among own ids: nothing is deleted.
    await post('bMain', 'add', { product_id: cat.ids.oilFilter, quantity: 1 });
    const own = (await lineOf('bMain', cat.ids.oilFilter))!.pd_cart_id;
    expect(await post('bMain', 'delete', { pd_cart_ids: `${own},${id}` })).toMatchObject({
      status: 201,
      msg: '找不到购物车数据',
    });
    expect(await lineOf('bMain', cat.ids.oilFilter)).toBeDefined();
    expect((await lineOf('aMain', cat.ids.frontPads))!.quantity).toBe(5);
  });

  test('an id past the database range is refused in Chinese, not a server fault', async () => {
    const big = 3_000_000_000;
    for (const [path, payload] of [
      ['add', { product_id: big, quantity: 1 }],
      ['batchAdd', { list: [{ product_id: big, quantity: 1 }] }],
      ['addMore', { pd_cart_id: big, quantity: 1 }],
      ['updateWarehouse', { pd_cart_id: big, warehouse_type: 1 }],
      ['delete', { pd_cart_ids: `${big}` }],
    ] as const) {
      const res = await post('aMain', path, payload);
      expect([201, 400], `${path}: ${res.msg}`).toContain(res.status);
      expect(res.msg, path).toMatch(/找不到购物车数据|商品不存在/);
    }
  });

  test('add refuses bad input with clear messages', async () => {
    const cases: [FixtureAccountKey, Payload, string][] = [
      ['aMain', { product_id: 999999, quantity: 1 }, '商品不存在'],
      ['aMain', { product_id: cat.ids.gdbLonger, quantity: 1 }, '该商品已下架，无法加入购物车'],
      ['aMain', { product_id: cat.ids.pads, quantity: 0 }, '购买数量至少为 1'],
      ['aMain', { product_id: cat.ids.pads, quantity: '-2' }, '购买数量只能是非负整数'],
      ['aMain', { product_id: cat.ids.pads, quantity: '1.5' }, '购买数量只能是非负整数'],
      ['aMain', { product_id: cat.ids.pads, quantity: 'abc' }, '购买数量只能是非负整数'],
      ['aMain', { product_id: cat.ids.pads, quantity: 100000 }, '购买数量不能超过 99999'],
      ['aMain', { product_id: cat.ids.pads, quantity: 1, warehouse_type: 3 }, '仓库只能是 1（广州仓）或 2（北京仓）'],
      // Warehouse 2 for a non-regional account.
      ['aMain', { product_id: cat.ids.pads, quantity: 1, warehouse_type: 2 }, '当前账号不能选择北京仓'],
    ];
    for (const [account, payload, msg] of cases) {
      expect(await post(account, 'add', payload), JSON.stringify(payload)).toMatchObject({ status: 201, msg });
    }
    // A part about to be delisted but orderable may still be added.
    expect((await post('aMain', 'add', { product_id: cat.ids.gdb, quantity: 1 })).status).toBe(200);
    // Adding past the largest quantity is refused and leaves the line as it was.
    await post('aMain', 'add', { product_id: cat.ids.pads, quantity: 99999 });
    expect(await post('aMain', 'add', { product_id: cat.ids.pads, quantity: 1 })).toMatchObject({
      status: 201,
      msg: '购买数量不能超过 99999',
    });
    expect((await lineOf('aMain', cat.ids.pads))!.quantity).toBe(99999);
    const res = await t.injectAs('aMain', { method: 'POST', url: '/api/Shop.Cart/add', payload: { quantity: 1 } });
    expect(res.statusCode).toBe(400);
  });

  test('the regional account adds from Beijing; Beijing and Guangzhou lines are separate', async () => {
    const bj = await post<CartLineResult>('cRegional', 'add', {
      product_id: cat.ids.frontPads,
      quantity: 2,
      warehouse_type: 2,
    });
    expect(bj.status).toBe(200);
    await post('cRegional', 'add', { product_id: cat.ids.frontPads, quantity: 1, warehouse_type: 1 });
    const lines = (await list('cRegional')).data.cart_list;
    expect(lines.map((l) => [l.warehouse_type, l.quantity, l.stock]).sort()).toEqual([
      [1, 1, 5],
      [2, 2, 150],
    ]);
  });

  test('addMore sets the quantity (0 allowed), refuses bad values and raising Beijing without stock', async () => {
    const id = (await lineOf('aMain', cat.ids.frontPads))!.pd_cart_id;
    expect(await post('aMain', 'addMore', { pd_cart_id: id, quantity: 6 })).toMatchObject({
      status: 200,
      data: { pd_cart_id: id, quantity: 6 },
    });
    expect((await post('aSub', 'addMore', { pd_cart_id: id, quantity: 0 })).data).toEqual({
      pd_cart_id: id,
      quantity: 0,
    });
    expect((await lineOf('aMain', cat.ids.frontPads))!.tootal_price).toBe('0.00');
    expect(await post('aMain', 'addMore', { pd_cart_id: id, quantity: '-1' })).toMatchObject({
      status: 201,
      msg: '购买数量只能是非负整数',
    });
    expect(await post('aMain', 'addMore', { pd_cart_id: 987654, quantity: 1 })).toMatchObject({
      status: 201,
      msg: '找不到购物车数据',
    });
    // A Beijing line whose Beijing stock ran out: plus is refused, minus is allowed.
    const beijingLine = (await lineOf('cRegional', cat.ids.frontPads, 2))!;
    expect(beijingLine.quantity).toBe(2);
    const restore = await setBeijingStock(cat.ids.frontPads, 0);
    try {
      expect(await post('cRegional', 'addMore', { pd_cart_id: beijingLine.pd_cart_id, quantity: 3 })).toMatchObject({
        status: 201,
        msg: '北京仓暂无库存',
      });
      expect((await post('cRegional', 'addMore', { pd_cart_id: beijingLine.pd_cart_id, quantity: 1 })).status).toBe(
        200,
      );
    } finally {
      await restore();
    }
    expect((await post('cRegional', 'addMore', { pd_cart_id: beijingLine.pd_cart_id, quantity: 2 })).status).toBe(200);
    await post('aMain', 'addMore', { pd_cart_id: id, quantity: 5 });
  });

  test('a part without Beijing stock does not go into the Beijing cart (add, batchAdd, updateWarehouse); Guangzhou takes it', async () => {
    // rearPads and airFilter have 0 in Beijing; frontPads has 150.
    const frontBefore = (await lineOf('cRegional', cat.ids.frontPads, 2))!.quantity;
    for (const productId of [cat.ids.rearPads, cat.ids.airFilter]) {
      expect(await post('cRegional', 'add', { product_id: productId, quantity: 1, warehouse_type: 2 })).toMatchObject({
        status: 201,
        msg: '北京仓暂无库存',
      });
      expect(await lineOf('cRegional', productId, 2)).toBeUndefined();
    }
    expect(
      await post('cRegional', 'batchAdd', {
        list: [
          { product_id: cat.ids.frontPads, quantity: 1, warehouse_type: 2 },
          { product_id: cat.ids.rearPads, quantity: 1, warehouse_type: 2 },
        ],
      }),
    ).toMatchObject({ status: 201, msg: 'FR-BK-1002：北京仓暂无库存' });
    // All or none: the line with stock did not grow either.
    expect((await lineOf('cRegional', cat.ids.frontPads, 2))!.quantity).toBe(frontBefore);

    // Guangzhou at 0 stays orderable (the order records the shortage as a lack item).
    const gz = await post<CartLineResult>('cRegional', 'add', {
      product_id: cat.ids.rearPads,
      quantity: 1,
      warehouse_type: 1,
    });
    expect(gz.status).toBe(200);
    expect(
      await post('cRegional', 'updateWarehouse', { pd_cart_id: gz.data.pd_cart_id, warehouse_type: 2 }),
    ).toMatchObject({ status: 201, msg: '北京仓暂无库存' });
    expect((await lineOf('cRegional', cat.ids.rearPads, 1))!.quantity).toBe(1);
    expect((await post('cRegional', 'delete', { pd_cart_ids: String(gz.data.pd_cart_id) })).status).toBe(200);
  });

  test('is_settlement is 0 when no line can be settled', async () => {
    expect((await list('bMain')).data.is_settlement).toBe(1);
    const id = (await lineOf('bMain', cat.ids.oilFilter))!.pd_cart_id;
    await post('bMain', 'addMore', { pd_cart_id: id, quantity: 0 });
    expect((await list('bMain')).data.is_settlement).toBe(0);
    await clear('bMain');
    expect((await list('bMain')).data).toEqual({ cart_list: [], points_cart_list: [], is_settlement: 0 });
  });

  test('updateWarehouse moves a line, merging with the line already in that warehouse', async () => {
    const lines = (await list('cRegional')).data.cart_list.filter((l) => l.product_id === cat.ids.frontPads);
    const gz = lines.find((l) => l.warehouse_type === 1)!;
    const bj = lines.find((l) => l.warehouse_type === 2)!;
    const moved = await post<CartLineResult>('cRegional', 'updateWarehouse', {
      pd_cart_id: gz.pd_cart_id,
      warehouse_type: 2,
    });
    expect(moved.data).toEqual({ pd_cart_id: bj.pd_cart_id, quantity: gz.quantity + bj.quantity });
    const after = (await list('cRegional')).data.cart_list.filter((l) => l.product_id === cat.ids.frontPads);
    expect(after.map((l) => [l.warehouse_type, l.quantity])).toEqual([[2, 3]]);
    // Without a line there it simply moves.
    const back = await post<CartLineResult>('cRegional', 'updateWarehouse', {
      pd_cart_id: bj.pd_cart_id,
      warehouse_type: 1,
    });
    expect(back.data).toEqual({ pd_cart_id: bj.pd_cart_id, quantity: 3 });
    expect((await lineOf('cRegional', cat.ids.frontPads, 1))!.stock).toBe(5);
    // Non-regional accounts cannot move to Beijing.
    const a = (await lineOf('aMain', cat.ids.frontPads))!.pd_cart_id;
    expect(await post('aMain', 'updateWarehouse', { pd_cart_id: a, warehouse_type: 2 })).toMatchObject({
      status: 201,
      msg: '当前账号不能选择北京仓',
    });
  });

  test('batchAdd adds many lines at once, merging repeats; one bad line refuses all', async () => {
    await clear('bMain');
    const ok = await post<{ lines: CartLineResult[] }>('bMain', 'batchAdd', {
      list: [
        { product_id: cat.ids.oilFilter, quantity: 2, warehouse_type: 1 },
        { product_id: cat.ids.airFilter, quantity: '1', warehouse_type: 1 },
        { product_id: cat.ids.oilFilter, quantity: 3, warehouse_type: 1 },
      ],
    });
    expect(ok).toMatchObject({ status: 200, msg: '操作成功' });
    expect(ok.data.lines.map((l) => l.quantity)).toEqual([5, 1]);
    const bad = await post('bMain', 'batchAdd', {
      list: [
        { product_id: cat.ids.pads, quantity: 1, warehouse_type: 1 },
        { product_id: cat.ids.gdbLonger, quantity: 1, warehouse_type: 1 },
      ],
    });
    expect(bad).toMatchObject({ status: 201, msg: 'GDB12345：该商品已下架，无法加入购物车' });
    expect(await lineOf('bMain', cat.ids.pads)).toBeUndefined();
    expect(await post('bMain', 'batchAdd', { list: [] })).toMatchObject({
      status: 201,
      msg: '请选择要加入购物车的商品',
    });
    expect(
      await post('bMain', 'batchAdd', { list: [{ product_id: cat.ids.pads, quantity: 0, warehouse_type: 1 }] }),
    ).toMatchObject({ status: 201, msg: '购买数量至少为 1' });
    expect(await get<CartCount>('bMain', 'count')).toMatchObject({ data: { cart_number: 2, total_quantity: 6 } });
  });

  test('concurrent adds of the same part end in one line with every quantity', async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(i % 2 ? 'bSub' : 'bMain', 'add', { product_id: cat.ids.rearPads, quantity: 1 }),
      ),
    );
    const lines = (await list('bMain')).data.cart_list.filter((l) => l.product_id === cat.ids.rearPads);
    expect(lines.map((l) => l.quantity)).toEqual([6]);
  });

  test('paramsList and the filters', async () => {
    const params = await get<CartParams>('aMain', 'paramsList');
    expect(params.data.user_name_list).toEqual(['a_main']);
    expect(params.data.l_model_zh_list).toEqual(['奔驰 C级', '宝马 5系']);
    await post('aSub', 'add', { product_id: cat.ids.oilFilter, quantity: 1 });
    expect((await get<CartParams>('aMain', 'paramsList')).data.user_name_list).toEqual(['a_main', 'a_sub']);
    const bySub = await list('aMain', { user_name: 'a_sub' });
    expect(bySub.data.cart_list.map((l) => l.product_id)).toEqual([cat.ids.oilFilter]);
    const byModel = await list('aMain', { l_model_zh: '宝马 5系' });
    expect(byModel.data.cart_list.map((l) => l.product_id).sort()).toEqual([cat.ids.frontPads, cat.ids.pads].sort());
    expect((await list('aMain', { l_model_zh: '不存在' })).data.cart_list).toEqual([]);
  });

  test('export answers an .xlsx with a Chinese file name, the lines and the total', async () => {
    const res = await t.injectAs('aMain', { method: 'GET', url: '/api/Shop.Cart/export?user_name=a_main' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(
      /filename\*=UTF-8''购物车_\d{8}\.xlsx/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('购物车')!;
    expect(sheet.getRow(1).getCell(4).value).toBe('商品名称');
    const lines = (await list('aMain', { user_name: 'a_main' })).data.cart_list;
    expect(sheet.rowCount).toBe(lines.length + 2);
    expect(sheet.getRow(2).getCell(2).value).toBe(lines[0]!.frey_no);
    const total = sheet.getRow(lines.length + 2);
    expect(total.getCell(4).value).toBe('合计');
    expect(total.getCell(8).value).toBe(lines.reduce((n, l) => n + l.quantity, 0));
    // An empty cart (or filter) has nothing to export.
    const empty = await t.injectAs('aMain', { method: 'GET', url: '/api/Shop.Cart/export?user_name=nobody' });
    expect(body(empty)).toMatchObject({ status: 201, msg: '购物车没有可导出的商品' });
  });

  test('delete removes lines ("已从购物车删除"); unknown ids are not found', async () => {
    const lines = (await list('aSub')).data.cart_list;
    const res = await post<{ deleted: number }>('aSub', 'delete', {
      pd_cart_ids: lines.map((l) => l.pd_cart_id).join(','),
    });
    expect(res).toMatchObject({ status: 200, msg: '已从购物车删除', data: { deleted: lines.length } });
    expect((await list('aMain')).data.cart_list).toEqual([]);
    expect(await post('aSub', 'delete', { pd_cart_ids: String(lines[0]!.pd_cart_id) })).toMatchObject({
      status: 201,
      msg: '找不到购物车数据',
    });
    expect(await post('aSub', 'delete', { pd_cart_ids: 'a,b' })).toMatchObject({
      status: 201,
      msg: '找不到购物车数据',
    });
    expect(await post('aSub', 'delete', { pd_cart_ids: '' })).toMatchObject({ status: 201, msg: '找不到购物车数据' });
  });
});
