import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditListResponse } from '@shop/core/api/admin';
import {
  MESSAGE_CATEGORY,
  MESSAGE_KEEP_DAYS,
  type Broadcast,
  type BroadcastList,
  type MessageMenu,
  type ReadTipResponse,
  type TipList,
} from '@shop/core/api/messages';
import { publish } from '../src/lib/events';
import { runTransaction } from '../src/platform/request-context';
import messagesModule from '../src/modules/messages/module';
import { publishOrderEvent } from '../src/modules/orders/notifications';
import type { MessageDelivery, RealtimePublisher } from '../src/realtime/publisher';
import { createEventDispatcher } from '../src/subscribers';
import { body } from './helpers/api';
import type { FixtureAccountKey } from './helpers/fixtures';
import { createAdminShop, type AdminShop, type StaffLogin } from './admin-test-data';
import { insertOneLineOrder, stockOf } from './orders-test-data';

/** The message centre: /api/Tip.Tip, the messages made from events, staff broadcasts, the retention job. */

/** What would have been pushed to the live connections. */
const pushed: MessageDelivery[] = [];
const cleared: number[][] = [];
/** When set, every push fails (e.g. Redis is down). */
let pushesFail = false;
const recording: RealtimePublisher = {
  pushMessages: async (deliveries) => {
    if (pushesFail) throw new Error('push failed');
    pushed.push(...deliveries);
  },
  clearPopups: async (accountIds) => {
    if (pushesFail) throw new Error('push failed');
    cleared.push([...accountIds]);
  },
  closeSessions: async () => {},
};

let s: AdminShop;
beforeAll(async () => {
  s = await createAdminShop();
  // The app's own hub, with what it is asked to push recorded (and made to fail on demand).
  const hub = s.t.app.realtime;
  const { pushMessages, clearPopups } = {
    pushMessages: hub.pushMessages.bind(hub),
    clearPopups: hub.clearPopups.bind(hub),
  };
  vi.spyOn(hub, 'pushMessages').mockImplementation(async (deliveries) => {
    await recording.pushMessages(deliveries);
    await pushMessages(deliveries);
  });
  vi.spyOn(hub, 'clearPopups').mockImplementation(async (accountIds) => {
    await recording.clearPopups(accountIds);
    await clearPopups(accountIds);
  });
}, 60_000);
afterAll(() => s?.t.close());

const account = (key: FixtureAccountKey) => s.t.fixtures.accounts[key];
const tip = (who: FixtureAccountKey, path: string, payload?: object) =>
  s.t.injectAs(who, { method: payload ? 'POST' : 'GET', url: `/api/Tip.Tip/${path}`, payload });
const list = async (who: FixtureAccountKey, payload: object = {}) => {
  const b = body<TipList>(await tip(who, 'shop_tip_list', payload));
  expect(b.status, b.msg).toBe(200);
  return b.data;
};
const menu = async (who: FixtureAccountKey) => body<MessageMenu>(await tip(who, 'menu_list')).data;
const admin = (who: StaffLogin, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.asStaff(who, { method, url: `/api/admin${url}`, payload });

/** Delivers the outbox's events as a server process does, pushing to the recording publisher. */
const deliver = () => createEventDispatcher(s.t.db, { realtime: s.t.app.realtime }).drain();
/** Makes every event of these types due again, as after a crash before it was marked dispatched. */
async function redeliver(...types: string[]): Promise<void> {
  await s.t.db.execute(sql`update domain_events set dispatched_at = null, available_at = now()
    where type = any(${sql.param(types)}::text[])`);
  await deliver();
}

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await s.t.db.execute(query)).rows as Row[];
}
/** Rows straight into the table (the list's filters and paging). */
async function insertMessages(
  who: FixtureAccountKey,
  values: { category: number; name: string; number?: string; at?: string }[],
) {
  const a = account(who);
  for (const v of values) {
    await s.t.db
      .execute(sql`insert into messages (company_id, account_id, category_id, tip_name, tip_description, tip_word,
      number, created_at) values (${a.companyId}, ${a.id}, ${v.category}, ${v.name}, ${v.name}, ${v.name},
      ${v.number ?? ''}, ${v.at ?? new Date().toISOString()}::timestamptz)`);
  }
}

