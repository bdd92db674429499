import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminBanner, AdminHotKeyword, ContentMediaResponse, ContentPartList } from '@shop/core/api/admin-content';
import type { HomeIndex, HotKeywords, NewArrivalList } from '@shop/core/api/home';
import { utimes } from 'node:fs/promises';
import { chinaDateTime } from '../src/lib/china-time';
import type { LocalFileStorage } from '../src/uploads/storage';
import { deleteUnreferencedMedia } from '../src/uploads/unreferenced-media';
import { body } from './helpers/api';
import { multipartForm, SAMPLE_FILES } from './helpers/multipart';
import { auditOf, type StaffClient, withDemoStaff } from './helpers/staff';
import { createShop } from './orders-shop';
import type { TestApp } from './helpers/test-app';

/** /api/admin/content/*: the shop content, and the dealers' home showing it at once. */
let t: TestApp;
let staff: StaffClient;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ t, ids } = await createShop());
  staff = await withDemoStaff(t);
  await t.db.execute(sql`delete from banners`);
  await t.db.execute(sql`delete from hot_keywords`);
}, 60_000);
afterAll(() => t?.close());

const post = (url: string, payload: object = {}, who: 'admin' | 'catalog' | 'service' | 'finance' = 'catalog') =>
  staff.asStaff(who, { method: 'POST', url: `/api/admin/content${url}`, payload });
const get = (url: string, who: 'admin' | 'catalog' | 'service' | 'finance' = 'catalog') =>
  staff.asStaff(who, { method: 'GET', url: `/api/admin/content${url}` });

async function dealerHome(): Promise<HomeIndex> {
  return body<HomeIndex>(await t.injectAs('aMain', { url: '/api/Shop.Index/index' })).data;
}

const later = (ms: number) => chinaDateTime(new Date(Date.now() + ms));
const HOUR = 3_600_000;

