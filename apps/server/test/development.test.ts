import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminDevelopmentList, DevelopmentDetail, DevelopmentList } from '@shop/core/api/development';
import { body, unreadDot } from './helpers/api';
import type { FixtureAccountKey } from './helpers/fixtures';
import { multipartFiles, multipartForm, SAMPLE_FILES } from './helpers/multipart';
import { auditOf, createTestAppWithStaff, type StaffClient } from './helpers/staff';
import type { TestApp } from './helpers/test-app';

/** 'I want to develop': /api/Shop.CustomerProductDevelopment/* and /api/admin/development. */
let t: TestApp;
let staff: StaffClient;
beforeAll(async () => ({ t, staff } = await createTestAppWithStaff()));
afterAll(() => t.close());

const BASE = '/api/Shop.CustomerProductDevelopment';

const png = (n: number) => ({
  field: 'pictures',
  filename: `图${n}.png`,
  contentType: 'image/png',
  content: Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(100 + n, n)]),
});

async function add(account: FixtureAccountKey, fields: Record<string, string>) {
  const res = await t.injectAs(account, { method: 'POST', url: `${BASE}/add`, payload: fields });
  const b = body<{ id: number }>(res);
  if (b.status !== 200) throw new Error(`add failed: ${res.body}`);
  return b.data.id;
}

const list = async (account: FixtureAccountKey, query = '') =>
  body<DevelopmentList>(await t.injectAs(account, { url: `${BASE}/list?limit=100${query}` })).data;
const myList = async (account: FixtureAccountKey) =>
  body<DevelopmentList>(await t.injectAs(account, { url: `${BASE}/myList?limit=100` })).data;
const like = (account: FixtureAccountKey, id: number) =>
  t.injectAs(account, { method: 'POST', url: `${BASE}/like`, payload: { id } });
const unread = (account: FixtureAccountKey) => unreadDot(t, account, 'development_has_unread');
const staffPost = (who: 'service' | 'catalog' | 'finance' | 'admin', url: string, payload: object) =>
  staff.asStaff(who, { method: 'POST', url: `/api/admin/development${url}`, payload });

