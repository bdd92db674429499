import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyReturnResponse, OrderDetail, ReturnDetail } from '@shop/core/api/orders';
import { createEventDispatcher } from '../src/subscribers';
import { markDelivered, moveReturn, shipOrder } from './helpers/order-staff';
import { createStaffedShop, type createShop } from './orders-shop';
import { body } from './helpers/api';
import { multipartFiles, SAMPLE_FILES } from './helpers/multipart';
import { placeOrderOfA, stockOf } from './orders-test-data';
import type { StaffClient } from './helpers/staff';
import type { TestApp } from './helpers/test-app';

/** A dealer's return request from an order's detail (POST applyReturn, docs/orders.md 'Purchase returns'). */
let t: TestApp;
let ids: Awaited<ReturnType<typeof createShop>>['ids'];
let address: number;
let staff: StaffClient;

beforeAll(async () => {
  ({ t, ids, staff, address } = await createStaffedShop());
}, 60_000);
afterAll(() => t?.close());

type Who = Parameters<TestApp['injectAs']>[0];
const apply = (who: Who, payload: object) =>
  t.injectAs(who, { method: 'POST', url: '/api/Shop.Order/applyReturn', payload });
/** Asks to return a quantity of one line of an order. */
const applyLine = (who: Who, orderId: number, orderItemId: number, quantity: number, reason = '发错货') =>
  apply(who, { order_id: orderId, items: [{ order_item_id: orderItemId, quantity }], reason });
const returnDetail = async (returnId: number) =>
  body<ReturnDetail>(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Order/getReturnOrderDetail',
      payload: { return_id: returnId },
    }),
  ).data;
const detail = async (orderId: number) =>
  body<OrderDetail>(await t.injectAs('aMain', { method: 'GET', url: `/api/Shop.Order/getDetail?order_id=${orderId}` }))
    .data;

/** An order of aMain of p1 × 5 and p2 × 3 (Guangzhou); with `ship`, shipped, and with `receive`, p1's package received. */
async function order(opts: { ship?: boolean; receive?: boolean } = {}) {
  const placed = await placeOrderOfA(t, address, [
    [ids.p1, 5],
    [ids.p2, 3],
  ]);
  const orderId = placed.order_id;
  if (opts.ship) {
    // Two packages: all 5 of p1, then 3 of p2.
    const ship = (trackingNo: string, productId: number, quantity: number) =>
      shipOrder(t.db, {
        ordersNo: placed.orders_no,
        carrier: '顺丰',
        trackingNo,
        packages: 1,
        items: [{ productId, quantity }],
      });
    const shipped = await ship('SF10001', ids.p1, 5);
    await ship('SF10002', ids.p2, 3);
    if (opts.receive) await markDelivered(t.db, shipped.deliveryNos[0]!);
  }
  const lines = (await detail(orderId)).items;
  return {
    orderId,
    ordersNo: placed.orders_no,
    p1: lines.find((l) => l.product_id === ids.p1)!,
    p2: lines.find((l) => l.product_id === ids.p2)!,
  };
}

