import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminFeedbackList, FeedbackDetail, FeedbackList } from '@shop/core/api/feedback';
import { uploadsRoot } from '../src/uploads/upload-dir';
import { body, unreadDot } from './helpers/api';
import { multipartForm, multipartStream, SAMPLE_FILES } from './helpers/multipart';
import type { TestApp } from './helpers/test-app';
import { auditOf, createTestAppWithStaff, type StaffClient } from './helpers/staff';
import type { FixtureAccountKey } from './helpers/fixtures';

let t: TestApp;
let staff: StaffClient;
beforeAll(async () => ({ t, staff } = await createTestAppWithStaff()));
afterAll(() => t.close());

const ADD = '/api/Shop.ShopFeedback/add';
const INDEX = '/api/Shop.ShopFeedback/index';

function add(account: FixtureAccountKey, form: { payload: unknown; headers: Record<string, string> }) {
  return t.injectAs(account, { method: 'POST', url: ADD, payload: form.payload as string, headers: form.headers });
}

/** Every file (recursively) in the uploads folder of a company. */
async function storedFiles(companyId: number): Promise<string[]> {
  const dir = join(uploadsRoot(t.config).root, 'feedback', String(companyId));
  return readdir(dir).catch(() => []);
}

describe('POST /api/Shop.ShopFeedback/add', () => {
  test('text only (multipart and JSON), trimmed', async () => {
    const res = await add('aSub', multipartForm({ text: '  搜索结果里缺少 A0001234567 的图片  ' }));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ status: 200, msg: '提交成功', data: { id: expect.any(Number) } });

    const json = await t.injectAs('aSub', { method: 'POST', url: ADD, payload: { text: '希望增加导出功能' } });
    expect(body(json)).toMatchObject({ status: 200, msg: '提交成功' });

    const list = body<FeedbackList>(await t.injectAs('aSub', { url: INDEX })).data;
    expect(list.list.map((f) => f.text)).toEqual(['希望增加导出功能', '搜索结果里缺少 A0001234567 的图片']);
    expect(list.list[0]).toMatchObject({ file_type: '', file_url: '', file_name: '', reply: '', reply_time: null });
  });

  test('with an image: stored on disk and downloadable by its owner only', async () => {
    const content = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(5000, 7)]);
    const res = await add(
      'aMain',
      multipartForm(
        { text: '页面显示错位' },
        { field: 'files', filename: '截图 1.png', contentType: 'image/png', content },
      ),
    );
    const { status, data } = body<{ id: number }>(res);
    expect(status).toBe(200);

    const item = body<FeedbackList>(await t.injectAs('aMain', { url: INDEX })).data.list.find((f) => f.id === data.id)!;
    expect(item).toMatchObject({
      text: '页面显示错位',
      file_type: 'image',
      file_name: '截图 1.png',
      file_size: content.length,
    });
    const files = await storedFiles(t.fixtures.companies.a.id);
    const pngs = files.filter((f) => f.endsWith('.png'));
    expect(pngs).toHaveLength(1);
    const onDisk = await readFile(
      join(uploadsRoot(t.config).root, 'feedback', String(t.fixtures.companies.a.id), pngs[0]!),
    );
    expect(onDisk.equals(content)).toBe(true);

    const download = await t.injectAs('aMain', { url: item.file_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(content)).toBe(true);
    // Another account of the same company, and another company, do not get it.
    expect(body(await t.injectAs('aSub', { url: item.file_url }))).toMatchObject({ status: 201, msg: '反馈不存在' });
    expect(body(await t.injectAs('bMain', { url: item.file_url }))).toMatchObject({ status: 201, msg: '反馈不存在' });

    // Customer service sees the attachment through the admin route; a role without
    // service.answer and a dealer's token do not.
    const listed = body<AdminFeedbackList>(
      await staff.asStaff('service', { url: '/api/admin/feedback?limit=100' }),
    ).data.list.find((f) => f.id === data.id)!;
    expect(listed.file_url).toBe(`/api/admin/feedback/${data.id}/file`);
    const staffDownload = await staff.asStaff('service', { url: listed.file_url });
    expect(staffDownload.statusCode).toBe(200);
    expect(staffDownload.headers['content-type']).toBe('image/png');
    expect(staffDownload.rawPayload.equals(content)).toBe(true);
    expect(body(await staff.asStaff('catalog', { url: listed.file_url })).status).toBe(403);
    expect(body(await t.injectAs('aMain', { url: listed.file_url })).status).not.toBe(200);
    expect(body(await staff.asStaff('service', { url: '/api/admin/feedback/99999999/file' }))).toMatchObject({
      status: 201,
      msg: '反馈不存在',
    });
  });

  test('with a video (checked by content, not by the claimed type)', async () => {
    const res = await add(
      'bSub',
      multipartForm(
        { text: '下单后页面卡住' },
        { field: 'files', filename: 'screen.mp4', contentType: 'application/octet-stream', content: SAMPLE_FILES.mp4 },
      ),
    );
    expect(body(res).status).toBe(200);
    const list = body<FeedbackList>(await t.injectAs('bSub', { url: INDEX })).data.list;
    expect(list[0]).toMatchObject({ file_type: 'video', file_name: 'screen.mp4' });
  });

  test('an empty text is refused and its file is not kept', async () => {
    const before = await storedFiles(t.fixtures.companies.b.id);
    const res = await add(
      'bMain',
      multipartForm(
        { text: '   ' },
        { field: 'files', filename: 'a.jpg', contentType: 'image/jpeg', content: SAMPLE_FILES.jpeg },
      ),
    );
    expect(res.json()).toEqual({ status: 201, msg: '请填写反馈内容', data: null });
    const missing = await add(
      'bMain',
      multipartForm({}, { field: 'files', filename: 'a.jpg', contentType: 'image/jpeg', content: SAMPLE_FILES.jpeg }),
    );
    expect(body(missing).msg).toBe('请填写反馈内容');
    expect(await storedFiles(t.fixtures.companies.b.id)).toEqual(before);
  });

  test('a file that is not an image or video is refused and nothing is left', async () => {
    const before = await storedFiles(t.fixtures.companies.b.id);
    for (const [filename, content, contentType] of [
      ['notes.png', SAMPLE_FILES.text, 'image/png'],
      ['logo.svg', SAMPLE_FILES.svg, 'image/svg+xml'],
      ['tiny.jpg', Buffer.from([0xff, 0xd8]), 'image/jpeg'],
    ] as const) {
      const res = await add(
        'bMain',
        multipartForm({ text: '附件类型' }, { field: 'files', filename, contentType, content }),
      );
      expect(res.json()).toEqual({ status: 201, msg: '只能上传图片或视频文件', data: null });
    }
    expect(await storedFiles(t.fixtures.companies.b.id)).toEqual(before);
    expect(body<FeedbackList>(await t.injectAs('bMain', { url: INDEX })).data.total).toBe(0);
  });

  test('a file over 100 MB is refused, streamed (not buffered), and nothing is left', async () => {
    const before = await storedFiles(t.fixtures.companies.c.id);
    const form = multipartStream(
      { text: '视频太大' },
      { field: 'files', filename: 'big.mp4', contentType: 'video/mp4', start: SAMPLE_FILES.mp4, size: 104_857_600 + 1 },
    );
    const res = await add('cRegional', form);
    expect(res.json()).toEqual({ status: 201, msg: '文件过大，请选择小于 100MB 的文件', data: null });
    expect(await storedFiles(t.fixtures.companies.c.id)).toEqual(before);
    expect(body<FeedbackList>(await t.injectAs('cRegional', { url: INDEX })).data.total).toBe(0);
  });

  test('more than one file is refused', async () => {
    const boundary = '----twofiles';
    const file = (n: number) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${n}.png"\r\ncontent-type: image/png\r\n\r\n${SAMPLE_FILES.png.toString('latin1')}\r\n`;
    const payload = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="text"\r\n\r\n两个文件\r\n${file(1)}${file(2)}--${boundary}--\r\n`,
      'latin1',
    );
    const res = await add('cRegional', {
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(413);
    expect(body(res).status).toBe(413);
    expect(body<FeedbackList>(await t.injectAs('cRegional', { url: INDEX })).data.total).toBe(0);
  });

  test('needs a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: ADD, ...multipartForm({ text: 'x' }) });
    expect(body(res).status).toBe(401);
  });
});

describe('GET /api/Shop.ShopFeedback/index', () => {
  test('lists only the caller own feedback, newest first, paged', async () => {
    await t.injectAs('aPurchase', { method: 'POST', url: ADD, payload: { text: '第一条' } });
    await t.injectAs('aPurchase', { method: 'POST', url: ADD, payload: { text: '第二条' } });
    await t.injectAs('aPurchase', { method: 'POST', url: ADD, payload: { text: '第三条' } });

    const all = body<FeedbackList>(await t.injectAs('aPurchase', { url: INDEX }));
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((f) => f.text)).toEqual(['第三条', '第二条', '第一条']);

    const page2 = body<FeedbackList>(await t.injectAs('aPurchase', { url: `${INDEX}?page=2&limit=2` }));
    expect(page2.data.list.map((f) => f.text)).toEqual(['第一条']);

    // The main account of the same company sees only its own feedback.
    const main = body<FeedbackList>(await t.injectAs('aMain', { url: INDEX })).data.list;
    expect(main.map((f) => f.text)).toEqual(['页面显示错位']);
    // Via the Shopv2 alias too.
    const alias = body<FeedbackList>(await t.injectAs('aPurchase', { url: '/api/Shopv2.ShopFeedback/index' }));
    expect(alias.data.total).toBe(3);
  });

  test('bad paging answers 400', async () => {
    const res = await t.injectAs('aPurchase', { url: `${INDEX}?page=0` });
    expect(res.statusCode).toBe(400);
  });
});

describe('detail, replies, unread and markAllAsRead', () => {
  const DETAIL = '/api/Shop.ShopFeedback/detail';
  const MARK = '/api/Shop.ShopFeedback/markAllAsRead';
  const UNREAD = '/api/Shop.Message/unreadStatus';
  const reply = (id: number, content: string, who: 'service' | 'catalog' | 'admin' = 'service') =>
    staff.asStaff(who, { method: 'POST', url: `/api/admin/feedback/${id}/reply`, payload: { content } });
  const unread = (account: FixtureAccountKey) => unreadDot(t, account, 'feedback_has_unread');
  const send = async (account: FixtureAccountKey, text: string) =>
    body<{ id: number }>(await t.injectAs(account, { method: 'POST', url: ADD, payload: { text } })).data.id;

  test('several staff replies; unread until the detail is opened; events and audit', async () => {
    const id = await send('bSub', '订单导出缺少备注列');
    expect(await unread('bSub')).toBe(0);
    const first = body(await reply(id, '  已记录，下周修复。 '));
    expect(first).toMatchObject({ status: 200, msg: '已回复' });
    expect(await unread('bSub')).toBe(1);
    // Only the sender's dot: the main account of the same company has nothing unread.
    expect(await unread('bMain')).toBe(0);

    const listed = body<FeedbackList>(await t.injectAs('bSub', { url: INDEX })).data.list[0]!;
    expect(listed).toMatchObject({ id, reply: '已记录，下周修复。', unread: 1 });

    expect(body(await reply(id, '已修复，请刷新页面后再试。'))).toMatchObject({ status: 200 });
    const detail = body<FeedbackDetail>(await t.injectAs('bSub', { url: `${DETAIL}?id=${id}` }));
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({
      id,
      text: '订单导出缺少备注列',
      reply: '已修复，请刷新页面后再试。',
      unread: 0,
    });
    expect(detail.data.replies.map((r) => r.content)).toEqual(['已记录，下周修复。', '已修复，请刷新页面后再试。']);
    expect(await unread('bSub')).toBe(0);
    expect(body<FeedbackList>(await t.injectAs('bSub', { url: INDEX })).data.list[0]!.unread).toBe(0);

    const events = (
      await t.db.execute(`select type, payload, company_id from domain_events where type = 'feedback.replied'
        and (payload->>'feedbackId')::int = ${id} order by id`)
    ).rows as { type: string; payload: Record<string, unknown>; company_id: number }[];
    expect(events).toHaveLength(2);
    expect(events[0]!.payload).toEqual({
      type: 'feedback.replied',
      companyId: t.fixtures.companies.b.id,
      accountId: t.fixtures.accounts.bSub.id,
      feedbackId: id,
      reply: '已记录，下周修复。',
    });
    expect(Number(events[0]!.company_id)).toBe(t.fixtures.companies.b.id);

    const audit = await auditOf(staff, 'feedback', id);
    expect(audit.map((a) => a.action)).toEqual(['feedback.reply', 'feedback.reply']);
    expect(audit[0]).toMatchObject({
      staff_id: staff.staffIds.service,
      before: { reply: '已记录，下周修复。' },
      after: { reply: '已修复，请刷新页面后再试。' },
    });
  });

  test('markAllAsRead clears every unread reply of the account only', async () => {
    const one = await send('cRegional', '希望增加夜间模式');
    const two = await send('cRegional', '发票信息能否保存多个');
    await reply(one, '收到');
    await reply(two, '收到，会评估');
    expect(await unread('cRegional')).toBe(1);
    const res = body(await t.injectAs('cRegional', { method: 'POST', url: MARK }));
    expect(res).toMatchObject({ status: 200, msg: '已全部标记为已读' });
    expect(await unread('cRegional')).toBe(0);
    const list = body<FeedbackList>(await t.injectAs('cRegional', { url: INDEX })).data.list;
    expect(list.filter((f) => f.id === one || f.id === two).map((f) => f.unread)).toEqual([0, 0]);
    // A reply after that is unread again.
    await reply(one, '补充：夜间模式已排期');
    expect(await unread('cRegional')).toBe(1);
  });

  test("another company's feedback, or another account's, answers as not found", async () => {
    const id = await send('aSub', '配件图片加载慢');
    for (const other of ['bMain', 'aMain'] as const) {
      expect(body(await t.injectAs(other, { url: `${DETAIL}?id=${id}` }))).toMatchObject({
        status: 201,
        msg: '反馈不存在',
        data: null,
      });
    }
    expect(body(await t.injectAs('aSub', { url: `${DETAIL}?id=99999999` }))).toMatchObject({ status: 201 });
    expect((await t.injectAs('aSub', { url: `${DETAIL}?id=abc` })).statusCode).toBe(400);
  });

  test('needs a login', async () => {
    for (const req of [
      { method: 'GET' as const, url: `${DETAIL}?id=1` },
      { method: 'POST' as const, url: MARK },
      { method: 'GET' as const, url: UNREAD },
      { method: 'GET' as const, url: INDEX },
    ]) {
      expect(body(await t.app.inject(req)).status).toBe(401);
    }
  });
});

describe('staff: /api/admin/feedback', () => {
  test('customer service lists every company with filters; other roles are refused', async () => {
    const id = await body<{ id: number }>(
      await t.injectAs('bMain', { method: 'POST', url: ADD, payload: { text: '筛选测试：没有回复' } }),
    ).data.id;
    const all = body<AdminFeedbackList>(await staff.asStaff('service', { url: '/api/admin/feedback?limit=100' }));
    expect(all.status).toBe(200);
    const companiesSeen = new Set(all.data.list.map((f) => f.company_name));
    expect(companiesSeen.size).toBeGreaterThan(1);
    const item = all.data.list.find((f) => f.id === id)!;
    expect(item).toMatchObject({
      company_id: t.fixtures.companies.b.id,
      account_name: 'b_main',
      text: '筛选测试：没有回复',
      replies: [],
    });

    const ofB = body<AdminFeedbackList>(
      await staff.asStaff('service', { url: `/api/admin/feedback?company_id=${t.fixtures.companies.b.id}&replied=0` }),
    ).data;
    expect(ofB.list.every((f) => f.company_id === t.fixtures.companies.b.id && f.replies.length === 0)).toBe(true);
    expect(ofB.list.some((f) => f.id === id)).toBe(true);
    const keyword = body<AdminFeedbackList>(
      await staff.asStaff('service', { url: `/api/admin/feedback?keyword=${encodeURIComponent('筛选测试')}` }),
    ).data;
    expect(keyword.list.map((f) => f.id)).toEqual([id]);
    // LIKE wildcards in the keyword are literal.
    const wildcard = body<AdminFeedbackList>(
      await staff.asStaff('service', { url: '/api/admin/feedback?keyword=%25' }),
    );
    expect(wildcard.data.total).toBe(0);

    for (const who of ['catalog', 'finance'] as const) {
      const list = await staff.asStaff(who, { url: '/api/admin/feedback' });
      expect(list.statusCode).toBe(403);
      const res = await staff.asStaff(who, {
        method: 'POST',
        url: `/api/admin/feedback/${id}/reply`,
        payload: { content: '越权回复' },
      });
      expect(res.statusCode).toBe(403);
    }
    // A dealer's token is no staff token.
    expect((await t.injectAs('bMain', { url: '/api/admin/feedback' })).statusCode).toBe(401);
    expect(
      body<FeedbackList>(await t.injectAs('bMain', { url: INDEX })).data.list.find((f) => f.id === id),
    ).toMatchObject({
      reply: '',
      unread: 0,
    });
  });

  test('a reply needs content; an unknown feedback is refused; NUL bytes are refused', async () => {
    const empty = await staff.asStaff('service', {
      method: 'POST',
      url: '/api/admin/feedback/1/reply',
      payload: { content: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).msg).toContain('请填写回复内容');
    const unknown = await staff.asStaff('service', {
      method: 'POST',
      url: '/api/admin/feedback/99999999/reply',
      payload: { content: '你好' },
    });
    expect(body(unknown)).toMatchObject({ status: 201, msg: '反馈不存在' });
    const nul = await staff.asStaff('service', {
      method: 'POST',
      url: '/api/admin/feedback/1/reply',
      payload: { content: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    const nulText = await t.injectAs('aMain', { method: 'POST', url: ADD, payload: { text: '反馈\u0000内容' } });
    expect(nulText.statusCode).toBe(400);
  });
});
