import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AddOrderResponse,
  DeliverySummary,
  OrderDetail,
  PurchaseListResponse,
  ReturnDetail,
  ReturnListResponse,
} from '@shop/core/api/orders';
import { createShop } from './orders-shop';
import { body, queryOf, raceOutcome } from './helpers/api';
import { addCartLine, insertAddress, stockOf } from './orders-test-data';
import { createReturn, moveReturn, shipOrder, shipAndReceive } from './helpers/order-staff';
import type { TestApp } from './helpers/test-app';
import { createEventDispatcher } from '../src/subscribers';

let t: TestApp;
let ids: Awaited<ReturnType<typeof createShop>>['ids'];
let addr: { a: number; aOther: number; b: number; c: number; cOther: number };

beforeAll(async () => {
  const shop = await createShop();
  t = shop.t;
  ids = shop.ids;
  const f = t.fixtures.accounts;
  addr = {
    a: await insertAddress(t.db, f.aMain.companyId, f.aMain.id, { isMain: true }),
    aOther: await insertAddress(t.db, f.aMain.companyId, f.aMain.id, { otherIsMain: true }),
    b: await insertAddress(t.db, f.bMain.companyId, f.bMain.id, { isMain: true }),
    c: await insertAddress(t.db, f.cRegional.companyId, f.cRegional.id, { isMain: true }),
    cOther: await insertAddress(t.db, f.cRegional.companyId, f.cRegional.id, { otherIsMain: true }),
  };
}, 60_000);
afterAll(() => t?.close());

const add = (who: Parameters<TestApp['injectAs']>[0], payload: object, headers: Record<string, string> = {}) =>
  t.injectAs(who, { method: 'POST', url: '/api/Shop.Order/add', payload, headers });
const get = (who: Parameters<TestApp['injectAs']>[0], path: string, query: Record<string, string | number>) =>
  t.injectAs(who, {
    method: 'GET',
    url: `/api/Shop.Order/${path}`,
    query: queryOf(query),
  });
const post = (who: Parameters<TestApp['injectAs']>[0], path: string, payload: object) =>
  t.injectAs(who, { method: 'POST', url: `/api/Shop.Order/${path}`, payload });

/** The titles of the account's messages, once the outbox's events are delivered (as the server's dispatcher does). */
async function notifications(accountId: number): Promise<string[]> {
  await createEventDispatcher(t.db).drain();
  const rows = await t.db.execute(sql`select tip_name from messages where account_id = ${accountId} order by id`);
  return rows.rows.map((r) => String((r as { tip_name: string }).tip_name));
}

