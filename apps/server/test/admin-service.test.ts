import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { AdminOrderDetail, AdminOrderListResponse } from '@shop/core/api/admin';
import type { AdminFeedbackList } from '@shop/core/api/feedback';
import type { BroadcastAudienceOptions } from '@shop/core/api/messages';
import type { QuestionList } from '@shop/core/api/parts';
import type { AdminQuestion, AdminQuestionList, AnswerPictureUpload, ServiceQueue } from '@shop/core/api/service';
import { createEventDispatcher } from '../src/subscribers';
import { body } from './helpers/api';
import type { FixtureAccountKey } from './helpers/fixtures';
import { auditOf } from './helpers/staff';
import { multipartForm, SAMPLE_FILES } from './helpers/multipart';
import { type StaffLogin, useAdminShop } from './admin-test-data';
import { stockOf } from './orders-test-data';

/**
 * The back office's service area (queue, read marks, questions with pictures) and the staff's
 * order cancel with a reason, against the real server and database.
 */
const s = useAdminShop();

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => (await s.t.db.execute(query)).rows as Row[];
const account = (key: FixtureAccountKey) => s.t.fixtures.accounts[key];
const get = (who: StaffLogin, url: string) => s.asStaff(who, { method: 'GET', url: `/api/admin${url}` });
const post = (who: StaffLogin, url: string, payload: object = {}) =>
  s.asStaff(who, { method: 'POST', url: `/api/admin${url}`, payload });
const deliver = () => createEventDispatcher(s.t.db, { realtime: s.t.app.realtime }).drain();

async function ask(who: FixtureAccountKey, productId: number, text: string): Promise<number> {
  const res = body(
    await s.t.injectAs(who, {
      method: 'POST',
      url: '/api/Shop.RelatedQuestions/add',
      payload: { product_id: productId, ask_questions: text, type: 1 },
    }),
  );
  expect(res.status, res.msg).toBe(200);
  const [q] = await rows(sql`select max(id) as id from product_questions where account_id = ${account(who).id}`);
  return Number(q!.id);
}

async function insertFeedback(who: FixtureAccountKey, text: string, minutesAgo = 0): Promise<number> {
  const a = account(who);
  const [r] = await rows(sql`insert into feedback (company_id, account_id, text, created_at)
    values (${a.companyId}, ${a.id}, ${text}, now() - ${minutesAgo} * interval '1 minute') returning id`);
  return Number(r!.id);
}

async function insertRequest(who: FixtureAccountKey, partName: string, minutesAgo = 0): Promise<number> {
  const a = account(who);
  const [r] = await rows(sql`insert into development_requests (company_id, account_id, part_name, monthly_quantity,
      description, created_at)
    values (${a.companyId}, ${a.id}, ${partName}, 20, '需要这个件', now() - ${minutesAgo} * interval '1 minute')
    returning id`);
  return Number(r!.id);
}

const queue = async (query = '') => {
  const b = body<ServiceQueue>(await get('service', `/service/queue?limit=100${query}`));
  expect(b.status, b.msg).toBe(200);
  return b.data;
};
const keyOf = (i: { kind: string; id: number }) => `${i.kind}:${i.id}`;

