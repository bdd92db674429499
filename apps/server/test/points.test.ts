import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOrderResponse, MaxFreyCoin, OrderDetail } from '@shop/core/api/orders';
import type { CartList } from '@shop/core/api/cart';
import type {
  AdminGift,
  CompanyPoints,
  GiftDetail,
  GiftList,
  LedgerList,
  MallItem,
  PointsCartLine,
  PointsCartList,
  PointsOverview,
  PointsProductList,
} from '@shop/core/api/points';
import type { AuditListResponse } from '@shop/core/api/admin';
import { POINTS_TEXTS, pointsExpireAt } from '@shop/core/points-rules';
import { body, queryOf, sending } from './helpers/api';
import { createAdminShop, type AdminShop } from './admin-test-data';
import { addCartLine, insertAddress } from './orders-test-data';
import { markDelivered, moveReturn, createReturn, shipOrder } from './helpers/order-staff';
import { createEventDispatcher } from '../src/subscribers';
import { changeBalance, checkLedgers, expirePoints, findLedgerMismatches } from '../src/modules/points/ledger';
import { runTransaction } from '../src/platform/request-context';
import { createTestApp, type TestApp } from './helpers/test-app';
import type { FixtureAccountKey } from './helpers/fixtures';

/** Points, the mall, frey coins and gift orders (docs/points.md) through the API on a migrated database. */
let shop: AdminShop;
let t: TestApp;
let addr: { a: number; b: number; c: number };

beforeAll(async () => {
  shop = await createAdminShop();
  t = shop.t;
  const f = t.fixtures.accounts;
  addr = {
    a: await insertAddress(t.db, f.aMain.companyId, f.aMain.id),
    b: await insertAddress(t.db, f.bMain.companyId, f.bMain.id, { isMain: true }),
    c: await insertAddress(t.db, f.cRegional.companyId, f.cRegional.id, { isMain: true }),
  };
}, 60_000);
afterAll(() => t?.close());

const points = (who: FixtureAccountKey, path: string, payload?: object, method: 'GET' | 'POST' = 'POST') =>
  t.injectAs(who, { url: `/api/Shop.Points/${path}`, ...sending(method, payload ?? {}) });
const gift = (who: FixtureAccountKey, path: string, query: Record<string, string | number>) =>
  t.injectAs(who, {
    url: `/api/Shop.Gift/${path}`,
    query: queryOf(query),
  });
const order = (who: FixtureAccountKey, payload: object) =>
  t.injectAs(who, { method: 'POST', url: '/api/Shop.Order/add', payload });