describe('the dealer API', () => {
  beforeAll(async () => {
    await insertMessages('bSub', [
      { category: MESSAGE_CATEGORY.order, name: '订单已提交', number: 'SO1001', at: '2026-11-01T02:00:00Z' },
      { category: MESSAGE_CATEGORY.order, name: '订单已发货', number: 'SO1001', at: '2026-11-02T02:00:00Z' },
      { category: MESSAGE_CATEGORY.return, name: '退货申请已同意', number: 'TH2002', at: '2026-11-02T17:00:00Z' },
      { category: MESSAGE_CATEGORY.announcement, name: '春节放假通知', at: '2026-11-03T02:00:00Z' },
      { category: MESSAGE_CATEGORY.hidden, name: '内部', at: '2026-11-03T03:00:00Z' },
    ]);
  });

  it('menu_list: the shown categories with unread counts, never category 18', async () => {
    const m = await menu('bSub');
    expect(m.list.map((c) => c.id)).not.toContain(MESSAGE_CATEGORY.hidden);
    expect(m.list.find((c) => c.id === MESSAGE_CATEGORY.order)).toMatchObject({ name: '订单消息', unread_num: 2 });
    expect(m.list.find((c) => c.id === MESSAGE_CATEGORY.return)?.unread_num).toBe(1);
    expect(m.unread_total).toBe(4);
    // The newest message of the account (what the live client asks to be newer than).
    const [newest] = await rows(sql`select max(id) as id from messages where account_id = ${account('bSub').id}`);
    expect(m.last_tip_id).toBe(Number(newest!.id));
    expect((await menu('cRegional')).last_tip_id).toBe(0);
  });

  it('shop_tip_list: newest first, total, paging, filters', async () => {
    const all = await list('bSub');
    expect(all.total).toBe(4);
    expect(all.list.map((m) => m.tip_name)).toEqual(['春节放假通知', '退货申请已同意', '订单已发货', '订单已提交']);
    expect(all.list[0]).toMatchObject({ read: 0, create_time_text: '2026-11-03 10:00', category_id: 8 });

    const page2 = await list('bSub', { limit: 3, page: 2 });
    expect([page2.total, page2.list.map((m) => m.tip_name)]).toEqual([4, ['订单已提交']]);
    expect((await list('bSub', { limit: 3, page: 9 })).list).toEqual([]);
    expect((await list('bSub', { category_id: 1 })).list.map((m) => m.tip_name)).toEqual(['订单已发货', '订单已提交']);
    expect((await list('bSub', { tip_name: '退货' })).total).toBe(1);
    expect((await list('bSub', { number: 'so10' })).total).toBe(2);
    expect((await list('bSub', { tip_name: '%' })).total).toBe(0);
    // 2026-11-02T17:00Z is 11-03 01:00 in China.
    expect((await list('bSub', { adjust_price_time: '2026-11-03' })).list.map((m) => m.tip_name)).toEqual([
      '春节放假通知',
      '退货申请已同意',
    ]);
    const one = all.list[1]!;
    expect((await list('bSub', { tip_id: one.id })).list).toEqual([one]);
  });

  it('readTip type 1 marks one read; unread and read lists follow', async () => {
    const [first] = (await list('bSub', { category_id: 1 })).list;
    const r = body<ReadTipResponse>(await tip('bSub', 'readTip', { tip_id: first!.id, type: 1 }));
    expect([r.status, r.data]).toEqual([200, { unread_total: 3 }]);
    // Again: still read, nothing else changes.
    expect(body<ReadTipResponse>(await tip('bSub', 'readTip', { tip_id: first!.id, type: 1 })).data.unread_total).toBe(
      3,
    );
    expect((await list('bSub', { type: 2 })).list.map((m) => m.id)).toEqual([first!.id]);
    expect((await list('bSub', { type: 1 })).total).toBe(3);
    expect((await menu('bSub')).list.find((c) => c.id === 1)?.unread_num).toBe(1);
  });

  it('readTip type 2 marks all of a category, then all, and clears the popups', async () => {
    cleared.length = 0;
    const r = body<ReadTipResponse>(await tip('bSub', 'readTip', { type: 2, category_id: 1 }));
    expect(r.data.unread_total).toBe(2);
    expect((await list('bSub', { category_id: 1, type: 1 })).total).toBe(0);
    const all = body<ReadTipResponse>(await tip('bSub', 'readTip', { type: 2 }));
    expect(all.data.unread_total).toBe(0);
    expect((await menu('bSub')).unread_total).toBe(0);
    expect(cleared).toEqual([[account('bSub').id], [account('bSub').id]]);
  });

  it("another account's or another company's message is not found", async () => {
    const [mine] = (await list('bSub')).list;
    for (const who of ['bMain', 'aMain'] as const) {
      const read = body(await tip(who, 'readTip', { tip_id: mine!.id, type: 1 }));
      expect([read.status, read.msg]).toEqual([201, '无效的消息，请反馈']);
      const detail = body(await tip(who, 'shop_tip_list', { tip_id: mine!.id }));
      expect([detail.status, detail.msg]).toEqual([201, '无效的消息，请反馈']);
    }
    const none = body(await tip('bSub', 'readTip', { type: 1 }));
    expect(none.msg).toBe('无效的消息，请反馈');
  });

  it('bad input gets a clear Chinese parameter error', async () => {
    for (const payload of [
      { tip_id: 'abc', type: 1 },
      { tip_id: 1, type: 3 },
      { tip_id: 1e20, type: 1 },
    ]) {
      const b = body(await tip('bSub', 'readTip', payload));
      expect([b.status, b.msg]).toEqual([400, expect.stringMatching(/^请求参数错误/)]);
    }
    for (const payload of [
      { page: 1e9 },
      { limit: 1000 },
      { page: -1 },
      { adjust_price_time: '2026/11/03' },
      { tip_name: 'a\u0000b' },
      { category_id: 'x' },
    ]) {
      const res = await tip('bSub', 'shop_tip_list', payload);
      expect([res.statusCode, body(res).msg]).toEqual([400, expect.stringMatching(/请求参数错误|不允许|字符/)]);
    }
  });

  it('refuses without a login', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/Tip.Tip/menu_list' });
    expect(body(res).status).toBe(401);
  });
});

