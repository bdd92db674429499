import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOrderResponse } from '@shop/core/api/orders';
import type { MallItem, MallItemInput } from '@shop/core/api/points';
import { POINTS_TEXTS, pointsExpireAt } from '@shop/core/points-rules';
import { changeBalance, findLedgerMismatches } from '../src/modules/points/ledger';
import { runTransaction } from '../src/platform/request-context';
import { createAdminShop, type AdminShop } from './admin-test-data';
import { body, raceOutcome } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { addCartLine, createBuyers, sessionFor, type Buyer } from './orders-test-data';

/**
 * The points mall under concurrency (docs/points.md, 'Gift orders'): gift orders racing for an
 * item's last units and for a company's last points, and a parts order's cancel racing the
 * staff's shipment of its gift. Nothing is granted twice, stock and balances never go below 0
 * and every balance equals its ledger. The races are real on PostgreSQL (TEST_DATABASE_URL);
 * PGlite runs one transaction at a time.
 */
let shop: AdminShop;
let t: TestApp;
/** 20 buyers for the first race, one each for the other two (each its own company). */
let buyers: Buyer[];

beforeAll(async () => {
  shop = await createAdminShop();
  t = shop.t;
  buyers = await createBuyers(t.db, 22, 'gift');
}, 60_000);
afterAll(() => t?.close());

type Row = Record<string, unknown>;

async function newItem(name: string, pointsPrice: number, stock: number): Promise<number> {
  const [r] = (
    await t.db.execute(sql`insert into points_mall_items (name, points_price, stock)
      values (${name}, ${pointsPrice}, ${stock}) returning id`)
  ).rows as Row[];
  return Number(r!.id);
}

/** Buyer number `index`, granted `points` first. */
async function buyerWithPoints(index: number, points: number) {
  const b = buyers[index]!;
  await grantPoints(b.companyId, points);
  return b;
}

async function grantPoints(companyId: number, change: number) {
  await runTransaction(t.db, (tx) =>
    changeBalance(tx, {
      kind: 'points',
      companyId,
      change,
      cause: 'adjustment',
      note: 'test',
      expiresAt: pointsExpireAt(new Date()),
    }),
  );
}

async function pointsCartLine(companyId: number, accountId: number, itemId: number, quantity = 1): Promise<number> {
  const [r] = (
    await t.db.execute(sql`insert into points_cart_items (company_id, account_id, item_id, quantity)
      values (${companyId}, ${accountId}, ${itemId}, ${quantity}) returning id`)
  ).rows as Row[];
  return Number(r!.id);
}

const giftOrder = (token: string, payload: object) =>
  t.app
    .inject({ method: 'POST', url: '/api/Shop.Order/add', headers: { authorization: token }, payload })
    .then((r) => body<AddOrderResponse>(r));

const one = async (query: ReturnType<typeof sql>) => ((await t.db.execute(query)).rows as Row[])[0]!;

describe('gift orders racing for the last units of an item', () => {
  it('20 companies order an item of 5 at once: exactly 5 gift orders, stock 0, the others refused and charged nothing', async () => {
    const item = await newItem('并发赠品-雨伞', 100, 5);
    const twenty = buyers.slice(0, 20);
    for (const b of twenty) await grantPoints(b.companyId, 500);
    const lines = await Promise.all(twenty.map((b) => pointsCartLine(b.companyId, b.accountId, item)));
    const answers = await Promise.all(
      twenty.map((b, i) => giftOrder(b.token, { points_cart_id: String(lines[i]), address_id: b.addressId })),
    );
    expect(raceOutcome(answers)).toEqual({
      passed: 5,
      refused: Array.from({ length: 15 }, () => `201 ${POINTS_TEXTS.itemNoStock}：并发赠品-雨伞`),
    });
    const companies = twenty.map((b) => b.companyId);
    expect(
      await one(sql`select (select stock from points_mall_items where id = ${item}) as stock,
        (select count(*)::int from gift_orders where company_id = any(${sql.param(companies)}::int[])) as gifts,
        (select count(*)::int from points_cart_items where item_id = ${item}) as lines_left,
        (select sum(points)::int from points_accounts where company_id = any(${sql.param(companies)}::int[])) as points`),
    ).toEqual({ stock: 0, gifts: 5, lines_left: 15, points: 20 * 500 - 5 * 100 });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  }, 120_000);
});

describe("gift orders racing for a company's last points", () => {
  it('10 gift orders of 100 points at once against 300 points: exactly 3, balance 0, the rest refused', async () => {
    const b = await buyerWithPoints(20, 300);
    const items = await Promise.all(Array.from({ length: 10 }, (_, i) => newItem(`并发赠品-${i}`, 100, 10)));
    const orders = await Promise.all(
      items.map(async (item) => ({
        line: await pointsCartLine(b.companyId, b.accountId, item),
        token: await sessionFor(t.db, b.accountId, b.companyId),
      })),
    );
    const answers = await Promise.all(
      orders.map((o) => giftOrder(o.token, { points_cart_id: String(o.line), address_id: b.addressId })),
    );
    expect(raceOutcome(answers)).toEqual({
      passed: 3,
      refused: Array.from({ length: 7 }, () => `201 ${POINTS_TEXTS.notEnoughPoints}`),
    });
    expect(
      await one(sql`select (select points from points_accounts where company_id = ${b.companyId}) as points,
        (select count(*)::int from gift_orders where company_id = ${b.companyId}) as gifts,
        (select sum(10 - stock)::int from points_mall_items where id = any(${sql.param(items)}::int[])) as units_taken`),
    ).toEqual({ points: 0, gifts: 3, units_taken: 3 });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  }, 120_000);
});