const admin = (who: 'admin' | 'service' | 'catalog', method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.asStaff(who, { method, url: `/api/admin${url}`, payload });
const deliver = () => createEventDispatcher(t.db).drain();

async function balances(companyId: number) {
  const { rows } = await t.db.execute(sql`select a.points, a.frey_coin,
      (select coalesce(sum(change), 0)::int from points_ledger l where l.company_id = a.company_id) as ledger,
      (select coalesce(sum(change), 0)::int from frey_coin_ledger l where l.company_id = a.company_id) as coin_ledger
    from points_accounts a where a.company_id = ${companyId}`);
  const r = rows[0] as Record<string, unknown> | undefined;
  return {
    points: Number(r?.points ?? 0),
    coins: Number(r?.frey_coin ?? 0),
    ledger: Number(r?.ledger ?? 0),
    coinLedger: Number(r?.coin_ledger ?? 0),
  };
}

/** Gives a company points (a staff adjustment through the ledger) or coins. */
async function grant(companyId: number, kind: 'points' | 'coin', change: number) {
  await runTransaction(t.db, (tx) =>
    changeBalance(tx, {
      kind,
      companyId,
      change,
      cause: 'adjustment',
      note: 'test',
      expiresAt: kind === 'points' ? pointsExpireAt(new Date()) : null,
    }),
  );
}

async function newItem(input: Partial<{ name: string; points_price: number; stock: number; on_shelf: number }> = {}) {
  const res = await admin('service', 'POST', '/points/items', {
    name: input.name ?? '车载吸尘器',
    description: '12V 车载',
    pic: '/media/points/vacuum.svg',
    points_price: input.points_price ?? 100,
    stock: input.stock ?? 10,
    on_shelf: input.on_shelf ?? 1,
    sort: 1,
  });
  const b = body<MallItem>(res);
  expect(b.status, res.body).toBe(200);
  return b.data;
}

describe('the brand switch and who may use points', () => {
  it('answers 该功能未开通 on every points and gift call where the brand has points off, and refuses coins on orders', async () => {
    const off = await createTestApp({ env: { BRAND: 'partsky' } });
    try {
      for (const url of ['/api/Shop.Points/index', '/api/Shop.Gift/list', '/api/Shopv2.Points/getProductList']) {
        expect(body(await off.injectAs('aMain', { url })).msg).toBe('该功能未开通');
      }
      expect(body(await off.injectAs('aMain', { method: 'POST', url: '/api/Shop.Points/signIn' })).msg).toBe(
        '该功能未开通',
      );
      const coins = body<MaxFreyCoin>(
        await off.injectAs('aMain', { method: 'POST', url: '/api/Shop.Order/getUserMaxFreyCoin', payload: {} }),
      );
      expect(coins.data).toEqual({ max_frey_coin: 0, frey_coin: 0, deduction_ratio: 0 });
      const gifts = await off.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/add',
        payload: { points_cart_id: '1', address_id: 1 },
      });
      expect(body(gifts).msg).toBe('该功能未开通');
    } finally {
      await off.close();
    }
  }, 120_000); // a second shop starts inside the test

  it('refuses sub-accounts (points are the main account’s) and merges no points lines into their cart', async () => {
    expect(body(await points('aSub', 'index', {}, 'GET')).msg).toBe(POINTS_TEXTS.moduleMainOnly);
    expect(body(await points('aSub', 'signIn')).msg).toBe(POINTS_TEXTS.moduleMainOnly);
    expect(body(await points('aSub', 'exchangeFreyCoin', { frey_coin: 1 })).msg).toBe(POINTS_TEXTS.moduleMainOnly);
    const coins = body<MaxFreyCoin>(
      await t.injectAs('aSub', { method: 'POST', url: '/api/Shop.Order/getUserMaxFreyCoin', payload: {} }),
    );
    expect(coins.data.frey_coin).toBe(0);
    const cart = body<CartList>(
      await t.injectAs('aSub', { method: 'POST', url: '/api/Shop.Cart/getList', payload: {} }),
    );
    expect(cart.data.points_cart_list).toEqual([]);
  });

  it('lets only staff with points.manage keep the mall, and refuses bad input in Chinese', async () => {
    const denied = await admin('catalog', 'POST', '/points/items', { name: 'x', points_price: 1, stock: 1 });
    expect(denied.statusCode).toBe(403);
    const nul = body(
      await admin('service', 'POST', '/points/items', { name: '吸尘\u0000器', points_price: 1, stock: 1 }),
    );
    expect(nul.status).toBe(400);
    expect(nul.msg).toContain('空字符');
    const price = body(await admin('service', 'POST', '/points/items', { name: '坐垫', points_price: 0, stock: 1 }));
    expect(price.msg).toContain('积分价格必须是正整数');
  });
});