describe('messages from events', () => {
  it('an order of a sub-account: one message for it and one for the main account, once, even when delivered twice', async () => {
    const sub = account('aSub');
    const orderId = await insertOneLineOrder(s.t.db, {
      companyId: sub.companyId,
      accountId: sub.id,
      ordersNo: 'SO202001010000001',
      status: 'pending',
      productId: s.ids.p1,
      quantity: 1,
      price: '10.00',
    });
    pushed.length = 0;
    await runTransaction(s.t.db, (tx) =>
      publishOrderEvent(tx, {
        type: 'order.shipped',
        companyId: sub.companyId,
        accountId: sub.id,
        orderId,
        ordersNo: 'SO202001010000001',
        status: 'shipped',
        carrier: '顺丰',
        trackingNo: 'SF100',
        packages: 1,
        deliveryNos: ['FH1'],
      }),
    );
    await deliver();
    await redeliver('order.shipped');
    const written = await rows(sql`select account_id, category_id, tip_name, number, link, is_eject, order_id
      from messages where order_id = ${orderId} order by account_id`);
    expect(written).toEqual(
      [account('aMain').id, sub.id]
        .sort((x, y) => x - y)
        .map((id) => ({
          account_id: id,
          category_id: 1,
          tip_name: '订单已发货',
          number: 'SO202001010000001',
          link: `/profile/myorder/detail?id=${orderId}`,
          is_eject: 1,
          order_id: orderId,
        })),
    );
    expect(pushed.map((p) => p.accountId).sort()).toEqual([account('aMain').id, sub.id].sort());
    expect(pushed[0]!.message).toMatchObject({
      category_id: 1,
      tip_name: '订单已发货',
      is_eject: 1,
      order_id: orderId,
    });
    const mine = await list('aSub', { number: 'SO202001010000001' });
    expect(mine.list.map((m) => m.id)).toEqual(
      pushed.filter((p) => p.accountId === sub.id).map((p) => p.message.tip_id),
    );
  });

  it('an order placed by the main account: one message (small popup), not two', async () => {
    const ordersNo = await s.placeOrder([{ part: 'p2', quantity: 1 }]);
    await deliver();
    const written = await rows(sql`select account_id, pop_type, is_eject from messages where number = ${ordersNo}`);
    expect(written).toEqual([{ account_id: account('aMain').id, pop_type: 2, is_eject: 1 }]);
  });

  it('restock from 0: the reminder closed and its account told; from 3 to 5: nothing', async () => {
    const a = account('aMain');
    // p5 out of stock in Guangzhou: an order takes all of it.
    const emptying = await s.placeOrder([{ part: 'p5', quantity: 50 }]);
    expect(await stockOf(s.t.db, s.ids.p5, 1)).toBe(0);
    const asked = body(
      await s.t.injectAs('aSub', {
        method: 'POST',
        url: '/api/Shop.Subscription/add',
        payload: { product_id: s.ids.p5 },
      }),
    );
    expect(asked.status, asked.msg).toBe(200);
    // p6 down to 3, with a reminder left open from before.
    const lowering = await s.placeOrder([{ part: 'p6', quantity: 47 }]);
    await s.t.db.execute(sql`insert into restock_requests (account_id, company_id, product_id)
      values (${account('aSub').id}, ${a.companyId}, ${s.ids.p6})`);
    await deliver();
    pushed.length = 0;

    // Cancelling the orders puts their stock back: p5 0 -> 50, p6 3 -> 50.
    for (const ordersNo of [emptying, lowering]) {
      const [o] = await rows(sql`select id from orders where orders_no = ${ordersNo}`);
      const res = body(
        await s.t.injectAs('aMain', {
          method: 'POST',
          url: '/api/Shop.Order/cancelOrder',
          payload: { order_id: Number(o!.id) },
        }),
      );
      expect(res.status, res.msg).toBe(200);
    }
    await deliver();
    await redeliver('stock.arrived');
    const arrived = await rows(
      sql`select payload->>'productId' as product_id from domain_events where type = 'stock.arrived'`,
    );
    expect(arrived.map((r) => Number(r.product_id))).toEqual([s.ids.p5]);
    const restock = await rows(
      sql`select account_id, tip_name, number, link, is_eject from messages where category_id = 3`,
    );
    expect(restock).toEqual([
      {
        account_id: account('aSub').id,
        tip_name: '到货提醒',
        number: 'OT-1005',
        link: `/parts/details?id=${s.ids.p5}`,
        is_eject: 1,
      },
    ]);
    expect(pushed.filter((p) => p.message.category_id === 3).map((p) => p.accountId)).toEqual([account('aSub').id]);
    const reminders = await rows(sql`select product_id, notified_at is not null as closed from restock_requests
      where account_id = ${account('aSub').id} order by product_id`);
    expect(reminders).toEqual([
      { product_id: s.ids.p5, closed: true },
      { product_id: s.ids.p6, closed: false },
    ]);
  });

  it('restock in the Beijing warehouse tells only regional accounts (any way stock changes)', async () => {
    const c = account('cRegional');
    const sub = account('bSub');
    await s.t.db.execute(sql`update product_stocks set available = 0 where product_id = ${s.ids.p7}`);
    await s.t.db.execute(sql`insert into restock_requests (account_id, company_id, product_id) values
      (${c.id}, ${c.companyId}, ${s.ids.p7}), (${sub.id}, ${sub.companyId}, ${s.ids.p7})`);
    await s.t.db.execute(
      sql`update product_stocks set available = 4 where product_id = ${s.ids.p7} and warehouse_id = 2`,
    );
    await deliver();
    const told = await rows(sql`select account_id from messages where category_id = 3 and number = 'OT-1007'`);
    expect(told).toEqual([{ account_id: c.id }]);
    const open = await rows(
      sql`select account_id from restock_requests where product_id = ${s.ids.p7} and notified_at is null`,
    );
    expect(open).toEqual([{ account_id: sub.id }]);
  });

  it('a question answered by the staff: audited, one message for the asker, once', async () => {
    const asked = body(
      await s.t.injectAs('bSub', {
        method: 'POST',
        url: '/api/Shop.RelatedQuestions/add',
        payload: { product_id: s.ids.p3, ask_questions: '适配 2019 款吗？' },
      }),
    );
    expect(asked.status, asked.msg).toBe(200);
    const [q] = await rows(sql`select id from product_questions where account_id = ${account('bSub').id}`);
    const id = Number(q!.id);
    const refused = await admin('catalog', 'POST', `/questions/${id}/answer`, { reply_content: '适配' });
    expect([refused.statusCode, body(refused).msg]).toEqual([403, '无权限执行此操作']);
    const answered = body(
      await admin('service', 'POST', `/questions/${id}/answer`, { reply_content: '适配，放心购买' }),
    );
    expect([answered.status, answered.msg]).toEqual([200, '已回复']);
    const again = body(await admin('service', 'POST', `/questions/${id}/answer`, { reply_content: '重复' }));
    expect([again.status, again.msg]).toEqual([201, '该咨询已回复']);
    const missing = body(await admin('service', 'POST', `/questions/99999999/answer`, { reply_content: '好' }));
    expect(missing.msg).toBe('问题不存在');
    await deliver();
    await redeliver('question.answered');
    const written = await rows(sql`select account_id, tip_name, tip_word, number from messages where category_id = 4`);
    expect(written).toEqual([
      {
        account_id: account('bSub').id,
        tip_name: '咨询已回复',
        tip_word: '您的咨询：适配 2019 款吗？\n回复：适配，放心购买',
        number: 'OT-1003',
      },
    ]);
    const audit = body<AuditListResponse>(
      await admin('admin', 'GET', `/audit?entity_type=product_question&entity_id=${id}`),
    );
    expect(audit.data.list.map((e) => [e.action, e.after])).toEqual([
      ['questions.answer', { reply_content: '适配，放心购买', reply_pics: [] }],
    ]);
  });

  it('feedback and development replies: one message each for the account that wrote', async () => {
    const b = account('bMain');
    await runTransaction(s.t.db, (tx) =>
      publish(
        tx,
        {
          type: 'feedback.replied',
          companyId: b.companyId,
          accountId: b.id,
          feedbackId: 7,
          reply: '已修复，谢谢反馈',
        } as never,
        {
          type: 'development.replied',
          companyId: b.companyId,
          accountId: b.id,
          requestId: 9,
          partName: '雾灯',
          reply: '已立项',
        } as never,
      ),
    );
    await deliver();
    await redeliver('feedback.replied', 'development.replied');
    const written = await rows(
      sql`select account_id, tip_name, tip_word, link from messages where category_id = 6 order by id`,
    );
    expect(written).toEqual([
      {
        account_id: b.id,
        tip_name: '反馈已回复',
        tip_word: '您的反馈已回复：已修复，谢谢反馈',
        link: '/profile/feedback/detail?id=7',
      },
      {
        account_id: b.id,
        tip_name: '开发需求已回复',
        tip_word: '您提交的开发需求「雾灯」已回复：已立项',
        link: '/profile/product_develop/detail?id=9',
      },
    ]);
  });
});

