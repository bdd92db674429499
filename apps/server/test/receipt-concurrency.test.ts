import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, queryOf, raceOutcome } from './helpers/api';
import { shipOrder } from './helpers/order-staff';
import type { StaffClient } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import { createStaffedShop, type ShopPart } from './orders-shop';
import { placeOrderOfA } from './orders-test-data';

/**
 * Package receipts racing (docs/orders.md, 'Staff actions'): the last two packages of an order
 * received at the same moment (the dealer's two clicks, or the dealer's and the staff's), and one
 * package received twice at once. The order completes exactly once, whoever is last; a second
 * receipt of one package is refused. Meaningful on PostgreSQL (TEST_DATABASE_URL): PGlite runs
 * one transaction at a time.
 */
const ROUNDS = 8;

let t: TestApp;
let staff: StaffClient;
let ids: Record<ShopPart, number>;
let address: number;

beforeAll(async () => {
  ({ t, ids, staff, address } = await createStaffedShop());
}, 60_000);
afterAll(() => t?.close());

/** An order of aMain with two lines (p1, p2), shipped in two packages: its id and the deliveries' ids and numbers. */
async function orderInTwoPackages(n: number) {
  const placed = await placeOrderOfA(t, address, [
    [ids.p1, 1],
    [ids.p2, 1],
  ]);
  const ordersNo = placed.orders_no;
  const ship = (items?: { productId: number; quantity: number }[]) =>
    shipOrder(t.db, { ordersNo, carrier: '顺丰', trackingNo: `SF${n}0000`, packages: 1, ...(items ? { items } : {}) });
  const [first] = (await ship([{ productId: ids.p1, quantity: 1 }])).deliveryNos;
  const [second] = (await ship()).deliveryNos;
  const rows = (
    await t.db.execute(sql`select id, delivery_no from deliveries where delivery_no in (${first!}, ${second!})
      order by id`)
  ).rows as { id: number; delivery_no: string }[];
  return {
    orderId: placed.order_id,
    ordersNo,
    deliveries: rows.map((r) => ({ id: Number(r.id), no: r.delivery_no })),
  };
}

const receive = (deliveryId: number) =>
  t
    .injectAs('aMain', { url: '/api/Shop.Order/packaReceipt', query: queryOf({ delivery_id: deliveryId }) })
    .then((r) => body(r));
const staffDeliver = (deliveryNo: string) =>
  staff.asStaff('service', { method: 'POST', url: `/api/admin/deliveries/${deliveryNo}/deliver` }).then((r) => body(r));

/** The order's status and how many order.completed / order.delivery_received events it published. */
async function outcome(orderId: number) {
  const [r] = (
    await t.db.execute(sql`select o.status,
        (select count(*)::int from domain_events e where e.type = 'order.completed'
          and (e.payload->>'orderId')::int = o.id) as completed_events,
        (select count(*)::int from deliveries d where d.order_id = o.id and d.status = 'received') as received
      from orders o where o.id = ${orderId}`)
  ).rows as { status: string; completed_events: number; received: number }[];
  return r;
}

/** `race` on ROUNDS fresh orders in two packages (their numbers from `first`). */
async function onFreshOrders(
  first: number,
  race: (o: Awaited<ReturnType<typeof orderInTwoPackages>>) => Promise<void>,
) {
  for (let n = 0; n < ROUNDS; n++) await race(await orderInTwoPackages(first + n));
}

describe('the last two packages of an order received at once', () => {
  it('by the dealer (two clicks): both are received and the order completes once', async () => {
    await onFreshOrders(0, async (o) => {
      const answers = await Promise.all(o.deliveries.map((d) => receive(d.id)));
      expect(answers.map((a) => [a.status, a.msg])).toEqual([
        [200, '已确认收货'],
        [200, '已确认收货'],
      ]);
      expect(await outcome(o.orderId)).toEqual({ status: 'completed', completed_events: 1, received: 2 });
    });
  }, 120_000);

  it('one by the dealer, one by staff: the order completes once', async () => {
    await onFreshOrders(100, async (o) => {
      const answers = await Promise.all([receive(o.deliveries[0]!.id), staffDeliver(o.deliveries[1]!.no)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await outcome(o.orderId)).toEqual({ status: 'completed', completed_events: 1, received: 2 });
    });
  }, 120_000);
});

describe("the dealer's 'confirm completion' racing with the packages' receipts", () => {
  it('answers every request (no deadlock, no 500) and completes the order once', async () => {
    await onFreshOrders(300, async (o) => {
      const complete = t
        .injectAs('aMain', {
          url: '/api/Shop.Order/changeStatus',
          query: queryOf({ order_id: o.orderId, status: 'completed' }),
        })
        .then((r) => body(r));
      const answers = await Promise.all([receive(o.deliveries[0]!.id), staffDeliver(o.deliveries[1]!.no), complete]);
      for (const a of answers) expect([200, 201], a.msg).toContain(a.status);
      // Whoever comes later finds the work done: '该包裹已签收', or '订单已完成' for the order.
      expect([answers[2]!.status, answers[2]!.msg]).toEqual(
        answers[2]!.status === 200 ? [200, '已确认收货'] : [201, '订单已完成'],
      );
      expect(await outcome(o.orderId)).toEqual({ status: 'completed', completed_events: 1, received: 2 });
    });
  }, 120_000);
});

describe('one package received twice at once', () => {
  it('by the dealer and staff: one receipt, the other refused in Chinese; the order completes once', async () => {
    await onFreshOrders(200, async (o) => {
      expect((await receive(o.deliveries[0]!.id)).status).toBe(200);
      const last = o.deliveries[1]!;
      const answers = await Promise.all([receive(last.id), staffDeliver(last.no), receive(last.id)]);
      expect(raceOutcome(answers)).toEqual({ passed: 1, refused: ['201 该包裹已签收', '201 该包裹已签收'] });
      const [events] = (
        await t.db.execute(sql`select count(*)::int as n from domain_events
        where type = 'order.delivery_received' and (payload->>'orderId')::int = ${o.orderId}`)
      ).rows as { n: number }[];
      expect(events!.n).toBe(2);
      expect(await outcome(o.orderId)).toEqual({ status: 'completed', completed_events: 1, received: 2 });
    });
  }, 120_000);
});