describe('sign-in', () => {
  it('gives 5 points once per China day with a ledger entry; twenty at once make one entry', async () => {
    const c = t.fixtures.accounts.cRegional;
    const answers = await Promise.all(Array.from({ length: 20 }, () => points('cRegional', 'signIn')));
    const statuses = answers.map((r) => body(r).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.map((r) => body(r).msg).filter((m) => m === POINTS_TEXTS.alreadySignedIn)).toHaveLength(19);
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n from points_ledger where company_id = ${c.companyId} and cause = 'sign_in'`,
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(1);
    const b = await balances(c.companyId);
    expect(b.points).toBe(5);
    expect(b.ledger).toBe(5);
    const overview = body<PointsOverview>(await points('cRegional', 'index', {}, 'GET')).data;
    expect(overview.points).toBe(5);
    expect(overview.todaySignedIn).toBe(1);
    expect(overview.signed_days).toContain(Number(overview.today.slice(8, 10)));
    expect(overview.fullname).toBe('天津安达汽配商行');
    expect(overview.rule_description).toContain('每日签到');
  });
});

describe('the points mall, its cart and gift orders', () => {
  it('keeps a points cart per company: add, add again, one less, set, list, delete; another company’s line is not found', async () => {
    const item = await newItem({ name: '保温杯', points_price: 50, stock: 5 });
    const list = body<PointsProductList>(await points('aMain', 'getProductList', { page: 1, limit: 50 }, 'GET')).data;
    expect(list.list.map((i) => i.l_name_zh)).toContain('保温杯');
    const first = body<PointsCartLine>(
      await points('aMain', 'addPointsCart', { points_product_id: item.id, quantity: 2 }),
    );
    expect(first.status).toBe(200);
    const again = body<PointsCartLine>(await points('aMain', 'addPointsCart', { points_product_id: item.id }));
    expect(again.data.quantity).toBe(3);
    expect(body(await points('aMain', 'addPointsCart', { points_product_id: item.id, quantity: 3 })).msg).toBe(
      POINTS_TEXTS.itemNoStock,
    );
    const less = body<PointsCartLine>(
      await points('aMain', 'decPointsCartNumber', { points_cart_id: first.data.points_cart_id }),
    );
    expect(less.data.quantity).toBe(2);
    const set = body<PointsCartLine>(
      await points('aMain', 'updatePointsCartQuantity', { points_cart_id: first.data.points_cart_id, quantity: 4 }),
    );
    expect(set.data.quantity).toBe(4);
    expect(body(await points('aMain', 'updatePointsCartQuantity', { points_cart_id: 1, quantity: 'x' })).msg).toContain(
      POINTS_TEXTS.quantity,
    );
    const cart = body<PointsCartList>(await points('aMain', 'pointsCartList', { page: 1, limit: 999 }, 'GET')).data;
    expect(cart.list.map((l) => [l.l_name_zh, l.quantity])).toEqual([['保温杯', 4]]);
    const merged = body<CartList>(
      await t.injectAs('aMain', { method: 'POST', url: '/api/Shop.Cart/getList', payload: {} }),
    );
    expect(merged.data.points_cart_list).toEqual([
      {
        points_cart_id: first.data.points_cart_id,
        points_product_id: item.id,
        l_name_zh: '保温杯',
        pic: '/media/points/vacuum.svg',
        customer_sale_price: '50',
        quantity: 4,
        stock: 5,
      },
    ]);
    // Company B cannot see, change or delete A's line.
    expect(body(await points('bMain', 'decPointsCartNumber', { points_cart_id: first.data.points_cart_id })).msg).toBe(
      POINTS_TEXTS.cartNotFound,
    );
    expect(body(await points('bMain', 'delPointsCart', { ids: String(first.data.points_cart_id) }, 'GET')).msg).toBe(
      POINTS_TEXTS.cartNotFound,
    );
    expect(
      body<PointsCartList>(await points('bMain', 'pointsCartList', { page: 1, limit: 999 }, 'GET')).data.list,
    ).toEqual([]);
    expect(body(await points('aMain', 'delPointsCart', { ids: String(first.data.points_cart_id) }, 'GET')).status).toBe(
      200,
    );
    expect(
      body<PointsCartList>(await points('aMain', 'pointsCartList', { page: 1, limit: 999 }, 'GET')).data.total,
    ).toBe(0);
  });

  it('orders points lines as a gift order: points spent, stock taken, cart emptied; a repeat answers the first; staff ship; the dealer confirms', async () => {
    const a = t.fixtures.accounts.aMain;
    const item = await newItem({ name: '洗车毛巾', points_price: 30, stock: 3 });
    await grant(a.companyId, 'points', 100);
    const before = await balances(a.companyId);
    const line = body<PointsCartLine>(
      await points('aMain', 'addPointsCart', { points_product_id: item.id, quantity: 2 }),
    ).data;
    const payload = { points_cart_id: String(line.points_cart_id), address_id: addr.a, remark: '随便' };
    const placed = body<AddOrderResponse>(await order('aMain', payload));
    expect(placed.status, placed.msg).toBe(200);
    expect(placed.data.gift_order_id).toBeGreaterThan(0);
    expect(placed.data.points_total).toBe(60);
    const repeat = body<AddOrderResponse>(await order('aMain', payload));
    expect(repeat.data).toMatchObject({ repeated: 1, gift_order_id: placed.data.gift_order_id });
    const after = await balances(a.companyId);
    expect(after.points).toBe(before.points - 60);
    expect(after.ledger).toBe(after.points);
    const stock = await t.db.execute(sql`select stock from points_mall_items where id = ${item.id}`);
    expect(Number((stock.rows[0] as { stock: number }).stock)).toBe(1);
    expect(
      body<PointsCartList>(await points('aMain', 'pointsCartList', { page: 1, limit: 999 }, 'GET')).data.total,
    ).toBe(0);

    const giftId = placed.data.gift_order_id!;
    const list = body<GiftList>(await gift('aMain', 'list', { page: 1, limit: 20 })).data;
    expect(list.list[0]).toMatchObject({
      gift_id: giftId,
      status: 'pending_shipment',
      status_cn: '待发货',
      points_total: 60,
    });
    // Gift orders are the main account's (decision 0049): a sub-account, purchase or not, is refused on each route.
    for (const who of ['aSub', 'aPurchase'] as const) {
      for (const [path, query] of [
        ['list', { page: 1, limit: 20 }],
        ['detail', { gift_id: giftId }],
        ['export', {}],
      ] as const) {
        expect(body(await gift(who, path, query)).msg, `${who} ${path}`).toBe(POINTS_TEXTS.moduleMainOnly);
      }
    }
    expect(body(await gift('bMain', 'detail', { gift_id: giftId })).msg).toBe(POINTS_TEXTS.giftNotFound);
    expect(body<GiftList>(await gift('bMain', 'list', { page: 1, limit: 20 })).data.total).toBe(0);
    expect(body(await gift('aMain', 'confirmReceipt', { gift_id: giftId })).msg).toBe(POINTS_TEXTS.giftNotShipped);

    const shipped = body<AdminGift>(
      await admin('service', 'POST', `/points/gifts/${giftId}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1234567' }),
    );
    expect(shipped.data.status).toBe('shipped');
    expect(
      body(await admin('service', 'POST', `/points/gifts/${giftId}/ship`, { carrier: '顺丰', tracking_no: 'X' })).msg,
    ).toBe('该赠品订单不是待发货状态');
    expect(body(await gift('bMain', 'confirmReceipt', { gift_id: giftId })).msg).toBe(POINTS_TEXTS.giftNotFound);
    for (const who of ['aSub', 'aPurchase'] as const) {
      expect(body(await gift(who, 'confirmReceipt', { gift_id: giftId })).msg).toBe(POINTS_TEXTS.moduleMainOnly);
    }
    expect(body(await gift('aMain', 'confirmReceipt', { gift_id: giftId })).msg).toBe(POINTS_TEXTS.giftReceived);
    expect(body(await gift('aMain', 'confirmReceipt', { gift_id: giftId })).msg).toBe(POINTS_TEXTS.giftAlreadyReceived);
    const detail = body<GiftDetail>(await gift('aMain', 'detail', { gift_id: giftId })).data;
    expect(detail).toMatchObject({ status: 'received', carrier: '顺丰速运', tracking_no: 'SF1234567', remark: '随便' });
    expect(detail.items).toEqual([
      {
        points_product_id: item.id,
        l_name_zh: '洗车毛巾',
        pic: '/media/points/vacuum.svg',
        points_price: 30,
        quantity: 2,
        points_amount: 60,
      },
    ]);
    expect(detail.address?.address_id).toBe(addr.a);

    const file = await gift('aMain', 'export', {});
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getRow(2).values as unknown[];
    expect(values).toContain('洗车毛巾');

    const audit = body<AuditListResponse>(await admin('admin', 'GET', `/audit?action=points.gift.ship`));
    expect(audit.data.list.some((e) => e.entity_id === String(giftId))).toBe(true);
  });

  it('refuses a gift order the points cannot pay, changing nothing', async () => {
    const b = t.fixtures.accounts.bMain;
    const item = await newItem({ name: '车衣', points_price: 500, stock: 3 });
    const line = body<PointsCartLine>(await points('bMain', 'addPointsCart', { points_product_id: item.id })).data;
    const before = await balances(b.companyId);
    expect(body(await order('bMain', { points_cart_id: String(line.points_cart_id), address_id: addr.b })).msg).toBe(
      POINTS_TEXTS.notEnoughPoints,
    );
    expect(await balances(b.companyId)).toEqual(before);
    const stock = await t.db.execute(sql`select stock from points_mall_items where id = ${item.id}`);
    expect(Number((stock.rows[0] as { stock: number }).stock)).toBe(3);
    expect(
      body<PointsCartList>(await points('bMain', 'pointsCartList', { page: 1, limit: 999 }, 'GET')).data.total,
    ).toBe(1);
    expect(body<GiftList>(await gift('bMain', 'list', { page: 1, limit: 20 })).data.total).toBe(0);
    // Another company's address is not found either.
    expect(body(await order('bMain', { points_cart_id: String(line.points_cart_id), address_id: addr.a })).msg).toBe(
      POINTS_TEXTS.addressNotFound,
    );
  });
});