describe('add', () => {
  test('with pictures: listed for everyone, pictures fetched by any dealer', async () => {
    const form = multipartFiles(
      { part_name: ' 后视镜总成 ', vehicle: '奔驰 C260L 2022', oe_number: 'A2068100116', monthly_quantity: '20' },
      [png(1), png(2)],
    );
    const res = await t.injectAs('aSub', { method: 'POST', url: `${BASE}/add`, ...form });
    expect(body(res)).toMatchObject({ status: 200, msg: '提交成功', data: { id: expect.any(Number) } });
    const id = body<{ id: number }>(res).data.id;

    const seenByB = (await list('bMain')).list.find((r) => r.id === id)!;
    expect(seenByB).toMatchObject({
      part_name: '后视镜总成',
      vehicle: '奔驰 C260L 2022',
      oe_number: 'A2068100116',
      monthly_quantity: 20,
      status: 'pending',
      status_text: '待评估',
      like_count: 0,
      liked: 0,
      mine: 0,
      unread: 0,
    });
    expect(seenByB.pictures).toHaveLength(2);
    expect((await list('aSub')).list.find((r) => r.id === id)!.mine).toBe(1);
    const picture = await t.injectAs('bMain', { url: seenByB.pictures[1]! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png(2).content)).toBe(true);
    expect((await t.injectAs('bMain', { url: `${BASE}/picture?id=${id}&n=2` })).statusCode).toBe(404);
    expect(body(await t.app.inject({ url: seenByB.pictures[0]! })).status).toBe(401);

    // Staff see the pictures through the admin route (service.answer), not the dealer's.
    const listed = body<AdminDevelopmentList>(
      await staff.asStaff('service', { url: '/api/admin/development?limit=100' }),
    ).data.list.find((r) => r.id === id)!;
    expect(listed.pictures).toEqual([0, 1].map((n) => `/api/admin/development/${id}/picture/${n}`));
    const staffPicture = await staff.asStaff('service', { url: listed.pictures[1]! });
    expect(staffPicture.statusCode).toBe(200);
    expect(staffPicture.rawPayload.equals(png(2).content)).toBe(true);
    expect(body(await staff.asStaff('catalog', { url: listed.pictures[0]! })).status).toBe(403);
    expect((await staff.asStaff('service', { url: `/api/admin/development/${id}/picture/2` })).statusCode).toBe(404);
  });

  test.each([
    [{ part_name: '  ', monthly_quantity: '5' }, '请填写配件名称'],
    [{ monthly_quantity: '5' }, '请填写配件名称'],
    [{ part_name: '刹车片', monthly_quantity: '' }, '请填写预计月需求量'],
    [{ part_name: '刹车片', monthly_quantity: '0' }, '预计月需求量须为正整数'],
    [{ part_name: '刹车片', monthly_quantity: '-3' }, '预计月需求量须为正整数'],
    [{ part_name: '刹车片', monthly_quantity: '1.5' }, '预计月需求量须为正整数'],
    [{ part_name: '刹车片', monthly_quantity: '二十' }, '预计月需求量须为正整数'],
    [{ part_name: '刹车片', monthly_quantity: '99999999999999999999' }, '预计月需求量不能超过 1000000'],
    [{ part_name: '刹'.repeat(51), monthly_quantity: '5' }, '配件名称不能超过 50 字'],
  ])('refuses %o with a clear message', async (fields, msg) => {
    const res = await t.injectAs('cRegional', { method: 'POST', url: `${BASE}/add`, ...multipartForm(fields) });
    expect(body(res)).toMatchObject({ status: 201, msg, data: null });
  });

  test('too many pictures, or a file that is no image, is refused and nothing is kept', async () => {
    const before = (await t.db.execute(`select count(*)::int as n from uploads`)).rows[0] as { n: number };
    const six = multipartFiles({ part_name: '刹车片', monthly_quantity: '5' }, [1, 2, 3, 4, 5, 6].map(png));
    expect(body(await t.injectAs('cRegional', { method: 'POST', url: `${BASE}/add`, ...six }))).toMatchObject({
      status: 201,
      msg: '最多上传 5 张图片',
    });
    const text = multipartFiles({ part_name: '刹车片', monthly_quantity: '5' }, [
      { field: 'pictures', filename: 'a.png', contentType: 'image/png', content: SAMPLE_FILES.text },
    ]);
    expect(body(await t.injectAs('cRegional', { method: 'POST', url: `${BASE}/add`, ...text }))).toMatchObject({
      status: 201,
      msg: '只能上传图片（JPG、PNG、GIF、WEBP 等）',
    });
    // A bad field after good pictures: the pictures go again.
    const bad = multipartFiles({ part_name: '', monthly_quantity: '5' }, [png(1)]);
    expect(body(await t.injectAs('cRegional', { method: 'POST', url: `${BASE}/add`, ...bad })).status).toBe(201);
    const after = (await t.db.execute(`select count(*)::int as n from uploads`)).rows[0] as { n: number };
    expect(after.n).toBe(before.n);
    expect((await myList('cRegional')).total).toBe(0);
  });

  test('NUL bytes are refused; a login is needed', async () => {
    const nul = await t.injectAs('cRegional', {
      method: 'POST',
      url: `${BASE}/add`,
      ...multipartForm({ part_name: '刹车\u0000片', monthly_quantity: '5' }),
    });
    expect(nul.statusCode).toBe(400);
    const json = await t.injectAs('cRegional', {
      method: 'POST',
      url: `${BASE}/add`,
      payload: { part_name: '刹车片', monthly_quantity: '5\u0000' },
    });
    expect(json.statusCode).toBe(400);
    for (const req of [
      { method: 'POST' as const, url: `${BASE}/add`, ...multipartForm({ part_name: 'x', monthly_quantity: '1' }) },
      { method: 'GET' as const, url: `${BASE}/list` },
      { method: 'GET' as const, url: `${BASE}/myList` },
      { method: 'GET' as const, url: `${BASE}/detail?id=1` },
      { method: 'POST' as const, url: `${BASE}/like`, payload: { id: 1 } },
      { method: 'POST' as const, url: `${BASE}/markAllAsRead` },
    ]) {
      expect(body(await t.app.inject(req)).status).toBe(401);
    }
  });
});