describe('banners', () => {
  test('created, listed in order, edited and deleted; the dealer home shows only the current ones', async () => {
    const made: AdminBanner[] = [];
    for (const input of [
      { picture: '/media/banners/1.svg', address: '/parts/new' },
      { picture: '/media/video/banner-promo.mp4', file_type: 'video' },
      // Starts in an hour: not shown yet.
      { picture: '/media/banners/2.svg', starts_at: later(HOUR) },
      // Ended an hour ago.
      { picture: '/media/banners/3.svg', starts_at: later(-2 * HOUR), ends_at: later(-HOUR) },
      // Within its schedule.
      { picture: '/media/banners/4.svg', starts_at: later(-HOUR), ends_at: later(HOUR) },
      { picture: '/media/banners/5.svg', enabled: false },
    ]) {
      const b = body<AdminBanner>(await post('/banners', input));
      expect(b.status, b.msg).toBe(200);
      made.push(b.data);
    }
    expect(made.map((b) => b.state)).toEqual(['showing', 'showing', 'scheduled', 'ended', 'showing', 'disabled']);
    expect(made.map((b) => b.sort)).toEqual([1, 2, 3, 4, 5, 6]);

    const home = await dealerHome();
    expect(home.shop_carousel_list).toEqual([
      { picture: '/media/banners/1.svg', fileType: 'image', address: '/parts/new' },
      { picture: '/media/video/banner-promo.mp4', fileType: 'video', address: '' },
      { picture: '/media/banners/4.svg', fileType: 'image', address: '' },
    ]);

    // Moving the schedule of the future one to now shows it at once.
    const future = made[2]!;
    const edited = body<AdminBanner>(
      await post(`/banners/${future.id}`, {
        picture: future.picture,
        starts_at: later(-HOUR),
        address: '/parts/stock',
      }),
    );
    expect(edited.data).toMatchObject({ state: 'showing', address: '/parts/stock' });
    expect((await dealerHome()).shop_carousel_list.map((b) => b.picture)).toContain('/media/banners/2.svg');

    // Reorder: the whole list, reversed.
    const order = made.map((b) => b.id).reverse();
    expect(body(await post('/banners/reorder', { ids: order })).status).toBe(200);
    const listed = body<AdminBanner[]>(await get('/banners')).data;
    expect(listed.map((b) => b.id)).toEqual(order);
    expect((await dealerHome()).shop_carousel_list[0]!.picture).toBe('/media/banners/4.svg');

    expect(body(await post(`/banners/${made[0]!.id}/delete`)).status).toBe(200);
    expect(body<AdminBanner[]>(await get('/banners')).data).toHaveLength(5);

    const audit = await auditOf(staff, 'banner', made[2]!.id);
    expect(audit.map((a) => a.action)).toEqual(['banner.update', 'banner.create']);
    expect(audit[0]!.before).toMatchObject({ state: 'scheduled', address: '' });
    expect(audit[0]!.after).toMatchObject({ state: 'showing', address: '/parts/stock' });
    expect((await auditOf(staff, 'banner', made[0]!.id))[0]).toMatchObject({ action: 'banner.delete', after: null });
  });

  test('bad input is refused with its reason and changes nothing', async () => {
    const before = body<AdminBanner[]>(await get('/banners')).data;
    const refusals: [object, string][] = [
      [{}, '请上传图片或视频'],
      [{ picture: 'javascript:alert(1)' }, '图片或视频地址不正确'],
      [{ picture: '/media/banners/1.svg', address: 'javascript:alert(1)' }, '链接地址不正确'],
      [{ picture: '/media/banners/1.svg', starts_at: '2026-13-01' }, '时间格式'],
      [{ picture: '/media/banners/1.svg', starts_at: later(HOUR), ends_at: later(-HOUR) }, '结束时间须晚于开始时间'],
    ];
    for (const [payload, msg] of refusals) {
      const res = await post('/banners', payload);
      expect([res.statusCode, body(res).msg]).toEqual([400, expect.stringContaining(msg)]);
    }
    expect(body(await post('/banners/999999', { picture: '/media/banners/1.svg' })).msg).toBe('轮播图不存在');
    expect(body(await post('/banners/reorder', { ids: [before[0]!.id] })).msg).toBe('排序须列出全部条目，且不能重复');
    expect(body<AdminBanner[]>(await get('/banners')).data).toEqual(before);
  });

  test('a picture or video is uploaded, served to everyone under /media/content, and a text file refused', async () => {
    const png = multipartForm(
      {},
      { field: 'file', filename: 'a.png', contentType: 'image/png', content: SAMPLE_FILES.png },
    );
    const res = await staff.asStaff('catalog', { method: 'POST', url: '/api/admin/content/media', ...png });
    const b = body<ContentMediaResponse>(res);
    expect(b.status, b.msg).toBe(200);
    expect(b.data).toEqual({
      url: expect.stringMatching(/^\/media\/content\/[0-9a-f-]{36}\.png$/),
      file_type: 'image',
    });
    const served = await t.app.inject({ url: b.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);

    const mp4 = multipartForm(
      {},
      { field: 'file', filename: 'a.mp4', contentType: 'video/mp4', content: SAMPLE_FILES.mp4 },
    );
    const video = body<ContentMediaResponse>(
      await staff.asStaff('catalog', { method: 'POST', url: '/api/admin/content/media', ...mp4 }),
    );
    expect(video.data.file_type).toBe('video');
    expect(body(await post('/banners', { picture: video.data.url, file_type: 'video' })).status).toBe(200);

    const text = multipartForm(
      {},
      { field: 'file', filename: 'a.png', contentType: 'image/png', content: SAMPLE_FILES.text },
    );
    const refused = await staff.asStaff('catalog', { method: 'POST', url: '/api/admin/content/media', ...text });
    expect(body(refused).msg).toContain('不是有效的图片或视频');
    expect((await t.app.inject({ url: '/media/content/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);

    // A dealer's token does not upload shop media.
    const dealer = await t.injectAs('aMain', { method: 'POST', url: '/api/admin/content/media', ...png });
    expect(dealer.statusCode).toBe(401);
  });
});

describe('unreferenced media', () => {
  test('a banner or part file no row references is deleted after the grace period; used and recent ones stay', async () => {
    const send = async (url: string) => {
      const form = multipartForm(
        {},
        { field: 'file', filename: 'a.png', contentType: 'image/png', content: SAMPLE_FILES.png },
      );
      const b = body<{ url: string }>(await staff.asStaff('catalog', { method: 'POST', url, ...form }));
      expect(b.status, b.msg).toBe(200);
      return b.data.url;
    };
    const usedBanner = await send('/api/admin/content/media');
    const lostBanner = await send('/api/admin/content/media');
    const usedPart = await send('/api/admin/parts/media');
    const lostPart = await send('/api/admin/parts/media');
    const recent = await send('/api/admin/parts/media');
    expect(body(await post('/banners', { picture: usedBanner })).status).toBe(200);
    await t.db.execute(sql`update products set pic = ${usedPart} where id = ${ids.p1}`);

    const storage = t.app.uploads.storage as LocalFileStorage;
    const keyOf = (url: string) => url.slice('/media/'.length);
    const aWeekAgo = new Date(Date.now() - 7 * 24 * HOUR);
    for (const url of [usedBanner, lostBanner, usedPart, lostPart])
      await utimes(storage.path(keyOf(url)), aWeekAgo, aWeekAgo);

    const deleted = await deleteUnreferencedMedia(t.db, storage, 24 * HOUR);
    expect(deleted.sort()).toEqual([keyOf(lostBanner), keyOf(lostPart)].sort());
    for (const [url, status] of [
      [usedBanner, 200],
      [usedPart, 200],
      [recent, 200],
      [lostBanner, 404],
      [lostPart, 404],
    ] as const) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(status);
    }
  });
});

describe('hot keywords', () => {
  test('created, edited, reordered and deleted; the dealer sees them at once; duplicates refused', async () => {
    const words: AdminHotKeyword[] = [];
    for (const keyword of ['刹车片', '机油滤清器', '火花塞']) {
      words.push(body<AdminHotKeyword>(await post('/hot-keywords', { keyword })).data);
    }
    const dealer = async () =>
      body<HotKeywords>(await t.injectAs('aMain', { url: '/api/Shop.Index/hot_keywords_list' })).data.hot_keywords;
    expect(await dealer()).toBe('刹车片,机油滤清器,火花塞');

    expect(body(await post('/hot-keywords', { keyword: '刹车片' })).msg).toBe('该关键词已存在');
    expect(body(await post('/hot-keywords', { keyword: 'a,b' })).msg).toContain('关键词不能包含逗号');
    expect(body(await post('/hot-keywords', { keyword: ' ' })).msg).toContain('请填写关键词');
    expect(body(await post(`/hot-keywords/${words[1]!.id}`, { keyword: '火花塞' })).msg).toBe('该关键词已存在');

    await post(`/hot-keywords/${words[2]!.id}`, { keyword: '火花塞', enabled: false });
    await post('/hot-keywords/reorder', { ids: [words[1]!.id, words[0]!.id, words[2]!.id] });
    expect(await dealer()).toBe('机油滤清器,刹车片');
    await post(`/hot-keywords/${words[0]!.id}/delete`);
    expect(await dealer()).toBe('机油滤清器');

    expect((await auditOf(staff, 'hot_keyword', words[2]!.id)).map((a) => a.action)).toEqual([
      'hot_keyword.update',
      'hot_keyword.create',
    ]);
    const reorder = await staff.asStaff('admin', { url: '/api/admin/audit?action=hot_keyword.reorder' });
    expect(body<{ list: { before: unknown; after: unknown }[] }>(reorder).data.list[0]).toMatchObject({
      before: words.map((w) => w.id),
      after: [words[1]!.id, words[0]!.id, words[2]!.id],
    });
  });
});

describe('hot recommendations and new arrivals', () => {
  async function frey(key: string) {
    const [row] = (await t.db.execute(sql`select frey_no from products where id = ${ids[key]!}`)).rows as {
      frey_no: string;
    }[];
    return row!.frey_no;
  }

  test('a part added by its own code shows on the dealer home and the new arrivals at once; removed again', async () => {
    await t.db.execute(sql`update products set hot_recommend_rank = null, new_arrival_at = null`);
    const newArrivals = async () =>
      body<NewArrivalList>(await t.injectAs('aMain', { url: '/api/Shop.NewArrival/newArrivalList?page=1&limit=10' }))
        .data;
    expect((await newArrivals()).total).toBe(0);

    for (const key of ['p2', 'p1'])
      expect(body(await post('/hot-recommends', { number: await frey(key) })).status).toBe(200);
    expect((await dealerHome()).hot_recommends.map((c) => c.product_id)).toEqual([ids.p2, ids.p1]);
    expect(body(await post('/hot-recommends', { number: await frey('p1') })).msg).toBe('该配件已在热门推荐中');
    expect(body(await post('/hot-recommends', { number: 'NO-SUCH-PART' })).msg).toBe('未找到该编号的配件');

    await post('/hot-recommends/reorder', { ids: [ids.p1, ids.p2] });
    const hot = body<ContentPartList>(await get('/hot-recommends')).data;
    expect(hot.list.map((p) => [p.product_id, p.rank])).toEqual([
      [ids.p1, 1],
      [ids.p2, 2],
    ]);
    expect((await dealerHome()).hot_recommends.map((c) => c.product_id)).toEqual([ids.p1, ids.p2]);

    // The total is cached for the dealers; a change shows at once all the same.
    expect(body(await post('/new-arrivals', { number: await frey('p3') })).status).toBe(200);
    expect((await newArrivals()).list.map((c) => c.product_id)).toEqual([ids.p3]);
    expect(body<ContentPartList>(await get('/new-arrivals')).data.list[0]).toMatchObject({
      product_id: ids.p3,
      new_arrival_at: expect.any(String),
    });
    expect(body(await post(`/new-arrivals/${ids.p3}/delete`)).status).toBe(200);
    expect(await newArrivals()).toEqual({ total: 0, list: [] });
    expect(body(await post(`/new-arrivals/${ids.p3}/delete`)).msg).toBe('该配件不在新品中');

    expect((await auditOf(staff, 'new_arrival', ids.p3!)).map((a) => a.action)).toEqual([
      'new_arrival.remove',
      'new_arrival.add',
    ]);
    expect((await auditOf(staff, 'hot_recommend', ids.p2!))[0]).toMatchObject({
      action: 'hot_recommend.add',
      before: { rank: null },
      after: { rank: 1 },
    });
  });
});

describe('who may change the content', () => {
  test('only roles with content.manage; a refused call changes nothing and writes no audit entry', async () => {
    const before = (await t.db.execute(sql`select count(*)::int as n from audit_log`)).rows[0];
    for (const who of ['service', 'finance'] as const) {
      const res = await post('/hot-keywords', { keyword: '水泵' }, who);
      expect([res.statusCode, body(res).msg]).toEqual([403, '无权限执行此操作']);
      expect((await get('/banners', who)).statusCode).toBe(403);
    }
    expect((await t.db.execute(sql`select count(*)::int as n from audit_log`)).rows[0]).toEqual(before);
    expect(body(await post('/hot-keywords', { keyword: '水泵' }, 'admin')).status).toBe(200);
    const dealer = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/admin/content/hot-keywords',
      payload: { keyword: 'x' },
    });
    expect(dealer.statusCode).toBe(401);
  });
});