describe('points lines in the cart', () => {
  it('merges the main account’s points lines into the cart answer with the item, its picture and stock', async () => {
    const item = await newItem({ name: '购物车里的赠品', points_price: 15, stock: 7 });
    const line = body<PointsCartLine>(
      await points('bMain', 'addPointsCart', { points_product_id: item.id, quantity: 2 }),
    ).data;
    const cart = body<CartList>(
      await t.injectAs('bMain', { method: 'POST', url: '/api/Shop.Cart/getList', payload: {} }),
    ).data;
    expect(cart.points_cart_list.find((l) => l.points_cart_id === line.points_cart_id)).toEqual({
      points_cart_id: line.points_cart_id,
      points_product_id: item.id,
      l_name_zh: '购物车里的赠品',
      pic: '/media/points/vacuum.svg',
      customer_sale_price: '15',
      quantity: 2,
      stock: 7,
    });
    // Another company's cart shows none of it.
    const other = body<CartList>(
      await t.injectAs('aMain', { method: 'POST', url: '/api/Shop.Cart/getList', payload: {} }),
    ).data;
    expect(other.points_cart_list.some((l) => l.points_cart_id === line.points_cart_id)).toBe(false);
    await points('bMain', 'delPointsCart', { ids: line.points_cart_id }, 'GET');
  });
});