describe('list, myList, like', () => {
  test('newest or most liked first, paged; myList only the account', async () => {
    const first = await add('bSub', { part_name: '节温器', monthly_quantity: '10' });
    const second = await add('bSub', { part_name: '点火线圈', monthly_quantity: '30' });
    expect(body(await like('aMain', first))).toMatchObject({ status: 200, msg: '点赞成功', data: { like_count: 1 } });
    expect(body(await like('cRegional', first)).data).toEqual({ like_count: 2 });

    const newest = (await list('aMain')).list.map((r) => r.id);
    expect(newest.indexOf(second)).toBeLessThan(newest.indexOf(first));
    const hot = await list('aMain', '&sort=hot');
    expect(hot.list[0]).toMatchObject({ id: first, like_count: 2, liked: 1 });
    expect(hot.list.find((r) => r.id === second)!.liked).toBe(0);

    const paged = body<DevelopmentList>(await t.injectAs('aMain', { url: `${BASE}/list?limit=1&page=2&sort=new` }));
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.list[0]!.id).toBe(newest[1]);
    expect(paged.data.total).toBe(newest.length);

    const mine = await myList('bSub');
    expect(mine.list.map((r) => r.id)).toEqual([second, first]);
    expect((await myList('bMain')).list.some((r) => r.id === first)).toBe(false);
    expect((await t.injectAs('aMain', { url: `${BASE}/list?sort=other` })).statusCode).toBe(400);
    expect((await t.injectAs('aMain', { url: `${BASE}/list?page=0` })).statusCode).toBe(400);
  });

  test('once per account, exact under parallel likes', async () => {
    const id = await add('aMain', { part_name: '雨刮电机', monthly_quantity: '6' });
    const same = await Promise.all(Array.from({ length: 8 }, () => like('bMain', id)));
    const answers = same.map((r) => body(r));
    expect(answers.filter((b) => b.status === 200)).toHaveLength(1);
    expect(answers.filter((b) => b.status === 201).map((b) => b.msg)).toEqual(Array(7).fill('您已经点过赞了'));

    const others: FixtureAccountKey[] = ['aSub', 'aPurchase', 'bSub', 'cRegional', 'aMain'];
    const results = await Promise.all(others.map((a) => like(a, id)));
    expect(results.map((r) => body(r).status)).toEqual([200, 200, 200, 200, 200]);
    const [row] = (await t.db.execute(`select like_count from development_requests where id = ${id}`)).rows as {
      like_count: number;
    }[];
    expect(row!.like_count).toBe(6);
    expect((await list('cRegional')).list.find((r) => r.id === id)).toMatchObject({ like_count: 6, liked: 1 });
    expect(body(await like('aMain', id))).toMatchObject({ status: 201, msg: '您已经点过赞了' });
    expect(body(await like('aMain', 99999999))).toMatchObject({ status: 201, msg: '开发需求不存在' });
    expect((await like('aMain', 'abc' as unknown as number)).statusCode).toBe(400);
  });
});