describe('staff broadcast', () => {
  const request = (key: string, audience: object, extra: object = {}) => ({
    tip_name: '系统升级通知',
    tip_word: '本周六凌晨系统升级。\n期间暂停下单。',
    is_eject: 1,
    audience,
    request_key: key,
    ...extra,
  });
  const accountsOf = async (broadcastId: number) =>
    (await rows(sql`select account_id from messages where broadcast_id = ${broadcastId} order by account_id`)).map(
      (r) => Number(r.account_id),
    );
  const enabled = async (companyIds?: number[]) =>
    (
      await rows(sql`select id from accounts where deleted_at is null and not disabled
        ${companyIds ? sql`and company_id = any(${sql.param(companyIds)}::int[])` : sql``} order by id`)
    ).map((r) => Number(r.id));

  it('to every dealer: one message per enabled account, pushed, audited; the same key again sends nothing', async () => {
    pushed.length = 0;
    const res = body<Broadcast>(
      await admin('service', 'POST', '/messages/broadcast', request('all-0001', { type: 'all' })),
    );
    expect([res.status, res.msg]).toEqual([200, '消息已发送']);
    expect(res.data).toMatchObject({
      tip_description: '本周六凌晨系统升级。',
      recipients: (await enabled()).length,
      staff_name: '客服专员',
    });
    expect(await accountsOf(res.data.id)).toEqual(await enabled());
    expect(pushed.map((p) => p.accountId).sort((x, y) => x - y)).toEqual(await enabled());
    expect(pushed[0]!.message).toMatchObject({ category_id: 8, is_eject: 1, pop_type: 1, tip_name: '系统升级通知' });

    pushed.length = 0;
    const [again, twice] = await Promise.all([
      admin('service', 'POST', '/messages/broadcast', request('all-0001', { type: 'all' })),
      admin('service', 'POST', '/messages/broadcast', request('all-0001', { type: 'all' })),
    ]);
    expect(body<Broadcast>(again).data.id).toBe(res.data.id);
    expect(body<Broadcast>(twice).data.id).toBe(res.data.id);
    expect(pushed).toEqual([]);
    expect(await accountsOf(res.data.id)).toEqual(await enabled());
    const audit = body<AuditListResponse>(
      await admin('admin', 'GET', `/audit?entity_type=message_broadcast&entity_id=${res.data.id}`),
    );
    expect(audit.data.list).toHaveLength(1);
    expect(audit.data.list[0]).toMatchObject({
      action: 'messages.broadcast',
      after: { recipients: res.data.recipients },
    });
    const inbox = await list('bSub', { category_id: MESSAGE_CATEGORY.announcement, tip_name: '系统升级' });
    expect(inbox.total).toBe(1);
  });

  it("to a brand's companies and to chosen companies", async () => {
    const f = s.t.fixtures.companies;
    const brand = body<Broadcast>(
      await admin('admin', 'POST', '/messages/broadcast', request('brand-0001', { type: 'brand', brand: '奥迪' })),
    );
    expect(await accountsOf(brand.data.id)).toEqual(await enabled([f.b.id]));
    const chosen = body<Broadcast>(
      await admin(
        'admin',
        'POST',
        '/messages/broadcast',
        request('pick-0001', { type: 'companies', company_ids: [f.a.id, f.c.id] }),
      ),
    );
    expect(await accountsOf(chosen.data.id)).toEqual(await enabled([f.a.id, f.c.id]));
    expect(await accountsOf(chosen.data.id)).not.toContain(account('aDisabled').id);
    const unknown = body(
      await admin(
        'admin',
        'POST',
        '/messages/broadcast',
        request('pick-0002', { type: 'companies', company_ids: [99999999] }),
      ),
    );
    expect([unknown.status, unknown.msg]).toEqual([201, '公司不存在：99999999']);
    const nobody = body(
      await admin('admin', 'POST', '/messages/broadcast', request('brand-0002', { type: 'brand', brand: '不存在' })),
    );
    expect([nobody.status, nobody.msg]).toEqual([201, '没有可接收该消息的账号']);
    expect((await rows(sql`select id from message_broadcasts where request_key = 'brand-0002'`)).length).toBe(0);

    const listed = body<BroadcastList>(await admin('service', 'GET', '/messages/broadcasts?limit=2'));
    expect(listed.data.total).toBe(3);
    expect(listed.data.list.map((b) => b.id)).toEqual([chosen.data.id, brand.data.id]);
    expect(listed.data.list[0]!.audience).toEqual({ type: 'companies', company_ids: [f.a.id, f.c.id] });
  });

  it('refuses a role without the permission, and bad input', async () => {
    for (const who of ['catalog', 'finance'] as const) {
      const res = await admin(who, 'POST', '/messages/broadcast', request('deny-0001', { type: 'all' }));
      expect([res.statusCode, body(res).msg]).toEqual([403, '无权限执行此操作']);
      expect((await admin(who, 'GET', '/messages/broadcasts')).statusCode).toBe(403);
    }
    for (const bad of [
      request('bad-00001', { type: 'all' }, { tip_name: '' }),
      request('x', { type: 'all' }),
      request('bad-00002', { type: 'everyone' }),
      request('bad-00003', { type: 'companies', company_ids: [] }),
      request('bad-00004', { type: 'all' }, { tip_word: 'a'.repeat(5001) }),
    ]) {
      const res = await admin('admin', 'POST', '/messages/broadcast', bad);
      expect([res.statusCode, body(res).msg]).toEqual([400, expect.stringMatching(/^请求参数错误/)]);
    }
  });
});