describe('the service queue', () => {
  test('merges the three kinds, waiting first (longest waiting on top), with waiting time and unread by staff', async () => {
    const question = await ask('aSub', s.ids.p1, '这个件适配 2020 款吗？');
    await s.t.db.execute(
      sql`update product_questions set created_at = now() - interval '90 minutes' where id = ${question}`,
    );
    const feedback = await insertFeedback('bMain', '网站搜索太慢', 30);
    const request = await insertRequest('aMain', '后视镜总成', 600);
    const answered = await insertFeedback('aMain', '已经解决的问题', 5);
    expect(body(await post('service', `/feedback/${answered}/reply`, { content: '谢谢反馈' })).status).toBe(200);

    const all = await queue();
    const mine = all.list.filter((i) =>
      [`question:${question}`, `feedback:${feedback}`, `development:${request}`, `feedback:${answered}`].includes(
        keyOf(i),
      ),
    );
    expect(mine.map(keyOf)).toEqual([
      `development:${request}`,
      `question:${question}`,
      `feedback:${feedback}`,
      `feedback:${answered}`,
    ]);
    const [dev, q, fb, done] = mine;
    expect(dev).toMatchObject({ subject: '后视镜总成', waiting: 1, unread: 1, company_id: account('aMain').companyId });
    expect(dev!.waiting_minutes).toBeGreaterThanOrEqual(600);
    expect(q).toMatchObject({ subject: expect.any(String), text: '这个件适配 2020 款吗？', waiting: 1, unread: 1 });
    expect(q!.waiting_minutes).toBeGreaterThanOrEqual(90);
    expect(q!.waiting_minutes).toBeLessThan(600);
    expect(fb).toMatchObject({ company_name: expect.any(String), account_name: 'b_main', waiting: 1 });
    // Answered: no longer waiting, and a reply counts as read by staff.
    expect(done).toMatchObject({ waiting: 0, waiting_minutes: 0, unread: 0 });
    expect(done!.replied_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Every waiting row sits above every answered one.
    const firstAnswered = all.list.findIndex((i) => i.waiting === 0);
    expect(all.list.slice(firstAnswered).every((i) => i.waiting === 0)).toBe(true);

    const [counts] = await rows(sql`select
      (select count(*) from product_questions where reply_content is null)::int as question_waiting,
      (select count(*) from feedback where replied_at is null)::int as feedback_waiting,
      (select count(*) from feedback where staff_read_at is null)::int as feedback_unread`);
    expect(all.counts.question.waiting).toBe(counts!.question_waiting);
    expect(all.counts.feedback).toEqual({ waiting: counts!.feedback_waiting, unread: counts!.feedback_unread });

    // Filters: kind, state, company, unread.
    expect((await queue('&kind=feedback')).list.every((i) => i.kind === 'feedback')).toBe(true);
    expect((await queue('&kind=feedback&state=answered')).list.map(keyOf)).toContain(`feedback:${answered}`);
    expect((await queue('&kind=feedback&state=waiting')).list.map(keyOf)).not.toContain(`feedback:${answered}`);
    const b = await queue(`&company_id=${account('bMain').companyId}`);
    expect(b.list.map(keyOf)).toContain(`feedback:${feedback}`);
    expect(b.list.every((i) => i.company_id === account('bMain').companyId)).toBe(true);
    expect((await queue('&unread=1')).list.every((i) => i.unread === 1)).toBe(true);
    const paged = body<ServiceQueue>(await get('service', '/service/queue?limit=1&page=2')).data;
    expect(paged.list.map(keyOf)).toEqual([keyOf(all.list[1]!)]);
    expect(paged.total).toBe(all.total);
  });

  test('bad filters are HTTP 400; roles without service.answer 403; a dealer token 401', async () => {
    for (const q of ['kind=orders', 'state=open', 'company_id=x', 'unread=2', 'limit=1000']) {
      expect([q, (await get('service', `/service/queue?${q}`)).statusCode]).toEqual([q, 400]);
    }
    for (const who of ['catalog', 'finance'] as const) {
      const res = await get(who, '/service/queue');
      expect([res.statusCode, body(res).msg]).toEqual([403, '无权限执行此操作']);
    }
    expect((await get('admin', '/service/queue')).statusCode).toBe(200);
    const dealer = await s.t.injectAs('aMain', { url: '/api/admin/service/queue' });
    expect(dealer.statusCode).toBe(401);
  });

  test('opening marks it read by staff once, audited; unknown ids and kinds are refused', async () => {
    const id = await insertRequest('bMain', '雨刮电机');
    const unread = (await queue('&kind=development')).list.find((i) => i.id === id);
    expect(unread?.unread).toBe(1);
    expect(body(await post('catalog', `/service/development/${id}/read`)).status).toBe(403);
    expect(body(await post('service', `/service/development/${id}/read`))).toEqual({
      status: 200,
      msg: '已标记为已读',
      data: null,
    });
    expect(body(await post('service', `/service/development/${id}/read`)).status).toBe(200);
    expect((await queue('&kind=development')).list.find((i) => i.id === id)?.unread).toBe(0);
    // Read, yet still waiting for an answer.
    expect((await queue('&kind=development&state=waiting')).list.map((i) => i.id)).toContain(id);
    const audit = await auditOf(s, 'development_request', id);
    expect(audit.map((e) => [e.action, e.staff_id, e.after])).toEqual([
      ['service.read', s.staffIds.service, { staff_read: true }],
    ]);
    expect(body(await post('service', '/service/development/99999999/read'))).toMatchObject({
      status: 201,
      msg: '该条咨询不存在',
    });
    expect((await post('service', `/service/orders/${id}/read`)).statusCode).toBe(400);
    expect(
      (await s.t.injectAs('aMain', { method: 'POST', url: `/api/admin/service/development/${id}/read` })).statusCode,
    ).toBe(401);
  });

  test('feedback and development lists take an id (the detail)', async () => {
    const id = await insertFeedback('aSub', '单条查看');
    const one = body<AdminFeedbackList>(await get('service', `/feedback?id=${id}`));
    expect(one.data.list.map((f) => [f.id, f.text])).toEqual([[id, '单条查看']]);
    expect((await get('service', '/feedback?id=abc')).statusCode).toBe(400);
  });
});

describe('questions: list, detail, answer with pictures', () => {
  const pictureForm = () =>
    multipartForm({}, { field: 'file', filename: '安装图.png', contentType: 'image/png', content: SAMPLE_FILES.png });
  const upload = (who: StaffLogin, id: number) =>
    s.asStaff(who, { method: 'POST', url: `/api/admin/questions/${id}/pictures`, ...pictureForm() });

  test('staff list every company with filters, and read one', async () => {
    const a = await ask('aMain', s.ids.p2, '列表里的咨询 A');
    const b = await ask('bMain', s.ids.p2, '列表里的咨询 B');
    const list = body<AdminQuestionList>(await get('service', `/questions?product_id=${s.ids.p2}&limit=100`));
    expect(list.data.list.map((q) => q.id)).toEqual(expect.arrayContaining([a, b]));
    const onlyB = body<AdminQuestionList>(
      await get('service', `/questions?company_id=${account('bMain').companyId}&product_id=${s.ids.p2}`),
    );
    expect(onlyB.data.list.map((q) => q.id)).toEqual([b]);
    const byText = body<AdminQuestionList>(
      await get('service', `/questions?keyword=${encodeURIComponent('咨询 A')}&answered=0`),
    );
    expect(byText.data.list.map((q) => q.id)).toEqual([a]);
    const detail = body<AdminQuestion>(await get('service', `/questions/${b}`));
    expect(detail.data).toMatchObject({
      id: b,
      product_id: s.ids.p2,
      ask_questions: '列表里的咨询 B',
      company_id: account('bMain').companyId,
      account_name: 'b_main',
      reply_content: '',
      staff_unread: 1,
      dealer_read: 0,
    });
    expect(body(await get('service', '/questions/99999999'))).toMatchObject({ status: 201, msg: '问题不存在' });
    expect((await get('service', '/questions/abc')).statusCode).toBe(400);
    expect((await get('catalog', '/questions')).statusCode).toBe(403);
    expect((await s.t.injectAs('bMain', { url: `/api/admin/questions/${b}` })).statusCode).toBe(401);
  });

  test("staff answer pictures count in none of the company's upload limits", async () => {
    const id = await ask('aMain', s.ids.p2, '配图会占用我们的上传额度吗？');
    const company = account('aMain').companyId;
    const usage = async () =>
      rows(sql`select (select coalesce(sum(bytes), 0)::int from upload_days where company_id = ${company}) as bytes,
        (select count(*)::int from upload_events where company_id = ${company}) as events`);
    const before = await usage();
    // More pictures than an account may upload in 10 minutes: still taken.
    for (let i = 0; i < s.t.config.UPLOADS_PER_ACCOUNT_10_MINUTES + 1; i++) {
      const up = body<AnswerPictureUpload>(await upload('service', id));
      expect(up.status, up.msg).toBe(200);
    }
    expect(await usage()).toEqual(before);
  });

  test('an answer with a picture: the asker reads both, another company gets neither; audited; once', async () => {
    const id = await ask('aSub', s.ids.p3, '有安装示意图吗？');
    expect((await upload('finance', id)).statusCode).toBe(403);
    const up = body<AnswerPictureUpload>(await upload('service', id));
    expect(up.status, up.msg).toBe(200);
    expect(up.data).toMatchObject({ name: '安装图.png', size: SAMPLE_FILES.png.length });

    // A picture of another company (a dealer's own upload) cannot be attached.
    const foreign = body<{ id: number }>(
      await s.t.injectAs('bMain', { method: 'POST', url: '/api/Base/upload', ...pictureForm() }),
    );
    expect(foreign.status).toBe(200);
    expect(
      body(await post('service', `/questions/${id}/answer`, { reply_content: '见图', reply_pics: [foreign.data.id] })),
    ).toMatchObject({ status: 201, msg: '图片不存在或已过期，请重新上传' });
    expect((await post('service', `/questions/${id}/answer`, { reply_content: ' ', reply_pics: [] })).statusCode).toBe(
      400,
    );

    const answered = body(
      await post('service', `/questions/${id}/answer`, {
        reply_content: '见图，按箭头方向安装',
        reply_pics: [up.data.id],
      }),
    );
    expect([answered.status, answered.msg]).toEqual([200, '已回复']);
    expect(body(await upload('service', id))).toMatchObject({ status: 201, msg: '该咨询已回复' });
    const [claimed] = await rows(sql`select claimed_at from uploads where id = ${up.data.id}`);
    expect(claimed!.claimed_at).not.toBeNull();

    // The dealer (any account of the company) reads the answer and fetches the picture.
    const seen = body<QuestionList>(
      await s.t.injectAs('aMain', { url: `/api/Shop.RelatedQuestions/getList?id=${s.ids.p3}` }),
    );
    const q = seen.data.list.find((x) => x.id === id)!;
    expect(q).toMatchObject({ reply_contente: '见图，按箭头方向安装', unread: 1 });
    expect(q.reply_pic).toEqual([expect.stringMatching(/^\/api\/Base\/file\/pictures\//)]);
    const file = await s.t.injectAs('aSub', { url: q.reply_pic[0]! });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await s.t.injectAs('bMain', { url: q.reply_pic[0]! })).statusCode).toBe(404);

    // Staff see it through their own route.
    const detail = body<AdminQuestion>(await get('service', `/questions/${id}`)).data;
    expect(detail).toMatchObject({ staff_unread: 0, reply_pics: [`/api/admin/questions/${id}/picture/0`] });
    const staffFile = await get('service', `/questions/${id}/picture/0`);
    expect([staffFile.statusCode, staffFile.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await get('service', `/questions/${id}/picture/1`)).statusCode).toBe(404);

    const audit = await auditOf(s, 'product_question', id);
    expect(audit.map((e) => e.action)).toEqual(['questions.answer', 'questions.picture']);
    expect(audit[0]!.after).toEqual({ reply_content: '见图，按箭头方向安装', reply_pics: [q.reply_pic[0]] });

    // The asker's message.
    await deliver();
    const [message] = await rows(sql`select tip_word from messages
      where account_id = ${account('aSub').id} and category_id = 4 order by id desc limit 1`);
    expect(message!.tip_word).toBe('您的咨询：有安装示意图吗？\n回复：见图，按箭头方向安装');
  });
});

describe('orders: staff cancel with a reason, list by part', () => {
  test('cancels before shipping: stock back, the dealer told the reason, audited', async () => {
    const before = await stockOf(s.t.db, s.ids.p4, 1);
    const no = await s.placeOrder([{ part: 'p4', quantity: 2 }]);
    expect(await stockOf(s.t.db, s.ids.p4, 1)).toBe(before - 2);

    expect((await post('finance', `/orders/${no}/cancel`, { reason: '客户要求' })).statusCode).toBe(403);
    expect((await post('catalog', `/orders/${no}/cancel`, { reason: '客户要求' })).statusCode).toBe(403);
    const dealer = await s.t.injectAs('aMain', {
      method: 'POST',
      url: `/api/admin/orders/${no}/cancel`,
      payload: { reason: 'x' },
    });
    expect(dealer.statusCode).toBe(401);
    for (const payload of [{}, { reason: '   ' }, { reason: '长'.repeat(201) }]) {
      expect((await post('service', `/orders/${no}/cancel`, payload)).statusCode).toBe(400);
    }
    expect(body(await post('service', '/orders/SO0000000001/cancel', { reason: '客户要求' }))).toMatchObject({
      status: 201,
      msg: '订单不存在：SO0000000001',
    });

    const done = body(await post('service', `/orders/${no}/cancel`, { reason: '客户电话要求取消' }));
    expect([done.status, done.msg]).toEqual([200, '订单已取消，库存已退回']);
    expect(await stockOf(s.t.db, s.ids.p4, 1)).toBe(before);
    const detail = body<AdminOrderDetail>(await get('service', `/orders/${no}`)).data;
    expect(detail.order).toMatchObject({ status: 'cancelled', cancel_reason: '客户电话要求取消' });
    expect(body(await post('service', `/orders/${no}/cancel`, { reason: '再取消' }))).toMatchObject({
      status: 201,
      msg: '订单已发货或已结束，不能取消',
    });
    expect(await stockOf(s.t.db, s.ids.p4, 1)).toBe(before);

    const [entry] = (await s.asStaff('admin', { url: `/api/admin/audit?entity_type=order&entity_id=${no}` })).json()
      .data.list as { action: string; before: Row; after: Row }[];
    expect(entry).toMatchObject({
      action: 'order.cancel',
      before: { status: 'pending_shipment' },
      after: { status: 'cancelled', cancel_reason: '客户电话要求取消' },
    });

    await deliver();
    const [message] = await rows(sql`select tip_name, tip_word from messages
      where account_id = ${account('aMain').id} and tip_word like ${`%${no}%`} order by id desc limit 1`);
    expect(message).toMatchObject({ tip_name: '订单已取消' });
    expect(String(message!.tip_word)).toContain('原因：客户电话要求取消');
  });

  test('a shipped order is not cancelled', async () => {
    const no = await s.placeOrder([{ part: 'p5', quantity: 1 }]);
    expect(
      body(await post('service', `/orders/${no}/ship`, { carrier: '顺丰', tracking_no: 'SF99887766' })).status,
    ).toBe(200);
    expect(body(await post('service', `/orders/${no}/cancel`, { reason: '太慢' }))).toMatchObject({
      status: 201,
      msg: '订单已发货或已结束，不能取消',
    });
    expect(body<AdminOrderDetail>(await get('service', `/orders/${no}`)).data.order.status).toBe('shipped');
  });

  test('the list filters by a part on the order', async () => {
    const no = await s.placeOrder([{ part: 'p6', quantity: 1 }]);
    const [part] = await rows(sql`select frey_no, l_name_zh from products where id = ${s.ids.p6}`);
    const byNumber = body<AdminOrderListResponse>(
      await get('finance', `/orders?part=${encodeURIComponent(String(part!.frey_no).toLowerCase())}&limit=100`),
    );
    expect(byNumber.data.list.map((o) => o.orders_no)).toContain(no);
    const byName = body<AdminOrderListResponse>(
      await get('finance', `/orders?part=${encodeURIComponent(String(part!.l_name_zh))}&limit=100`),
    );
    expect(byName.data.list.map((o) => o.orders_no)).toContain(no);
    const none = body<AdminOrderListResponse>(await get('finance', `/orders?part=ZZZ-NO-SUCH-PART`));
    expect(none.data.total).toBe(0);
  });
});

describe('broadcast audience', () => {
  test('brands of the companies and companies by name or id; broadcast permission only', async () => {
    const b = s.t.fixtures.companies.b;
    await s.t.db.execute(sql`update companies set brand_groupings = '{"东风","一汽"}' where id = ${b.id}`);
    const [named] = await rows(sql`select name from companies where id = ${b.id}`);
    const res = body<BroadcastAudienceOptions>(
      await get('service', `/messages/audience?keyword=${encodeURIComponent(String(named!.name))}`),
    );
    expect(res.data.brands).toEqual(expect.arrayContaining(['东风', '一汽']));
    expect(res.data.companies).toEqual([{ id: b.id, name: String(named!.name) }]);
    const byId = body<BroadcastAudienceOptions>(await get('service', `/messages/audience?keyword=${b.id}`));
    expect(byId.data.companies.map((c) => c.id)).toContain(b.id);
    const none = body<BroadcastAudienceOptions>(await get('service', '/messages/audience?keyword=%25%25'));
    expect(none.data.companies).toEqual([]);
    expect((await get('catalog', '/messages/audience')).statusCode).toBe(403);
    expect((await s.t.injectAs('bMain', { url: '/api/admin/messages/audience' })).statusCode).toBe(401);
  });
});