describe('detail, replies, status, unread', () => {
  test('staff reply and status change: unread for the asking account until it looks; events; audit', async () => {
    const id = await add('aPurchase', { part_name: '空气流量计', oe_number: '0280218116', monthly_quantity: '15' });
    expect(await unread('aPurchase')).toBe(0);

    expect(body(await staffPost('service', `/${id}/reply`, { content: '正在评估，请耐心等待。' }))).toMatchObject({
      status: 200,
      msg: '已回复',
    });
    expect(await unread('aPurchase')).toBe(1);
    expect(await unread('aMain')).toBe(0);
    expect((await myList('aPurchase')).list.find((r) => r.id === id)!.unread).toBe(1);
    // Someone else's view of the request never shows its unread flag.
    expect((await list('bMain')).list.find((r) => r.id === id)!.unread).toBe(0);

    const detail = body<DevelopmentDetail>(await t.injectAs('aPurchase', { url: `${BASE}/detail?id=${id}` }));
    expect(detail.data).toMatchObject({ id, part_name: '空气流量计', oe_number: '0280218116', unread: 0, mine: 1 });
    expect(detail.data.replies).toEqual([
      { content: '正在评估，请耐心等待。', status: '', status_text: '', created_at: expect.any(String) },
    ]);
    expect(await unread('aPurchase')).toBe(0);

    const moved = await staffPost('service', `/${id}/status`, { status: 'developing', note: '已立项' });
    expect(body(moved)).toMatchObject({ status: 200, msg: '状态已更新' });
    expect(await unread('aPurchase')).toBe(1);
    const again = await staffPost('service', `/${id}/status`, { status: 'developing' });
    expect(body(again)).toMatchObject({ status: 201, msg: '状态已是开发中' });
    expect(body(await t.injectAs('aPurchase', { method: 'POST', url: `${BASE}/markAllAsRead` }))).toMatchObject({
      status: 200,
      msg: '已全部标记为已读',
    });
    expect(await unread('aPurchase')).toBe(0);
    const after = body<DevelopmentDetail>(await t.injectAs('aPurchase', { url: `${BASE}/detail?id=${id}` })).data;
    expect(after).toMatchObject({ status: 'developing', status_text: '开发中' });
    expect(after.replies.map((r) => [r.content, r.status_text])).toEqual([
      ['正在评估，请耐心等待。', ''],
      ['已立项', '开发中'],
    ]);

    const events = (
      await t.db.execute(`select payload, company_id from domain_events where type = 'development.replied'
        and (payload->>'requestId')::int = ${id} order by id`)
    ).rows as { payload: Record<string, unknown>; company_id: number }[];
    expect(events.map((e) => e.payload)).toEqual([
      {
        type: 'development.replied',
        companyId: t.fixtures.companies.a.id,
        accountId: t.fixtures.accounts.aPurchase.id,
        requestId: id,
        partName: '空气流量计',
        reply: '正在评估，请耐心等待。',
      },
      {
        type: 'development.replied',
        companyId: t.fixtures.companies.a.id,
        accountId: t.fixtures.accounts.aPurchase.id,
        requestId: id,
        partName: '空气流量计',
        reply: '状态更新为：开发中；已立项',
      },
    ]);

    const audit = await auditOf(staff, 'development_request', id);
    expect(audit.map((a) => a.action)).toEqual(['development.status', 'development.reply']);
    expect(audit[0]).toMatchObject({
      staff_id: staff.staffIds.service,
      before: { status: 'pending' },
      after: { status: 'developing', note: '已立项' },
    });
  });

  test("another company's request, or another account's, answers as not found", async () => {
    const id = await add('aMain', { part_name: '转向拉杆', monthly_quantity: '4' });
    for (const other of ['bMain', 'aSub'] as const) {
      expect(body(await t.injectAs(other, { url: `${BASE}/detail?id=${id}` }))).toMatchObject({
        status: 201,
        msg: '开发需求不存在',
        data: null,
      });
    }
    expect((await t.injectAs('aMain', { url: `${BASE}/detail?id=0` })).statusCode).toBe(400);
  });

  test('staff: list with filters; roles without the permission refused; unknown request; bad status', async () => {
    const id = await add('cRegional', { part_name: '涡轮增压器_特殊', oe_number: 'LR123', monthly_quantity: '2' });
    const all = body<AdminDevelopmentList>(
      await staff.asStaff('service', { url: `/api/admin/development?company_id=${t.fixtures.companies.c.id}` }),
    );
    expect(all.status).toBe(200);
    expect(all.data.list.find((r) => r.id === id)).toMatchObject({
      company_id: t.fixtures.companies.c.id,
      account_name: 'c_regional',
      part_name: '涡轮增压器_特殊',
      replies: [],
    });
    expect(all.data.list.every((r) => r.company_id === t.fixtures.companies.c.id)).toBe(true);
    const byKeyword = body<AdminDevelopmentList>(
      await staff.asStaff('service', { url: `/api/admin/development?keyword=${encodeURIComponent('器_特')}` }),
    ).data;
    expect(byKeyword.list.map((r) => r.id)).toEqual([id]);
    const pending = body<AdminDevelopmentList>(
      await staff.asStaff('service', { url: '/api/admin/development?status=pending&limit=100' }),
    ).data;
    expect(pending.list.every((r) => r.status === 'pending')).toBe(true);
    expect((await staff.asStaff('service', { url: '/api/admin/development?status=done' })).statusCode).toBe(400);

    for (const who of ['catalog', 'finance'] as const) {
      expect((await staff.asStaff(who, { url: '/api/admin/development' })).statusCode).toBe(403);
      expect((await staffPost(who, `/${id}/reply`, { content: '越权' })).statusCode).toBe(403);
      expect((await staffPost(who, `/${id}/status`, { status: 'launched' })).statusCode).toBe(403);
    }
    expect((await t.injectAs('cRegional', { url: '/api/admin/development' })).statusCode).toBe(401);
    expect(body(await staffPost('service', '/99999999/reply', { content: '你好' }))).toMatchObject({
      status: 201,
      msg: '开发需求不存在',
    });
    expect((await staffPost('service', `/${id}/status`, { status: 'unknown' })).statusCode).toBe(400);
    expect((await staffPost('service', `/${id}/reply`, { content: '' })).statusCode).toBe(400);
    expect((await staffPost('service', `/${id}/reply`, { content: '\u0000' })).statusCode).toBe(400);
    // Nothing of that reached the dealer.
    expect(await unread('cRegional')).toBe(0);
  });
});