describe('placing an order', () => {
  it('places a two-warehouse order: server prices, stock taken per warehouse, cart emptied, message queued', async () => {
    const c = t.fixtures.accounts.cRegional;
    const l1 = await addCartLine(t.db, c, ids.p1, 1, 3);
    const l2 = await addCartLine(t.db, c, ids.p2, 2, 4);
    const res = await add('cRegional', {
      cart: [
        { cart_id: l1, product_id: ids.p1, cart_number: 3, warehouse_type: 1 },
        { cart_id: l2, product_id: ids.p2, cart_number: 4, warehouse_type: 2 },
      ],
      pd_cart_ids: `${l1},${l2}`,
      address_id: addr.c,
      other_address_id: addr.cOther,
      remark: '周六不收货',
      beijing_remark: '送北京库',
      frey_coin: 0,
      voucher_orders_id: '',
    });
    const b = body<AddOrderResponse>(res);
    expect(b.status, b.msg).toBe(200);
    expect(b.msg).toBe('下单成功');
    expect(b.data.return_data).toEqual([]);
    expect(b.data.orders_no).toMatch(/^SO\d{8}\d{7}$/);
    expect(await stockOf(t.db, ids.p1, 1)).toBe(50 - 3);
    expect(await stockOf(t.db, ids.p2, 2)).toBe(50 - 4);
    const left = await t.db.execute(sql`select id from cart_items where id in (${l1}, ${l2})`);
    expect(left.rows).toHaveLength(0);
    expect(await notifications(c.id)).toContain('订单已提交');

    const detail = body<OrderDetail>(await get('cRegional', 'getDetail', { order_id: b.data.order_id }));
    expect(detail.status).toBe(200);
    expect(detail.data.status_cn).toBe('待发货');
    expect(detail.data.is_split).toBe(1);
    expect(detail.data.address?.city).toBe('广州市');
    expect(detail.data.other_address?.city).toBe('北京市');
    expect(detail.data.beijing_remark).toBe('送北京库');
    expect(detail.data.items.map((i) => [i.product_id, i.warehouse_type, i.quantity])).toEqual([
      [ids.p1, 1, 3],
      [ids.p2, 2, 4],
    ]);
    // Price from the catalog's first price label (the test catalog: 100 + product id).
    expect(detail.data.items[0]!.price).toBe((100 + ids.p1).toFixed(2));
    const expected = (100 + ids.p1) * 3 + (100 + ids.p2) * 4;
    expect(detail.data.total_amount).toBe(expected.toFixed(2));
  });

  it('turns short lines into lack items: 1 out of stock, 2 short', async () => {
    const a = t.fixtures.accounts.aMain;
    await t.db.execute(sql`update product_stocks set available = 2 where product_id = ${ids.p3} and warehouse_id = 1`);
    await t.db.execute(sql`update product_stocks set available = 0 where product_id = ${ids.p4} and warehouse_id = 1`);
    const l1 = await addCartLine(t.db, a, ids.p1, 1, 1);
    const l3 = await addCartLine(t.db, a, ids.p3, 1, 5);
    const l4 = await addCartLine(t.db, a, ids.p4, 1, 2);
    const b = body<AddOrderResponse>(await add('aMain', { pd_cart_ids: `${l1},${l3},${l4}`, address_id: addr.a }));
    expect(b.status, b.msg).toBe(200);
    expect(b.msg).toBe('下单成功，部分商品库存不足');
    const lack = b.data.return_data.map((l) => [
      l.product_id,
      l.order_type,
      l.quantity,
      l.supplied_number,
      l.lack_number,
    ]);
    expect(lack).toEqual([
      [ids.p3, 2, 5, 2, 3],
      [ids.p4, 1, 2, 0, 2],
    ]);
    expect(await stockOf(t.db, ids.p3, 1)).toBe(0);
    const detail = body<OrderDetail>(await get('aMain', 'getDetail', { order_id: b.data.order_id }));
    expect(detail.data.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [ids.p1, 1],
      [ids.p3, 2],
    ]);
    expect(detail.data.lack_items).toHaveLength(2);

    // The lack items become restock alerts; a second time they are reported as already asked for.
    const sub = body<{ success_ids: number[] }>(await get('aMain', 'addToSubscription', { order_id: b.data.order_id }));
    expect(sub.status, sub.msg).toBe(200);
    expect(sub.data.success_ids.sort()).toEqual([ids.p3, ids.p4].sort());
    const again = body<{ repeated_ids: number[] }>(
      await get('aMain', 'addToSubscription', { order_id: b.data.order_id }),
    );
    expect(again.data.repeated_ids.sort()).toEqual([ids.p3, ids.p4].sort());
  });

  it('answers clearly and keeps the cart when nothing is in stock', async () => {
    const a = t.fixtures.accounts.aMain;
    const l = await addCartLine(t.db, a, ids.p4, 1, 2);
    const b = body(await add('aMain', { pd_cart_ids: String(l), address_id: addr.a }));
    expect(b.status).toBe(201);
    expect(b.msg).toBe('所选商品均无库存，未生成订单，可在商品页订阅到货提醒');
    const kept = await t.db.execute(sql`select id from cart_items where id = ${l}`);
    expect(kept.rows).toHaveLength(1);
    await t.db.execute(sql`delete from cart_items where id = ${l}`);
  });

  it("refuses another company's cart lines and addresses, missing addresses and Beijing for non-regional accounts", async () => {
    const a = t.fixtures.accounts.aMain;
    const b = t.fixtures.accounts.bMain;
    const foreign = await addCartLine(t.db, b, ids.p1, 1, 1);
    expect(body(await add('aMain', { pd_cart_ids: String(foreign), address_id: addr.a })).msg).toBe('找不到购物车数据');
    const own = await addCartLine(t.db, a, ids.p5, 1, 1);
    expect(body(await add('aMain', { pd_cart_ids: String(own), address_id: addr.b })).msg).toBe(
      '收货地址不存在，请重新选择',
    );
    expect(body(await add('aMain', { pd_cart_ids: String(own) })).msg).toBe('请选择收货地址');
    expect(body(await add('aMain', { pd_cart_ids: '' })).msg).toBe('请选择要结算的商品');
    expect(body(await add('aMain', { pd_cart_ids: String(own), address_id: addr.a, frey_coin: 10 })).msg).toBe(
      '积分币余额不足',
    );
    const beijing = await addCartLine(t.db, a, ids.p5, 2, 1);
    expect(
      body(await add('aMain', { pd_cart_ids: `${own},${beijing}`, address_id: addr.a, other_address_id: addr.aOther }))
        .msg,
    ).toBe('当前账号不能从北京仓下单');
    const c = t.fixtures.accounts.cRegional;
    const cg = await addCartLine(t.db, c, ids.p5, 1, 1);
    const cb = await addCartLine(t.db, c, ids.p5, 2, 1);
    expect(body(await add('cRegional', { pd_cart_ids: `${cg},${cb}`, address_id: addr.c })).msg).toBe(
      '请选择北京仓收货地址',
    );
    await t.db.execute(sql`update products set is_orderable = 0 where id = ${ids.p5}`);
    expect(body(await add('aMain', { pd_cart_ids: String(own), address_id: addr.a })).msg).toMatch(/^商品暂不可订购/);
    await t.db.execute(sql`update products set is_orderable = 1 where id = ${ids.p5}`);
    await t.db.execute(sql`delete from cart_items where id in (${own}, ${beijing}, ${foreign}, ${cg}, ${cb})`);
    expect(await stockOf(t.db, ids.p5, 1)).toBe(50);
  });

  it('is idempotent: a repeated submit, sequential or concurrent, answers the first order', async () => {
    const a = t.fixtures.accounts.aMain;
    const l = await addCartLine(t.db, a, ids.p5, 1, 2);
    const payload = { pd_cart_ids: String(l), address_id: addr.a };
    const headers = { 'idempotency-key': 'page-visit-0001' };
    const [r1, r2] = await Promise.all([add('aMain', payload, headers), add('aMain', payload, headers)]);
    const b1 = body<AddOrderResponse>(r1);
    const b2 = body<AddOrderResponse>(r2);
    expect(b1.status, b1.msg).toBe(200);
    expect(b2.status, b2.msg).toBe(200);
    expect(b2.data.order_id).toBe(b1.data.order_id);
    expect([b1.data.repeated, b2.data.repeated].sort()).toEqual([0, 1]);
    // Without the header (a double click of an old client): the same cart lines find the same order.
    const b3 = body<AddOrderResponse>(await add('aMain', payload));
    expect(b3.data.order_id).toBe(b1.data.order_id);
    expect(b3.msg).toBe('订单已提交，请勿重复提交');
    expect(await stockOf(t.db, ids.p5, 1)).toBe(48);
    const count = await t.db.execute(sql`select count(*)::int as n from orders where cart_key = ${String(l)}`);
    expect(Number((count.rows[0] as { n: number }).n)).toBe(1);
  });

  it("answers a repeat with the same account's order only: another account's submit of those lines is new", async () => {
    const a = t.fixtures.accounts.aMain;
    const l = await addCartLine(t.db, a, ids.p5, 1, 1);
    const payload = { pd_cart_ids: String(l), address_id: addr.a };
    const headers = { 'idempotency-key': 'page-visit-0002' };
    const first = body<AddOrderResponse>(await add('aMain', payload, headers));
    expect(first.status, first.msg).toBe(200);
    // Another account of the company (a purchase account sees the order, a plain sub-account does
    // not), sending the same lines, with or without the same key: not its order, and the lines are gone.
    for (const who of ['aSub', 'aPurchase'] as const) {
      for (const h of [{}, headers]) {
        const other = body<AddOrderResponse | null>(await add(who, payload, h));
        expect(other.msg, who).toBe('找不到购物车数据');
        expect(other.data?.order_id).toBeUndefined();
      }
    }
    const again = body<AddOrderResponse>(await add('aMain', payload));
    expect(again.data).toMatchObject({ order_id: first.data.order_id, repeated: 1 });
  });

  it('another account sending a key already used, or the same lines at the same moment, is refused in words, not a 500', async () => {
    const a = t.fixtures.accounts.aMain;
    const used = { 'idempotency-key': 'page-visit-0003' };
    const placed = body<AddOrderResponse>(
      await add('aMain', { pd_cart_ids: String(await addCartLine(t.db, a, ids.p5, 1, 1)), address_id: addr.a }, used),
    );
    expect(placed.status, placed.msg).toBe(200);
    // A sub-account's own line, sent with the main account's key.
    const own = await addCartLine(t.db, t.fixtures.accounts.aSub, ids.p5, 1, 1);
    const reused = body(await add('aSub', { pd_cart_ids: String(own), address_id: addr.a }, used));
    expect([reused.status, reused.msg]).toEqual([201, '本次提交的编号已被其他账号使用，请刷新页面后重新提交']);
    await t.db.execute(sql`delete from cart_items where id = ${own}`);
    // Two accounts of the company submit the same line at once: one order, a refusal for the other.
    for (let round = 0; round < 3; round++) {
      const line = await addCartLine(t.db, a, ids.p5, 1, 1);
      const payload = { pd_cart_ids: String(line), address_id: addr.a };
      const answers = await Promise.all([add('aMain', payload), add('aPurchase', payload)]);
      expect(raceOutcome(answers.map((r) => body(r)))).toEqual({ passed: 1, refused: ['201 找不到购物车数据'] });
    }
  });
});