describe('a failed push', () => {
  it('is not the request’s failure: the messages are committed all the same', async () => {
    pushesFail = true;
    try {
      const res = body<Broadcast>(
        await admin('admin', 'POST', '/messages/broadcast', {
          tip_name: '推送失败也已保存',
          tip_word: '内容',
          audience: { type: 'companies', company_ids: [s.t.fixtures.companies.b.id] },
          request_key: 'push-fail-0001',
        }),
      );
      expect([res.status, res.data.recipients]).toEqual([200, 2]);
      expect((await list('bSub', { tip_name: '推送失败' })).total).toBe(1);
      const read = body<ReadTipResponse>(await tip('bSub', 'readTip', { type: 2 }));
      expect([read.status, read.data.unread_total]).toEqual([200, 0]);
    } finally {
      pushesFail = false;
    }
  });
});

describe('the retention job', () => {
  it(`deletes messages older than ${MESSAGE_KEEP_DAYS} days, keeps the others`, async () => {
    const a = account('cRegional');
    await insertMessages('cRegional', [
      { category: 1, name: '很久以前', at: new Date(Date.now() - (MESSAGE_KEEP_DAYS + 1) * 86_400_000).toISOString() },
      { category: 1, name: '不久以前', at: new Date(Date.now() - (MESSAGE_KEEP_DAYS - 1) * 86_400_000).toISOString() },
    ]);
    const job = messagesModule.jobs?.find((j) => j.name === 'message-retention');
    expect(job?.intervalMs).toBe(24 * 60 * 60_000);
    expect(await job!.run(s.t.db, s.t.app.config)).toBeGreaterThanOrEqual(1);
    const left = await rows(sql`select tip_name from messages where account_id = ${a.id} and tip_name like '%以前'`);
    expect(left).toEqual([{ tip_name: '不久以前' }]);
  });
});