describe('a dealer asks for a return', () => {
  it('returns received units only, at most what is left, and creates a return waiting for review', async () => {
    const o = await order({ ship: true, receive: true });
    expect(o.p1.returnable_quantity).toBe(5);
    // p2 is shipped but its package is not received yet.
    expect(o.p2.returnable_quantity).toBe(0);

    const refusals: [line: typeof o.p1, quantity: number, reason: string, refusal: string][] = [
      [o.p2, 1, '发错货', '只能退已签收的商品'],
      [o.p1, 6, '发错货', '最多 5 件'],
      [o.p1, 1, ' ', '请填写退货原因'],
    ];
    for (const [line, quantity, reason, refusal] of refusals) {
      const refused = body(await applyLine('aMain', o.orderId, line.order_item_id, quantity, reason));
      expect(refused.status).toBe(201);
      expect(refused.msg).toContain(refusal);
    }

    const badQuantity = await applyLine('aMain', o.orderId, o.p1.order_item_id, 0);
    expect(badQuantity.statusCode).toBe(400);

    const ok = body<ApplyReturnResponse>(await applyLine('aMain', o.orderId, o.p1.order_item_id, 2, '  型号不符 '));
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.msg).toBe('退货申请已提交，请等待审核');
    expect(ok.data.return_no).toMatch(/^TH\d{14}$/);
    expect(ok.data.repeated).toBe(0);

    const ret = await returnDetail(ok.data.return_id);
    expect(ret).toMatchObject({ status: 'pending_review', status_cn: '待审核', reason: '型号不符', source: 'dealer' });
    expect(ret.total_amount).toBe((2 * Number(o.p1.price)).toFixed(2));
    expect(ret.items.map((i) => [i.product_id, i.quantity])).toEqual([[ids.p1, 2]]);
    // The open request counts: 3 left.
    expect((await detail(o.orderId)).items.find((l) => l.product_id === ids.p1)!.returnable_quantity).toBe(3);
    const again = body(await applyLine('aMain', o.orderId, o.p1.order_item_id, 4));
    expect(again.msg).toContain('最多 3 件');

    // The event reaches the dealer as a message.
    const [event] = (
      await t.db.execute(sql`select payload from domain_events where type = 'return.requested'
        and (payload->>'returnId')::int = ${ok.data.return_id}`)
    ).rows as { payload: { by: string } }[];
    expect(event?.payload.by).toBe('dealer');
    await createEventDispatcher(t.db).drain();
    const messages = (
      await t.db.execute(
        sql`select tip_word as body from messages where order_id = ${o.orderId} and tip_name = '退货申请已提交'`,
      )
    ).rows as { body: string }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain(ok.data.return_no);
  });

  it('answers another company’s order and line as not found, and lines of another order too', async () => {
    const o = await order({ ship: true, receive: true });
    const foreign = body(await applyLine('bMain', o.orderId, o.p1.order_item_id, 1));
    expect(foreign).toMatchObject({ status: 201, msg: '订单不存在' });
    const other = await order();
    const wrongOrder = body(await applyLine('aMain', other.orderId, o.p1.order_item_id, 1));
    expect(wrongOrder).toMatchObject({ status: 201, msg: '订单中没有该商品' });
  });

  it('answers a double submit with the first request (same request key), also when both arrive at once', async () => {
    const o = await order({ ship: true, receive: true });
    const payload = {
      order_id: o.orderId,
      items: [{ order_item_id: o.p1.order_item_id, quantity: 2 }],
      reason: '质量问题',
      request_key: 'ret-key-0001',
    };
    const [first, second] = (await Promise.all([apply('aMain', payload), apply('aMain', payload)])).map((r) =>
      body<ApplyReturnResponse>(r),
    );
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(first!.data.return_id).toBe(second!.data.return_id);
    expect([first!.data.repeated, second!.data.repeated].sort()).toEqual([0, 1]);
    const [n] = (await t.db.execute(sql`select count(*)::int as n from return_orders where order_id = ${o.orderId}`))
      .rows as { n: number }[];
    expect(Number(n!.n)).toBe(1);
  });

  it('takes up to 3 pictures (images only), shows them to the company only', async () => {
    const o = await order({ ship: true, receive: true });
    const fields = {
      order_id: String(o.orderId),
      items: JSON.stringify([{ order_item_id: o.p1.order_item_id, quantity: 1 }]),
      reason: '外包装破损',
    };
    const png = { field: 'pictures', filename: '破损.png', contentType: 'image/png', content: SAMPLE_FILES.png };
    const tooMany = body(
      await t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/applyReturn',
        ...multipartFiles(fields, [png, png, png, png]),
      }),
    );
    expect(tooMany).toMatchObject({ status: 201, msg: '最多上传 3 张图片' });
    const video = body(
      await t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/applyReturn',
        ...multipartFiles(fields, [{ ...png, filename: 'a.mp4', contentType: 'video/mp4', content: SAMPLE_FILES.mp4 }]),
      }),
    );
    expect(video.status).toBe(201);
    expect(video.msg).toContain('只能上传图片');

    const res = body<ApplyReturnResponse>(
      await t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/applyReturn',
        ...multipartFiles(fields, [
          png,
          { ...png, filename: '2.jpg', contentType: 'image/jpeg', content: SAMPLE_FILES.jpeg },
        ]),
      }),
    );
    expect(res.status, res.msg).toBe(200);
    const ret = await returnDetail(res.data.return_id);
    expect(ret.pictures).toHaveLength(2);
    const picture = await t.injectAs('aMain', { method: 'GET', url: ret.pictures[1]! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(SAMPLE_FILES.jpeg)).toBe(true);
    const foreign = body(await t.injectAs('bMain', { method: 'GET', url: ret.pictures[0]! }));
    expect(foreign.status).toBe(201);
  });

  it('staff refuse or accept it; a refused request frees its units, an accepted one returns stock when completed', async () => {
    const o = await order({ ship: true, receive: true });
    const ask = async (quantity: number) =>
      body<ApplyReturnResponse>(await applyLine('aMain', o.orderId, o.p1.order_item_id, quantity)).data.return_no;
    const first = await ask(5);
    await moveReturn(t.db, first, 'refuse', '已超过退货期');
    expect((await detail(o.orderId)).items.find((l) => l.product_id === ids.p1)!.returnable_quantity).toBe(5);
    const second = await ask(4);
    await moveReturn(t.db, second, 'accept');
    await expect(moveReturn(t.db, second, 'refuse', '重复')).rejects.toThrow('退货单状态不允许该操作');
    const before = await stockOf(t.db, ids.p1, 1);
    await moveReturn(t.db, second, 'complete');
    expect(await stockOf(t.db, ids.p1, 1)).toBe(before + 4);
    const line = (await detail(o.orderId)).items.find((l) => l.product_id === ids.p1)!;
    expect([line.returned_quantity, line.returnable_quantity]).toEqual([4, 1]);
    await createEventDispatcher(t.db).drain();
    const kinds = (
      await t.db.execute(
        sql`select tip_name, tip_word as body, number from messages where order_id = ${o.orderId} and category_id = 2
          order by id`,
      )
    ).rows as { tip_name: string; body: string; number: string }[];
    expect(kinds.map((k) => k.tip_name)).toEqual([
      '退货申请已提交',
      '退货申请被拒绝',
      '退货申请已提交',
      '退货申请已同意',
      '退货已完成',
    ]);
    expect(kinds.map((k) => k.number)).toEqual([first, first, second, second, second]);
    expect(kinds[1]!.body).toBe(`退货单 ${first}：退货申请被拒绝（已超过退货期）。`);
  });
});