describe('orders after placement', () => {
  let orderId: number;
  let ordersNo: string;

  beforeAll(async () => {
    const a = t.fixtures.accounts.aMain;
    const l1 = await addCartLine(t.db, a, ids.p6, 1, 4);
    const l2 = await addCartLine(t.db, a, ids.p7, 1, 1);
    const b = body<AddOrderResponse>(await add('aMain', { pd_cart_ids: `${l1},${l2}`, address_id: addr.a }));
    orderId = b.data.order_id;
    ordersNo = b.data.orders_no;
  });

  it('refuses a day that is no calendar day (2024-13-45, 2024-02-30) in Chinese, not with a failed query', async () => {
    for (const day of ['2024-13-45', '2024-02-30']) {
      const refused = body(await post('aMain', 'getPurchaseList', { page: 1, limit: 10, start_date: day }));
      expect(refused.status).toBe(400);
      expect(refused.msg).toContain('日期格式不正确');
    }
    const leap = body<PurchaseListResponse>(
      await post('aMain', 'getPurchaseList', { page: 1, limit: 10, start_date: '2024-02-29' }),
    );
    expect(leap.status).toBe(200);
  });

  it("lists the company's orders with filters, tabs and pagination; another company sees none of them", async () => {
    const list = body<PurchaseListResponse>(await post('aMain', 'getPurchaseList', { page: 1, limit: 10 }));
    expect(list.status).toBe(200);
    expect(list.data.list[0]!.orders_id).toBe(orderId);
    expect(list.data.status_counts.pending_shipment).toBe(list.data.total);
    const byNo = body<PurchaseListResponse>(
      await post('aMain', 'getPurchaseList', { page: 1, limit: 10, orders_no: ordersNo.slice(-7) }),
    );
    expect(byNo.data.list.map((o) => o.orders_id)).toEqual([orderId]);
    const byStatus = body<PurchaseListResponse>(
      await post('aMain', 'getPurchaseList', { page: 1, limit: 10, status: 'cancelled' }),
    );
    expect(byStatus.data.total).toBe(0);
    // A purchase account sees the company's orders; another sub-account only its own (decision 0049).
    const purchase = body<PurchaseListResponse>(await post('aPurchase', 'getPurchaseList', { page: 1, limit: 10 }));
    expect(purchase.data.total).toBe(list.data.total);
    const sub = body<PurchaseListResponse>(await post('aSub', 'getPurchaseList', { page: 1, limit: 10 }));
    expect(sub.data.list.map((o) => o.orders_id)).not.toContain(orderId);
    expect(body(await get('aSub', 'getDetail', { order_id: orderId })).msg).toBe('订单不存在');
    const other = body<PurchaseListResponse>(await post('bMain', 'getPurchaseList', { page: 1, limit: 10 }));
    expect(other.data.list.map((o) => o.orders_id)).not.toContain(orderId);
    expect(body(await get('bMain', 'getDetail', { order_id: orderId })).msg).toBe('订单不存在');
    expect(body(await get('bMain', 'orderIdGetDeliveryList', { order_id: orderId })).msg).toBe('订单不存在');
    expect(body(await post('bMain', 'cancelOrder', { order_id: orderId })).msg).toBe('订单不存在');
    expect(body(await post('bMain', 'buyAgain', { order_id: orderId })).msg).toBe('订单不存在');
    expect(body(await get('bMain', 'getRepurchaseProductInfo', { order_id: orderId })).msg).toBe('订单不存在');
    expect(body(await get('bMain', 'changeStatus', { order_id: orderId, status: 'cancelled' })).msg).toBe('订单不存在');
  });

  it("refuses another company's order in every remaining call, and bad ids in Chinese", async () => {
    expect(body(await get('bMain', 'addToSubscription', { order_id: orderId })).msg).toBe('订单不存在');
    expect(body(await post('bMain', 'receiptAll', { order_ids: String(orderId) })).msg).toBe('订单不存在');
    const foreignItems = await t.injectAs('bMain', {
      method: 'POST',
      url: '/api/Shop.Order/getExportPurchaseItemsList',
      payload: { order_ids: String(orderId) },
    });
    expect(body(foreignItems).msg).toBe('没有可导出的订单');
    const foreignOrders = await sheetRows((await get('bMain', 'orderExport', {})).rawPayload).catch(() => []);
    expect(foreignOrders.some((r) => r[0] === ordersNo)).toBe(false);
    expect(body(await get('aMain', 'getDetail', { order_id: 'abc' })).msg).toContain('订单编号不正确');
    // An id past the database range (int4) is bad input in Chinese, not a server fault.
    const big = 3_000_000_000;
    for (const path of [
      'getDetail',
      'orderIdGetDeliveryList',
      'getRepurchaseProductInfo',
      'addToSubscription',
      'deliveryExport',
    ]) {
      expect(body(await get('aMain', path, { order_id: big })).msg, path).toContain('订单编号不正确');
    }
    expect(body(await get('aMain', 'changeStatus', { order_id: big, status: 'completed' })).msg).toContain(
      '订单编号不正确',
    );
    expect(body(await post('aMain', 'cancelOrder', { order_id: big })).msg).toContain('订单编号不正确');
    expect(body(await post('aMain', 'buyAgain', { order_id: big })).msg).toContain('订单编号不正确');
    expect(body(await get('aMain', 'getDeliveryDetail', { delivery_id: big })).msg).toContain('发货单编号不正确');
    expect(body(await get('aMain', 'packaReceipt', { delivery_id: big })).msg).toContain('发货单编号不正确');
    expect(body(await post('aMain', 'getReturnOrderDetail', { return_id: big })).msg).toContain('退货单编号不正确');
    const line = await addCartLine(t.db, t.fixtures.accounts.aMain, ids.p5, 1, 1);
    const placed = body(await add('aMain', { pd_cart_ids: String(line), address_id: big }));
    expect(placed.status).toBe(400);
    expect(placed.msg).toContain('编号格式不正确');
    await t.db.execute(sql`delete from cart_items where id = ${line}`);
    // The Shopv2 alias answers the same.
    const v2 = await t.injectAs('aMain', { method: 'GET', url: `/api/Shopv2.Order/getDetail?order_id=${orderId}` });
    expect(body<OrderDetail>(v2).data.orders_no).toBe(ordersNo);
  });

  it('buys again: the lines go back into the cart and are named for checking', async () => {
    const info = body<{ list: { product_id: number; stock: number }[] }>(
      await get('aMain', 'getRepurchaseProductInfo', { order_id: orderId }),
    );
    expect(info.data.list.map((l) => l.product_id)).toEqual([ids.p6, ids.p7]);
    const res = body<{ repurchaseProduct: { product_id: number; quantity: number }[] }>(
      await post('aMain', 'buyAgain', { order_id: orderId }),
    );
    expect(res.status, res.msg).toBe(200);
    expect(res.data.repurchaseProduct).toEqual([
      { product_id: ids.p6, warehouse_type: 1, quantity: 4 },
      { product_id: ids.p7, warehouse_type: 1, quantity: 1 },
    ]);
    const cart = await t.db.execute(
      sql`select product_id, quantity from cart_items where company_id = ${t.fixtures.accounts.aMain.companyId} order by product_id`,
    );
    expect(
      cart.rows.map((r) => [
        Number((r as { product_id: number }).product_id),
        Number((r as { quantity: number }).quantity),
      ]),
    ).toEqual([
      [ids.p6, 4],
      [ids.p7, 1],
    ]);
    await t.db.execute(sql`delete from cart_items where company_id = ${t.fixtures.accounts.aMain.companyId}`);
  });

  it('buys again within the cart limit per line: past 99999 it refuses and changes nothing', async () => {
    const a = t.fixtures.accounts.aMain;
    const full = await addCartLine(t.db, a, ids.p6, 1, 99_998);
    const res = body(await post('aMain', 'buyAgain', { order_id: orderId }));
    expect(res).toMatchObject({ status: 201, msg: '购买数量不能超过 99999' });
    const cart = await t.db.execute(
      sql`select id, product_id, quantity from cart_items where company_id = ${a.companyId} order by id`,
    );
    // Neither the full line nor the other line of the order changed (all or none).
    expect(
      cart.rows.map((r) => [Number((r as { id: number }).id), Number((r as { quantity: number }).quantity)]),
    ).toEqual([[full, 99_998]]);
    await t.db.execute(sql`delete from cart_items where company_id = ${a.companyId}`);
  });

  it('ships in packages, confirms receipt per package and completes; cancel is refused once shipped', async () => {
    const s1 = await shipOrder(t.db, {
      ordersNo,
      carrier: '顺丰',
      trackingNo: 'SF1234567890',
      packages: 2,
      items: [{ productId: ids.p6, quantity: 3 }],
    });
    expect(s1.status).toBe('partially_shipped');
    expect(body(await post('aMain', 'cancelOrder', { order_id: orderId })).msg).toBe('订单已发货或已结束，不能取消');
    const s2 = await shipOrder(t.db, { ordersNo, carrier: '德邦', trackingNo: 'DB0001', packages: 1 });
    expect(s2.status).toBe('shipped');
    const list = body<DeliverySummary[]>(await get('aMain', 'orderIdGetDeliveryList', { order_id: orderId }));
    expect(list.data.map((d) => [d.carrier, d.tracking_no, d.packages, d.total_quantity, d.status_cn])).toEqual([
      ['顺丰', 'SF1234567890', 2, 3, '运输中'],
      ['德邦', 'DB0001', 1, 2, '运输中'],
    ]);
    const detail = body<{ items: { product_id: number; quantity: number }[]; address: { city: string } }>(
      await get('aMain', 'getDeliveryDetail', { delivery_id: list.data[0]!.delivery_id }),
    );
    expect(detail.data.items).toMatchObject([{ product_id: ids.p6, quantity: 3 }]);
    expect(detail.data.address.city).toBe('广州市');
    expect(body(await get('bMain', 'getDeliveryDetail', { delivery_id: list.data[0]!.delivery_id })).msg).toBe(
      '发货单不存在',
    );
    expect(body(await get('bMain', 'packaReceipt', { delivery_id: list.data[0]!.delivery_id })).msg).toBe(
      '发货单不存在',
    );

    expect(body(await get('aMain', 'packaReceipt', { delivery_id: list.data[0]!.delivery_id })).msg).toBe('已确认收货');
    expect(body(await get('aMain', 'packaReceipt', { delivery_id: list.data[0]!.delivery_id })).msg).toBe(
      '该包裹已签收',
    );
    expect(body<OrderDetail>(await get('aMain', 'getDetail', { order_id: orderId })).data.status).toBe('shipped');
    const all = body<{ received: number }>(await post('aMain', 'receiptAll', { order_ids: String(orderId) }));
    expect(all.data.received).toBe(1);
    const done = body<OrderDetail>(await get('aMain', 'getDetail', { order_id: orderId }));
    expect(done.data.status_cn).toBe('已完成');
    expect(done.data.items.map((i) => i.shipped_quantity)).toEqual([4, 1]);
    expect(await notifications(t.fixtures.accounts.aMain.id)).toEqual(
      expect.arrayContaining(['订单已发货', '包裹已签收', '订单已完成']),
    );
    expect(body(await post('aMain', 'receiptAll', { order_ids: String(orderId) })).msg).toBe('没有待签收的包裹');
  });

  it('handles a purchase return: request, accept, complete (stock back); lists and exports it', async () => {
    const before = await stockOf(t.db, ids.p6, 1);
    const { returnNo } = await createReturn(t.db, {
      ordersNo,
      reason: '发错货',
      items: [{ productId: ids.p6, quantity: 2 }],
    });
    const list = body<ReturnListResponse>(await post('aMain', 'getReturnOrderList', { page: 1, limit: 10 }));
    expect(list.data.list.map((r) => [r.return_no, r.status_cn, r.total_quantity])).toEqual([[returnNo, '待审核', 2]]);
    const id = list.data.list[0]!.return_id;
    expect(body(await post('bMain', 'getReturnOrderDetail', { return_id: id })).msg).toBe('退货单不存在');
    expect(body<ReturnListResponse>(await post('bMain', 'getReturnOrderList', { page: 1, limit: 10 })).data.total).toBe(
      0,
    );
    await moveReturn(t.db, returnNo, 'accept', '请寄回广州仓');
    await expect(moveReturn(t.db, returnNo, 'refuse')).rejects.toThrow('退货单状态不允许该操作');
    await moveReturn(t.db, returnNo, 'complete');
    const detail = body<ReturnDetail>(await post('aMain', 'getReturnOrderDetail', { return_id: id }));
    expect(detail.data.status_cn).toBe('已退货');
    expect(detail.data.staff_note).toBe('请寄回广州仓');
    expect(detail.data.items.map((i) => [i.product_id, i.quantity])).toEqual([[ids.p6, 2]]);
    expect(await stockOf(t.db, ids.p6, 1)).toBe(before + 2);
    await expect(
      createReturn(t.db, { ordersNo, reason: 'x', items: [{ productId: ids.p6, quantity: 3 }] }),
    ).rejects.toThrow('退货数量超过已发货数量');

    const file = await get('aMain', 'returnOrderExport', { status: '' });
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toContain('退货单号');
    expect(rows[1]).toContain(returnNo);
  });

  it('exports orders, order lines and deliveries as real .xlsx files', async () => {
    const orders = await get('aMain', 'orderExport', {});
    expect(orders.headers['content-type']).toContain('spreadsheetml');
    const orderRows = await sheetRows(orders.rawPayload);
    expect(orderRows[0]!.slice(0, 3)).toEqual(['订单号', '下单时间', '状态']);
    expect(orderRows.some((r) => r[0] === ordersNo)).toBe(true);
    const items = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Order/getExportPurchaseItemsList',
      payload: { order_ids: String(orderId) },
    });
    const itemRows = await sheetRows(items.rawPayload);
    expect(itemRows.slice(1).map((r) => r[0])).toEqual([ordersNo, ordersNo]);
    const deliveries = await sheetRows((await get('aMain', 'deliveryExport', { order_id: orderId })).rawPayload);
    // One row per package line, newest package first.
    expect(deliveries.slice(1).map((r) => r[3])).toEqual(['德邦', '德邦', '顺丰']);
    expect(body(await get('bMain', 'deliveryExport', { order_id: orderId })).msg).toBe('没有可导出的发货记录');
  });

  it('cancels before shipment and returns the stock; changeStatus moves only the customer’s own states', async () => {
    const a = t.fixtures.accounts.aMain;
    const l = await addCartLine(t.db, a, ids.p7, 1, 3);
    const before = await stockOf(t.db, ids.p7, 1);
    const placed = body<AddOrderResponse>(await add('aMain', { pd_cart_ids: String(l), address_id: addr.a }));
    expect(await stockOf(t.db, ids.p7, 1)).toBe(before - 3);
    expect(body(await get('aMain', 'changeStatus', { order_id: placed.data.order_id, status: 'completed' })).msg).toBe(
      '订单尚未全部发货，不能确认完成',
    );
    expect(
      body(await get('aMain', 'changeStatus', { order_id: placed.data.order_id, status: 'shipped' })).status,
    ).not.toBe(200);
    const cancelled = body(await post('aMain', 'cancelOrder', { order_id: placed.data.order_id, reason: '下错单' }));
    expect(cancelled.msg).toBe('订单已取消，库存已退回');
    expect(await stockOf(t.db, ids.p7, 1)).toBe(before);
    expect(body(await post('aMain', 'cancelOrder', { order_id: placed.data.order_id })).msg).toBe(
      '订单已发货或已结束，不能取消',
    );
    // One event for the cancel, written with it (the refused second cancel wrote none), its payload as published.
    const events = await t.db.execute(sql`select payload from domain_events
      where type = 'order.cancelled' and (payload->>'orderId')::int = ${placed.data.order_id}`);
    expect(events.rows.map((r) => (r as { payload: unknown }).payload)).toEqual([
      {
        type: 'order.cancelled',
        companyId: a.companyId,
        accountId: a.id,
        orderId: placed.data.order_id,
        ordersNo: placed.data.orders_no,
        reason: '下错单',
      },
    ]);
    expect(body<OrderDetail>(await get('aMain', 'getDetail', { order_id: placed.data.order_id })).data.status_cn).toBe(
      '已取消',
    );
    expect(await notifications(a.id)).toContain('订单已取消');
  });

  it('a (purchase) sub-account cancels only its own orders; the main account cancels any; the answers say who may', async () => {
    const f = t.fixtures.accounts;
    // The company's addresses serve all its accounts.
    const place = async (who: 'aMain' | 'aPurchase', account: { companyId: number; id: number }) => {
      const l = await addCartLine(t.db, account, ids.p7, 1, 1);
      return body<AddOrderResponse>(await add(who, { pd_cart_ids: String(l), address_id: addr.a })).data.order_id;
    };
    const mains = await place('aMain', f.aMain);
    const subs = await place('aPurchase', f.aPurchase);
    const subs2 = await place('aPurchase', f.aPurchase);
    const canCancel = async (who: 'aMain' | 'aPurchase', orderId: number) => {
      const detail = body<OrderDetail>(await get(who, 'getDetail', { order_id: orderId })).data;
      const list = body<PurchaseListResponse>(await post(who, 'getPurchaseList', { page: 1, limit: 100 })).data.list;
      const summary = list.find((o) => o.orders_id === orderId);
      expect(summary?.can_cancel).toBe(detail.can_cancel);
      return detail.can_cancel;
    };
    expect(await canCancel('aPurchase', mains)).toBe(0);
    expect(await canCancel('aPurchase', subs)).toBe(1);
    expect(await canCancel('aMain', mains)).toBe(1);
    expect(await canCancel('aMain', subs)).toBe(1);

    const before = await stockOf(t.db, ids.p7, 1);
    for (const refused of [
      await post('aPurchase', 'cancelOrder', { order_id: mains }),
      await get('aPurchase', 'changeStatus', { order_id: mains, status: 'cancelled' }),
    ]) {
      expect(body(refused)).toEqual({
        status: 201,
        msg: '子账号只能取消自己下的订单，请联系主账号或下单人',
        data: null,
      });
    }
    expect(await stockOf(t.db, ids.p7, 1)).toBe(before);
    expect(body<OrderDetail>(await get('aMain', 'getDetail', { order_id: mains })).data.status).toBe(
      'pending_shipment',
    );

    expect(body(await post('aPurchase', 'cancelOrder', { order_id: subs })).msg).toBe('订单已取消，库存已退回');
    expect(body(await post('aMain', 'cancelOrder', { order_id: subs2 })).msg).toBe('订单已取消，库存已退回');
    expect(body(await post('aMain', 'cancelOrder', { order_id: mains })).msg).toBe('订单已取消，库存已退回');
    // Once cancelled nobody may cancel again, and the answers say so.
    expect(await canCancel('aMain', mains)).toBe(0);
  });

  it('the carrier can report delivery (staff) and points are a seam (0)', async () => {
    const c = t.fixtures.accounts.cRegional;
    const l = await addCartLine(t.db, c, ids.p1, 2, 1);
    const placed = body<AddOrderResponse>(
      await add('cRegional', { pd_cart_ids: String(l), other_address_id: addr.cOther }),
    );
    expect(placed.status, placed.msg).toBe(200);
    const detail = body<OrderDetail>(await get('cRegional', 'getDetail', { order_id: placed.data.order_id }));
    expect(detail.data.address?.city).toBe('北京市');
    await shipAndReceive(t.db, placed.data.orders_no, 'SF999000');
    expect(body<OrderDetail>(await get('cRegional', 'getDetail', { order_id: placed.data.order_id })).data.status).toBe(
      'completed',
    );
    const coin = body<{ max_frey_coin: number }>(await post('cRegional', 'getUserMaxFreyCoin', {}));
    expect(coin.data.max_frey_coin).toBe(0);
  });
});

async function sheetRows(payload: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}