describe("a parts order's cancel racing the staff's shipment of its gift", () => {
  it('either the gift ships and stays, or it is cancelled with its points and stock back once, never both', async () => {
    const b = await buyerWithPoints(21, 10_000);
    const item = await newItem('并发赠品-毛巾', 50, 100);
    const outcomes = new Set<string>();
    for (let n = 0; n < 10; n++) {
      const partLine = await addCartLine(t.db, b!, shop.ids.p1, 1, 1);
      const line = await pointsCartLine(b.companyId, b.accountId, item, 2);
      const placed = await giftOrder(b.token, {
        pd_cart_ids: String(partLine),
        points_cart_id: String(line),
        address_id: b.addressId,
      });
      expect(placed.status, placed.msg).toBe(200);
      const giftId = placed.data.gift_order_id!;
      const [cancel, ship] = await Promise.all([
        t.app
          .inject({
            method: 'POST',
            url: '/api/Shop.Order/cancelOrder',
            headers: { authorization: b.token },
            payload: { order_id: placed.data.order_id },
          })
          .then((r) => body(r)),
        shop
          .asStaff('service', {
            method: 'POST',
            url: `/api/admin/points/gifts/${giftId}/ship`,
            payload: { carrier: '顺丰', tracking_no: `SF${n}12345` },
          })
          .then((r) => body(r)),
      ]);
      expect(cancel.status, cancel.msg).toBe(200);
      const gift = await one(sql`select status,
          (select count(*)::int from points_ledger where gift_order_id = ${giftId} and cause = 'gift_cancelled') as refunds
        from gift_orders where id = ${giftId}`);
      if (ship.status === 200) {
        expect(gift).toEqual({ status: 'shipped', refunds: 0 });
        expect(cancel.msg).toContain('已发货，不随订单取消');
      } else {
        expect([ship.status, ship.msg]).toEqual([201, '该赠品订单不是待发货状态']);
        expect(gift).toEqual({ status: 'cancelled', refunds: 1 });
      }
      outcomes.add(String(gift.status));
    }
    const shipped = Number(
      (
        await one(
          sql`select count(*)::int as n from gift_orders where company_id = ${b.companyId} and status = 'shipped'`,
        )
      ).n,
    );
    expect(
      await one(sql`select (select stock from points_mall_items where id = ${item}) as stock,
        (select points from points_accounts where company_id = ${b.companyId}) as points`),
    ).toEqual({ stock: 100 - 2 * shipped, points: 10_000 - 100 * shipped });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  }, 120_000);
});

describe("staff's manual adjustment submitted twice", () => {
  it('the same form sent 5 times at once adjusts once (one entry, one audit entry); another form adjusts again', async () => {
    const b = buyers[19]!;
    const adjust = (key: string) =>
      shop
        .asStaff('service', {
          method: 'POST',
          url: `/api/admin/points/companies/${b.companyId}/adjust`,
          payload: { kind: 'points', change: 40, reason: '活动补偿', request_key: key },
        })
        .then((r) => body<{ points: number }>(r));
    const before = Number(
      (await one(sql`select points from points_accounts where company_id = ${b.companyId}`)).points,
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => adjust('adjust-form-0001')));
    expect(answers.map((a) => [a.status, a.data.points])).toEqual(Array(5).fill([200, before + 40]));
    expect((await adjust('adjust-form-0002')).data.points).toBe(before + 80);
    expect(
      await one(sql`select (select count(*)::int from points_ledger where company_id = ${b.companyId}
          and cause = 'adjustment' and note = '活动补偿') as entries,
        (select count(*)::int from audit_log where action = 'points.adjust' and entity_id = ${String(b.companyId)}) as audits`),
    ).toEqual({ entries: 2, audits: 2 });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  }, 60_000);
});

describe('staff saving a mall item from a figure shown earlier', () => {
  it('keeps the gift orders made since (before and at the same moment); a stale stock change is refused', async () => {
    const created = body<MallItem>(
      await shop.asStaff('service', {
        method: 'POST',
        url: '/api/admin/points/items',
        payload: { name: '并发赠品-水杯', points_price: 100, stock: 10 },
      }),
    ).data;
    const six = buyers.slice(0, 6);
    for (const b of six) await grantPoints(b.companyId, 100);
    const order = (b: Buyer) =>
      pointsCartLine(b.companyId, b.accountId, created.id).then((line) =>
        giftOrder(b.token, { points_cart_id: String(line), address_id: b.addressId }),
      );
    // The list shows 10; two gifts are ordered before the staff save, four at the same moment.
    for (const b of six.slice(0, 2)) expect((await order(b)).status).toBe(200);
    const save = (change: Partial<MallItemInput>) =>
      shop
        .asStaff('service', {
          method: 'POST',
          url: `/api/admin/points/items/${created.id}`,
          payload: { ...created, expected_stock: created.stock, ...change },
        })
        .then((r) => body<MallItem>(r));
    const [renamed, ...answers] = await Promise.all([
      save({ name: '并发赠品-保温杯' }),
      ...six.slice(2).map((b) => order(b)),
    ]);
    expect(renamed!.status, renamed!.msg).toBe(200);
    const placed = 2 + answers.filter((a) => a.status === 200).length;
    const stockNow = async () =>
      Number((await one(sql`select stock from points_mall_items where id = ${created.id}`)).stock);
    expect(await stockNow()).toBe(10 - placed);
    expect(await save({ stock: 20 })).toMatchObject({ status: 201, msg: '库存已被他人修改，请刷新后再保存' });
    expect((await save({ stock: 20, expected_stock: 10 - placed })).data.stock).toBe(20);
  }, 60_000);
});