/**
 * Races (meaningful on PostgreSQL, TEST_DATABASE_URL; PGlite runs one transaction at a time):
 * requests for the same received units sent at once (two tabs: different request keys), and two
 * staff moving one return at once. The order's and the return's row locks put them in a line.
 */
describe('racing requests', () => {
  beforeAll(async () => {
    // Enough stock for the rounds' orders.
    await t.db.execute(sql`update product_stocks set available = 1000 where product_id in (${ids.p1}, ${ids.p2})`);
  });
  const review = (returnNo: string, move: 'accept' | 'refuse' | 'complete') =>
    staff
      .asStaff('service', {
        method: 'POST',
        url: `/api/admin/returns/${returnNo}/${move}`,
        payload: { note: move === 'refuse' ? '不符合退货条件' : '' },
      })
      .then((r) => body(r));
  const openUnits = async (orderItemId: number) =>
    Number(
      (
        (
          await t.db.execute(sql`select coalesce(sum(ri.quantity), 0)::int as n from return_order_items ri
            join return_orders r on r.id = ri.return_order_id
            where ri.order_item_id = ${orderItemId} and r.status in ('pending_review', 'accepted', 'completed')`)
        ).rows[0] as { n: number }
      ).n,
    );

  it('6 requests of 2 units at once (different keys) for 5 received units: at most 5 asked, the rest refused', async () => {
    const o = await order({ ship: true, receive: true });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        apply('aMain', {
          order_id: o.orderId,
          items: [{ order_item_id: o.p1.order_item_id, quantity: 2 }],
          reason: '质量问题',
          request_key: `ret-race-${o.orderId}-${i}`,
        }).then((r) => body(r)),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(201);
      expect(a.msg).toMatch(/^(退货数量超过可退数量（最多 1 件）|只能退已签收的商品)/);
    }
    expect(await openUnits(o.p1.order_item_id)).toBe(4);
    expect((await detail(o.orderId)).items.find((l) => l.product_id === ids.p1)!.returnable_quantity).toBe(1);
  }, 60_000);

  /** A received order and a request to return 3 of its p1 units. */
  const askedReturn = async () => {
    const o = await order({ ship: true, receive: true });
    const asked = body<ApplyReturnResponse>(await applyLine('aMain', o.orderId, o.p1.order_item_id, 3)).data;
    return { o, returnId: asked.return_id, returnNo: asked.return_no };
  };

  it('two staff accept and refuse one return at once: one move wins, the other is refused, one message', async () => {
    for (let n = 0; n < 5; n++) {
      const { returnId, returnNo } = await askedReturn();
      const [accept, refuse] = await Promise.all([review(returnNo, 'accept'), review(returnNo, 'refuse')]);
      expect([accept.status, refuse.status].sort()).toEqual([200, 201]);
      const loser = accept.status === 200 ? refuse : accept;
      expect(loser.msg).toBe(`退货单状态不允许该操作：${accept.status === 200 ? 'accepted' : 'refused'}`);
      const [events] = (
        await t.db.execute(sql`select count(*)::int as n from domain_events
          where type in ('return.accepted', 'return.refused') and (payload->>'returnId')::int = ${returnId}`)
      ).rows as { n: number }[];
      expect(events!.n).toBe(1);
    }
  }, 60_000);

  it('a return completed twice at once: its units go back to stock and count as returned once', async () => {
    for (let n = 0; n < 5; n++) {
      const { o, returnNo } = await askedReturn();
      expect((await review(returnNo, 'accept')).status).toBe(200);
      const before = await stockOf(t.db, ids.p1, 1);
      const answers = await Promise.all([review(returnNo, 'complete'), review(returnNo, 'complete')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
      expect(answers.find((a) => a.status === 201)!.msg).toBe('退货单状态不允许该操作：completed');
      expect(await stockOf(t.db, ids.p1, 1)).toBe(before + 3);
      expect((await detail(o.orderId)).items.find((l) => l.product_id === ids.p1)!.returned_quantity).toBe(3);
    }
  }, 60_000);
});