describe('a gift order placed with a parts order', () => {
  const itemStock = async (id: number) =>
    Number(
      ((await t.db.execute(sql`select stock from points_mall_items where id = ${id}`)).rows[0] as { stock: number })
        .stock,
    );
  const giftStatus = async (id: number) =>
    String(
      ((await t.db.execute(sql`select status from gift_orders where id = ${id}`)).rows[0] as { status: string }).status,
    );
  const placeBoth = async (itemId: number, quantity: number) => {
    const a = t.fixtures.accounts.aMain;
    const partLine = await addCartLine(t.db, a, shop.ids.p1, 1, 1);
    const line = body<PointsCartLine>(
      await points('aMain', 'addPointsCart', { points_product_id: itemId, quantity }),
    ).data;
    const placed = body<AddOrderResponse>(
      await order('aMain', {
        pd_cart_ids: String(partLine),
        points_cart_id: String(line.points_cart_id),
        address_id: addr.a,
      }),
    );
    expect(placed.status, placed.msg).toBe(200);
    expect(placed.data.order_id).toBeGreaterThan(0);
    expect(placed.data.gift_order_id).toBeGreaterThan(0);
    return { orderId: placed.data.order_id, giftId: placed.data.gift_order_id! };
  };
  const cancelAs = (who: FixtureAccountKey, orderId: number) =>
    t.injectAs(who, { method: 'POST', url: '/api/Shop.Order/cancelOrder', payload: { order_id: orderId } });

  it('is cancelled with it in the same transaction (points and mall stock back, once) when two cancels race', async () => {
    const a = t.fixtures.accounts.aMain;
    const item = await newItem({ name: '随单赠品-毛巾', points_price: 40, stock: 5 });
    await grant(a.companyId, 'points', 200);
    const before = await balances(a.companyId);
    const { orderId, giftId } = await placeBoth(item.id, 2);
    expect((await balances(a.companyId)).points).toBe(before.points - 80);
    expect(await itemStock(item.id)).toBe(3);

    const answers = await Promise.all([cancelAs('aMain', orderId), cancelAs('aMain', orderId)]).then((r) =>
      r.map((x) => body(x)),
    );
    const done = answers.filter((x) => x.status === 200);
    expect(done).toHaveLength(1);
    expect(done[0]!.msg).toContain('已一并取消，积分已退回');
    expect(answers.filter((x) => x.status !== 200).map((x) => x.msg)).toEqual(['订单已发货或已结束，不能取消']);
    expect(await giftStatus(giftId)).toBe('cancelled');
    expect(await itemStock(item.id)).toBe(5);
    const after = await balances(a.companyId);
    expect(after.points).toBe(before.points);
    expect(after.ledger).toBe(after.points);
    const entries = await t.db.execute(sql`select change from points_ledger
      where company_id = ${a.companyId} and gift_order_id = ${giftId} and cause = 'gift_cancelled'`);
    expect(entries.rows).toEqual([{ change: 80 }]);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
    const listed = body<GiftList>(await gift('aMain', 'list', { page: 1, limit: 20, status: 'cancelled' })).data;
    expect(listed.list.find((g) => g.gift_id === giftId)).toMatchObject({ status_cn: '已取消' });
    // Staff cannot ship a cancelled gift.
    expect(
      body(await admin('service', 'POST', `/points/gifts/${giftId}/ship`, { carrier: '顺丰', tracking_no: 'SF1' })).msg,
    ).toBe('该赠品订单不是待发货状态');
  });

  it('stays when it has shipped, and the cancel says so (staff cancel too)', async () => {
    const a = t.fixtures.accounts.aMain;
    const item = await newItem({ name: '随单赠品-香薰', points_price: 25, stock: 4 });
    await grant(a.companyId, 'points', 100);
    const { orderId, giftId } = await placeBoth(item.id, 1);
    const shipped = body(
      await admin('service', 'POST', `/points/gifts/${giftId}/ship`, { carrier: '顺丰速运', tracking_no: 'SF77' }),
    );
    expect(shipped.status, shipped.msg).toBe(200);
    const before = await balances(a.companyId);
    const { rows } = await t.db
      .execute(sql`select orders_no, (select gift_no from gift_orders where id = ${giftId}) as gift_no
      from orders where id = ${orderId}`);
    const r = rows[0] as { orders_no: string; gift_no: string };
    const cancelled = body(await admin('service', 'POST', `/orders/${r.orders_no}/cancel`, { reason: '客户要求' }));
    expect(cancelled.status, cancelled.msg).toBe(200);
    expect(cancelled.msg).toBe(`订单已取消，库存已退回；随单赠品订单 ${r.gift_no} 已发货，不随订单取消`);
    expect(await giftStatus(giftId)).toBe('shipped');
    expect(await itemStock(item.id)).toBe(3);
    expect((await balances(a.companyId)).points).toBe(before.points);
  });
});

describe('frey coins', () => {
  it('exchanges points for coins: 50 at once against a balance that pays for 10 → exactly 10, balance 0, ledgers sum', async () => {
    const buyer = await t.db.execute(sql`insert into companies (name) values ('兑换测试汽配') returning id`);
    const companyId = Number((buyer.rows[0] as { id: number }).id);
    const acc = await t.db.execute(sql`insert into accounts (company_id, username, phone, password_hash, is_main)
      select ${companyId}, 'ex_main', '13800000077', password_hash, 1 from accounts where username = 'a_main' returning id`);
    expect(acc.rows).toHaveLength(1);
    const token = await t.login('13800000077');
    await grant(companyId, 'points', 100);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/Shop.Points/exchangeFreyCoin',
          payload: { frey_coin: 1 },
          headers: t.auth(token),
        }),
      ),
    );
    const bodies = results.map((r) => body(r));
    expect(bodies.filter((b) => b.status === 200)).toHaveLength(10);
    expect(bodies.filter((b) => b.msg === POINTS_TEXTS.notEnoughPoints)).toHaveLength(40);
    const after = await balances(companyId);
    expect(after).toEqual({ points: 0, coins: 10, ledger: 0, coinLedger: 10 });
    const lots = await t.db.execute(
      sql`select coalesce(sum(remaining), 0)::int as n from points_ledger where company_id = ${companyId}`,
    );
    expect(Number((lots.rows[0] as { n: number }).n)).toBe(0);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('takes coins off an order within the ratio and the balance, shows them on the detail, refuses above either with nothing changed, returns them on cancel', async () => {
    const c = t.fixtures.accounts.cRegional;
    await grant(c.companyId, 'coin', 50);
    const price = Number(
      (
        (
          await t.db.execute(
            sql`select amount from product_prices where product_id = ${shop.ids.p3} order by price_key limit 1`,
          )
        ).rows[0] as { amount: string }
      ).amount,
    );
    const stockOf = async () =>
      Number(
        (
          (
            await t.db.execute(
              sql`select available from product_stocks where product_id = ${shop.ids.p3} and warehouse_id = 1`,
            )
          ).rows[0] as { available: number }
        ).available,
      );
    // 2 units: the goods total is 2 × price; 20% of it is the most coins.
    const line = await addCartLine(t.db, c, shop.ids.p3, 1, 2);
    const limit = Math.floor((2 * price * 20) / 100);
    const max = body<MaxFreyCoin>(
      await t.injectAs('cRegional', {
        method: 'POST',
        url: '/api/Shop.Order/getUserMaxFreyCoin',
        payload: { amount: (2 * price).toFixed(2) },
      }),
    ).data;
    expect(max).toEqual({ max_frey_coin: Math.min(limit, 50), frey_coin: 50, deduction_ratio: 0.2 });
    const stock = await stockOf();
    const coinsBefore = await balances(c.companyId);

    const aboveRatio = body(
      await order('cRegional', {
        pd_cart_ids: String(line),
        address_id: addr.c,
        frey_coin: limit + 1,
        deduction_ratio: 0.2,
      }),
    );
    expect(aboveRatio.msg).toBe(limit + 1 > 50 ? POINTS_TEXTS.notEnoughCoins : POINTS_TEXTS.coinsAboveRatio);
    await grant(c.companyId, 'coin', 100);
    const aboveRatioAgain = body(
      await order('cRegional', { pd_cart_ids: String(line), address_id: addr.c, frey_coin: limit + 1 }),
    );
    expect(aboveRatioAgain.msg).toBe(POINTS_TEXTS.coinsAboveRatio);
    const aboveBalance = body(
      await order('cRegional', { pd_cart_ids: String(line), address_id: addr.c, frey_coin: 151 }),
    );
    expect([POINTS_TEXTS.notEnoughCoins, POINTS_TEXTS.coinsAboveRatio]).toContain(aboveBalance.msg);
    expect(await stockOf()).toBe(stock);
    expect((await balances(c.companyId)).coins).toBe(coinsBefore.coins + 100);
    const still = await t.db.execute(sql`select count(*)::int as n from cart_items where id = ${line}`);
    expect(Number((still.rows[0] as { n: number }).n)).toBe(1);
    const ordersBefore = await t.db.execute(
      sql`select count(*)::int as n from orders where company_id = ${c.companyId}`,
    );

    const placed = body<AddOrderResponse>(
      await order('cRegional', { pd_cart_ids: String(line), address_id: addr.c, frey_coin: 10 }),
    );
    expect(placed.status, placed.msg).toBe(200);
    expect(placed.data.frey_coin).toBe(10);
    expect((await balances(c.companyId)).coins).toBe(coinsBefore.coins + 100 - 10);
    const ordersAfter = await t.db.execute(
      sql`select count(*)::int as n from orders where company_id = ${c.companyId}`,
    );
    expect(Number((ordersAfter.rows[0] as { n: number }).n)).toBe(
      Number((ordersBefore.rows[0] as { n: number }).n) + 1,
    );
    const detail = body<OrderDetail>(
      await t.injectAs('cRegional', {
        url: '/api/Shop.Order/getDetail',
        query: { order_id: String(placed.data.order_id) },
      }),
    ).data;
    expect(detail.frey_coin).toBe(10);
    expect(detail.frey_coin_amount).toBe('10.00');
    expect(detail.pay_amount).toBe((2 * price - 10).toFixed(2));
    // Another company cannot read it.
    expect(
      body(
        await t.injectAs('bMain', {
          url: '/api/Shop.Order/getDetail',
          query: { order_id: String(placed.data.order_id) },
        }),
      ).status,
    ).toBe(201);

    const cancelled = body(
      await t.injectAs('cRegional', {
        method: 'POST',
        url: '/api/Shop.Order/cancelOrder',
        payload: { order_id: placed.data.order_id },
      }),
    );
    expect(cancelled.status).toBe(200);
    await deliver();
    await deliver();
    const back = await balances(c.companyId);
    expect(back.coins).toBe(coinsBefore.coins + 100);
    expect(back.coinLedger).toBe(back.coins);
  });
});

describe('points for delivered orders, taken back for returns', () => {
  it('grants a point per 10 yuan when every package is received and takes back the returned goods’ points', async () => {
    const a = t.fixtures.accounts.aMain;
    const ordersNo = await shop.placeOrder([{ part: 'p6', quantity: 5 }]);
    const total = Number(
      (
        (await t.db.execute(sql`select total_amount from orders where orders_no = ${ordersNo}`)).rows[0] as {
          total_amount: string;
        }
      ).total_amount,
    );
    const before = await balances(a.companyId);
    const { deliveryNos } = await shipOrder(t.db, {
      ordersNo,
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
      packages: 1,
    });
    await deliver();
    expect((await balances(a.companyId)).points).toBe(before.points);
    await markDelivered(t.db, deliveryNos[0]!);
    await deliver();
    await deliver();
    const earned = Math.floor(total / 10);
    const mid = await balances(a.companyId);
    expect(mid.points).toBe(before.points + earned);
    const entry = await t.db.execute(sql`select change, balance_after, expires_at from points_ledger
      where company_id = ${a.companyId} and cause = 'order_delivered' order by id desc limit 1`);
    expect(Number((entry.rows[0] as { change: number }).change)).toBe(earned);
    expect(Number((entry.rows[0] as { balance_after: number }).balance_after)).toBe(mid.points);

    const { returnNo } = await createReturn(t.db, {
      ordersNo,
      reason: '不合适',
      items: [{ productId: shop.ids.p6, quantity: 2 }],
    });
    await moveReturn(t.db, returnNo, 'accept');
    await moveReturn(t.db, returnNo, 'complete');
    await deliver();
    await deliver();
    const unit = total / 5;
    const after = await balances(a.companyId);
    expect(after.points).toBe(mid.points - Math.floor((2 * unit) / 10));
    expect(after.ledger).toBe(after.points);
    const ledger = body<LedgerList>(
      await points('aMain', 'myPointsList', { page: 1, limit: 50, cause: 'order_returned' }, 'GET'),
    ).data;
    expect(ledger.list).toHaveLength(1);
    expect(ledger.list[0]!.cause_cn).toBe('订单退货扣回');
    // Company B's ledger shows none of A's entries.
    const bLedger = body<LedgerList>(await points('bMain', 'myPointsList', { page: 1, limit: 50 }, 'GET')).data;
    expect(bLedger.list.some((e) => e.cause === 'order_delivered')).toBe(false);
  });
});

describe('expiry in China time', () => {
  it('keeps points through their last China day and takes them out at the next China midnight, oldest first', async () => {
    const buyer = await t.db.execute(sql`insert into companies (name) values ('过期测试汽配') returning id`);
    const companyId = Number((buyer.rows[0] as { id: number }).id);
    // Earned 2025-03-10 23:59:59 China time (15:59:59 UTC) and 2025-03-11 00:00:00 China time.
    const late = new Date('2025-03-10T15:59:59Z');
    const next = new Date('2025-03-10T16:00:00Z');
    await runTransaction(t.db, async (tx) => {
      await changeBalance(
        tx,
        { kind: 'points', companyId, change: 30, cause: 'adjustment', note: 'a', expiresAt: pointsExpireAt(late) },
        late,
      );
      await changeBalance(
        tx,
        { kind: 'points', companyId, change: 20, cause: 'adjustment', note: 'b', expiresAt: pointsExpireAt(next) },
        next,
      );
    });
    // Spending 10 uses the older lot.
    await runTransaction(t.db, (tx) =>
      changeBalance(tx, { kind: 'points', companyId, change: -10, cause: 'exchange', note: 'spend' }, next),
    );
    // 2026-03-10 23:59:59 China time: nothing expired yet.
    expect(await expirePoints(t.db, new Date('2026-03-10T15:59:59Z'))).toBe(0);
    // 2026-03-11 00:00:00 China time: the first lot's remaining 20 go.
    expect(await expirePoints(t.db, new Date('2026-03-10T16:00:00Z'))).toBe(20);
    expect(await expirePoints(t.db, new Date('2026-03-10T16:00:00Z'))).toBe(0);
    expect((await balances(companyId)).points).toBe(20);
    // The next China day ends the second lot.
    expect(await expirePoints(t.db, new Date('2026-03-11T15:59:59Z'))).toBe(0);
    expect(await expirePoints(t.db, new Date('2026-03-11T16:00:00Z'))).toBe(20);
    const b = await balances(companyId);
    expect(b).toMatchObject({ points: 0, ledger: 0 });
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n from points_ledger where company_id = ${companyId} and cause = 'expired'`,
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(2);
  });
});

describe('staff: the ledger of a company, adjustments, the ledger check', () => {
  it('adjusts with a reason (audited), never below 0, and the check reports a ledger that does not sum', async () => {
    const b = t.fixtures.accounts.bMain;
    expect(
      body(await admin('service', 'POST', `/points/companies/${b.companyId}/adjust`, { change: 10, reason: '' })).msg,
    ).toContain(POINTS_TEXTS.reasonRequired);
    const added = body<CompanyPoints>(
      await admin('service', 'POST', `/points/companies/${b.companyId}/adjust`, { change: 40, reason: '活动补偿' }),
    );
    expect(added.status).toBe(200);
    const balance = added.data.points;
    expect(added.data.ledger.list[0]).toMatchObject({
      change: 40,
      balance_after: balance,
      cause: 'adjustment',
      note: '活动补偿',
    });
    expect(
      body(
        await admin('service', 'POST', `/points/companies/${b.companyId}/adjust`, {
          change: -(balance + 1),
          reason: '扣减',
        }),
      ).msg,
    ).toBe('扣减后积分不能小于 0');
    expect((await balances(b.companyId)).points).toBe(balance);
    const audit = body<AuditListResponse>(await admin('admin', 'GET', `/audit?action=points.adjust`));
    expect(audit.data.list.some((e) => e.entity_id === String(b.companyId))).toBe(true);

    await checkLedgers(t.db);
    await t.db.execute(sql`update points_accounts set points = points + 1 where company_id = ${b.companyId}`);
    await expect(checkLedgers(t.db)).rejects.toThrow(`company ${b.companyId} points`);
    await t.db.execute(sql`update points_accounts set points = points - 1 where company_id = ${b.companyId}`);
    await checkLedgers(t.db);
  });
});
