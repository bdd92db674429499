import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type {
  AdminCategory,
  AdminMake,
  AdminPartDetail,
  AdminPartListResponse,
  PartInput,
  PartMediaResponse,
} from '@shop/core/api/admin-catalog';
import type { ProductRowPage } from '@shop/core/api/parts';
import { body } from './helpers/api';
import { multipartForm, SAMPLE_FILES } from './helpers/multipart';
import { auditOf, createTestAppWithStaff, type StaffClient, type StaffLogin } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import { categoryId, insertCatalog, type CatalogData } from './catalog-test-data';

/** The back office's catalog: parts, categories, vehicles (permission catalog.manage). */
let t: TestApp;
let staff: StaffClient;
let data: CatalogData;
beforeAll(async () => {
  ({ t, staff } = await createTestAppWithStaff());
  data = await insertCatalog(t.db, t.config.BRAND);
}, 60_000);
afterAll(() => t?.close());

const call = (who: StaffLogin, method: 'GET' | 'POST', url: string, payload?: object) =>
  staff.asStaff(who, { method, url: `/api/admin${url}`, ...(payload ? { payload } : {}) });
const get = <T>(who: StaffLogin, url: string) => call(who, 'GET', url).then((r) => body<T>(r));
const post = <T>(who: StaffLogin, url: string, payload: object = {}) =>
  call(who, 'POST', url, payload).then((r) => body<T>(r));

async function dealerSearch(keyword: string) {
  const res = await t.injectAs('aMain', { method: 'POST', url: '/api/Shop.Accessory/index', payload: { keyword } });
  const b = body<ProductRowPage>(res);
  expect(b.status, b.msg).toBe(200);
  return b.data.list.map((r) => r.product_id);
}

/** The edit form's values of a part (what the detail answers, minus what the server computes). */
function formOf(d: AdminPartDetail): PartInput & { version: string } {
  const { id: _id, oe_number: _oe, l_model_zh: _m, engines: _e, pic: _p, updated_at: _u, ...input } = d;
  return input;
}

describe('each endpoint with each role', () => {
  const endpoints: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
    { method: 'GET', url: '/parts' },
    { method: 'GET', url: '/parts/999999' },
    { method: 'POST', url: '/parts', payload: {} },
    { method: 'POST', url: '/parts/999999', payload: {} },
    { method: 'POST', url: '/parts/media', payload: {} },
    { method: 'GET', url: '/categories' },
    { method: 'POST', url: '/categories', payload: {} },
    { method: 'POST', url: '/categories/999999', payload: { l_name_zh: '无' } },
    { method: 'POST', url: '/categories/999999/delete' },
    { method: 'GET', url: '/vehicles' },
    ...['makes', 'series', 'models'].flatMap((level) => [
      { method: 'POST' as const, url: `/vehicles/${level}`, payload: {} },
      { method: 'POST' as const, url: `/vehicles/${level}/999999`, payload: {} },
      { method: 'POST' as const, url: `/vehicles/${level}/999999/delete` },
    ]),
  ];

  test('catalog and admin are let through (an answer, never 403); customer service and finance get 403', async () => {
    for (const e of endpoints) {
      for (const who of ['catalog', 'admin'] as const) {
        const res = await call(who, e.method, e.url, e.payload ?? (e.method === 'POST' ? {} : undefined));
        expect([who, e.url, [200, 400].includes(res.statusCode)]).toEqual([who, e.url, true]);
      }
      for (const who of ['service', 'finance'] as const) {
        const res = await call(who, e.method, e.url, e.payload ?? (e.method === 'POST' ? {} : undefined));
        expect([who, e.url, res.statusCode, body(res)]).toEqual([
          who,
          e.url,
          403,
          { status: 403, msg: '无权限执行此操作', data: null },
        ]);
      }
    }
  });

  test('a dealer token is refused on every catalog path; no token is refused', async () => {
    for (const e of endpoints) {
      const res = await t.injectAs('aMain', {
        method: e.method,
        url: `/api/admin${e.url}`,
        ...(e.method === 'POST' ? { payload: {} } : {}),
      });
      expect([e.url, res.statusCode]).toEqual([e.url, 401]);
      const anonymous = await t.app.inject({ method: e.method, url: `/api/admin${e.url}` });
      expect([e.url, anonymous.statusCode]).toEqual([e.url, 401]);
    }
  });
});

describe('parts', () => {
  test('the list searches by own code, any number and name, and filters by category and flag', async () => {
    const byOwn = await get<AdminPartListResponse>('catalog', '/parts?keyword=fr-bk-100');
    expect(byOwn.data.list.map((p) => p.id)).toEqual([data.ids.frontPads, data.ids.rearPads, data.ids.pads]);
    // The front pads by their replacement number, the two spark plugs by their own codes (count and page alike).
    const byReplacement = await get<AdminPartListResponse>(
      'catalog',
      `/parts?keyword=${encodeURIComponent('gdb 1234')}`,
    );
    expect(byReplacement.data.list.map((p) => p.id)).toEqual([data.ids.frontPads, data.ids.gdb, data.ids.gdbLonger]);
    expect(byReplacement.data.total).toBe(3);
    const byName = await get<AdminPartListResponse>('catalog', `/parts?keyword=${encodeURIComponent('机油')}`);
    expect(byName.data.list.map((p) => p.id)).toEqual([data.ids.oilFilter]);
    const pads = await categoryId(t.db, '刹车片');
    const inCategory = await get<AdminPartListResponse>('catalog', `/parts?category_id=${pads}&limit=2`);
    expect(inCategory.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(inCategory.data.list[0]).toMatchObject({
      frey_no: 'FR-BK-1001',
      category_name: '刹车片',
      make_name: '宝马',
    });
    const delisting = await get<AdminPartListResponse>('catalog', '/parts?flag=delisting');
    expect(delisting.data.total).toBe(0);
  });

  test('bad input is refused with a Chinese parameter error', async () => {
    const badFlag = await call('catalog', 'GET', '/parts?flag=whatever');
    expect(badFlag.statusCode).toBe(400);
    expect(body(badFlag).msg).toMatch(/^请求参数错误：flag 状态筛选不正确/);
    const detail = body<AdminPartDetail>(await call('catalog', 'GET', `/parts/${data.ids.pads}`)).data;
    const noName = await call('catalog', 'POST', `/parts/${data.ids.pads}`, { ...formOf(detail), l_name_zh: ' ' });
    expect([noName.statusCode, body(noName).msg]).toEqual([400, '请求参数错误：l_name_zh 请填写配件名称']);
    const badScm = await call('catalog', 'POST', `/parts/${data.ids.pads}`, {
      ...formOf(detail),
      scm_classification: 'Z',
    });
    expect([badScm.statusCode, body(badScm).msg]).toEqual([400, '请求参数错误：scm_classification SCM 分类不正确']);
    const badId = await call('catalog', 'GET', '/parts/abc');
    expect([badId.statusCode, body(badId).msg]).toEqual([400, '请求参数错误：编号格式不正确']);
    expect(await get('catalog', '/parts/999999')).toEqual({ status: 201, msg: '商品不存在', data: null });
  });

  test('an edit is found by the dealer search at once, with its audit entry', async () => {
    const id = data.ids.airFilter;
    // Searched once before, so the name lists are in this process's cache.
    expect(await dealerSearch('NEWOE-778899')).toEqual([]);
    expect(await dealerSearch('高效空气')).toEqual([]);
    const before = (await get<AdminPartDetail>('catalog', `/parts/${id}`)).data;
    expect(before).toMatchObject({ frey_no: 'FR-AF-2002', oe_number: 'ZK 77 002', l_name_zh: '空气滤清器' });
    const form = formOf(before);
    const saved = await post<AdminPartDetail>('catalog', `/parts/${id}`, {
      ...form,
      l_name_zh: '高效空气滤清器',
      numbers: [
        { kind: 'oe', factory: '奔驰', number: 'NEWOE 778899' },
        { kind: 'replacement', factory: 'MANN', number: 'C 27 114' },
      ],
      is_coming_soon: 1,
      outbox_fcl_quantity: 24,
      attributes: { ...form.attributes, box: '1个/盒', type_name: '纸质' },
    });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({
      oe_number: 'NEWOE 778899',
      l_name_zh: '高效空气滤清器',
      is_coming_soon: 1,
      outbox_fcl_quantity: 24,
      attributes: { box: '1个/盒', type_name: '纸质' },
    });
    expect(saved.data.version).not.toBe(before.version);

    // The dealer's search (the real route) finds the new numbers and the new name at once; the old OE is gone.
    expect(await dealerSearch('newoe778899')).toEqual([id]);
    expect(await dealerSearch('C27114')).toEqual([id]);
    expect(await dealerSearch('ZK 77 002')).toEqual([]);
    expect(await dealerSearch('高效空气')).toEqual([id]);
    // The copies the triggers keep for the part rows follow.
    const [copies] = (await t.db.execute(sql`select row_search_numbers from products where id = ${id}`)).rows as {
      row_search_numbers: { factory: string; search_number: string }[];
    }[];
    expect(copies!.row_search_numbers).toEqual([{ factory: 'MANN', search_number: 'C 27 114' }]);

    const [entry] = await auditOf(staff, 'part', id);
    expect(entry).toMatchObject({
      staff_id: staff.staffIds.catalog,
      action: 'part.update',
      before: { l_name_zh: '空气滤清器', oe_number: 'ZK 77 002' },
      after: { l_name_zh: '高效空气滤清器', oe_number: 'NEWOE 778899' },
    });
  });

  test('a concurrent edit is detected: the later save of the same version is refused and changes nothing', async () => {
    const id = data.ids.gdbLonger;
    const loaded = formOf((await get<AdminPartDetail>('catalog', `/parts/${id}`)).data);
    const [first, second] = await Promise.all([
      post<AdminPartDetail>('catalog', `/parts/${id}`, { ...loaded, l_name_zh: '铱金火花塞（甲）' }),
      post<AdminPartDetail>('admin', `/parts/${id}`, { ...loaded, product_name: '奔驰C级 铱金火花塞（乙）' }),
    ]);
    const answers = [first, second].map((b) => [b.status, b.msg]).sort();
    expect(answers).toEqual([
      [200, '商品已保存'],
      [201, '该商品已被他人修改，请刷新后重试'],
    ]);
    const now = (await get<AdminPartDetail>('catalog', `/parts/${id}`)).data;
    const winner = first.status === 200 ? first.data : second.data;
    expect(now).toEqual(winner);
    // One audit entry: the refused save wrote none.
    expect((await auditOf(staff, 'part', id)).map((e) => e.action)).toEqual(['part.update']);
    // A save from the newer version goes through.
    const again = await post<AdminPartDetail>('catalog', `/parts/${id}`, formOf(now));
    expect(again.status, again.msg).toBe(200);
  });

  test('create: fitments give the vehicle text, the own code must be free, the category a leaf', async () => {
    const vehicles = (await get<AdminMake[]>('catalog', '/vehicles')).data;
    const bmw5 = vehicles.find((m) => m.name_zh === '宝马')!.series.find((s) => s.name_zh === '5系')!;
    const leaf = await categoryId(t.db, '刹车片');
    const input: PartInput = {
      frey_no: 'FR-NEW-0001',
      l_name_zh: '刹车盘',
      product_name: '宝马5系 刹车盘',
      make_id: bmw5.make_id,
      category_id: leaf,
      numbers: [{ kind: 'oe', factory: '宝马', number: '34 11 6 797 602' }],
      model_ids: bmw5.models.map((m) => m.id),
      attributes: { box: '', type_name: '', oe_amount: 2, shelf_name: '', color: '', description: '' },
      outbox_fcl_quantity: 0,
      scm_classification: 'B',
      is_coming_soon: 0,
      is_delisting: 0,
      is_orderable: 1,
      pictures: [],
      carousel: { description: '耐高温', pictures: [] },
      videos: [],
    };
    const created = await post<AdminPartDetail>('catalog', '/parts', input);
    expect(created.status, created.msg).toBe(200);
    expect(created.data.l_model_zh).toMatch(/^宝马5系 \S+ \d{4}-(\d{4})?$/);
    expect(created.data.model_ids).toEqual(bmw5.models.map((m) => m.id).sort((a, b) => a - b));
    expect(await dealerSearch('34116797602')).toEqual([created.data.id]);
    expect((await auditOf(staff, 'part', created.data.id)).map((e) => e.action)).toEqual(['part.create']);

    expect(await post('catalog', '/parts', { ...input, frey_no: 'fr new 0001' })).toEqual({
      status: 201,
      msg: '本厂编码已被其他商品使用',
      data: null,
    });
    const top = (await get<AdminCategory[]>('catalog', '/categories')).data.find((c) => c.level === 1)!;
    expect(await post('catalog', '/parts', { ...input, frey_no: 'FR-NEW-0002', category_id: top.id })).toEqual({
      status: 201,
      msg: '商品只能挂在第三级分类下',
      data: null,
    });
  });

  test('pictures and videos are uploaded, checked by content, and served to anyone', async () => {
    const upload = (content: Buffer, filename: string, contentType: string): Promise<LightMyRequestResponse> => {
      const form = multipartForm({}, { field: 'file', filename, contentType, content });
      return staff.asStaff('catalog', { method: 'POST', url: '/api/admin/parts/media', ...form });
    };
    const picture = body<PartMediaResponse>(await upload(SAMPLE_FILES.png, 'a.png', 'image/png'));
    expect(picture.status, picture.msg).toBe(200);
    expect(picture.data).toEqual({
      url: expect.stringMatching(/^\/media\/catalog\/[0-9a-f-]{36}\.png$/),
      kind: 'image',
    });
    const video = body<PartMediaResponse>(await upload(SAMPLE_FILES.mp4, 'b.mp4', 'video/mp4'));
    expect(video.data.kind).toBe('video');
    expect(body(await upload(SAMPLE_FILES.svg, 'c.png', 'image/png'))).toEqual({
      status: 201,
      msg: '文件不是有效的图片或视频，请选择 JPG、PNG、GIF、WEBP 图片或 MP4、WEBM 视频',
      data: null,
    });
    const served = await t.app.inject({ url: picture.data.url });
    expect([served.statusCode, served.headers['content-type'], served.rawPayload]).toEqual([
      200,
      'image/png',
      SAMPLE_FILES.png,
    ]);
    // An encoded path (the router does not fold it) names no stored file.
    expect((await t.app.inject({ url: '/media/catalog/..%2F..%2Fsecret.png' })).statusCode).toBe(404);

    const id = data.ids.gdb;
    const form = formOf((await get<AdminPartDetail>('catalog', `/parts/${id}`)).data);
    const saved = await post<AdminPartDetail>('catalog', `/parts/${id}`, {
      ...form,
      pictures: [picture.data.url],
      carousel: { description: '卖点', pictures: [picture.data.url] },
      videos: [{ video_name: '安装视频', pic: picture.data.url, video: video.data.url, print_car: '奔驰C级' }],
    });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ pic: picture.data.url, pictures: [picture.data.url] });
    const [row] = (await t.db.execute(sql`select pic, row_video, row_has_carousel from products where id = ${id}`))
      .rows as { pic: string; row_video: string; row_has_carousel: boolean }[];
    expect(row).toEqual({ pic: picture.data.url, row_video: video.data.url, row_has_carousel: true });
  });
});

describe('categories', () => {
  test('create, rename, delete; a category in use cannot be deleted; each change audited', async () => {
    const made = await post<{ id: number }>('catalog', '/categories', {
      parent_id: null,
      l_name_zh: '新分类',
      sort: 9,
    });
    expect(made.status, made.msg).toBe(200);
    const child = await post<{ id: number }>('catalog', '/categories', {
      parent_id: made.data.id,
      l_name_zh: '子分类',
    });
    expect(child.status).toBe(200);
    expect(await post('catalog', `/categories/${made.data.id}/delete`)).toEqual({
      status: 201,
      msg: '该分类下还有商品或子分类，不能删除',
      data: null,
    });
    const pads = await categoryId(t.db, '刹车片');
    expect((await post('catalog', `/categories/${pads}/delete`)).msg).toBe('该分类下还有商品或子分类，不能删除');
    expect((await post('catalog', `/categories/${child.data.id}`, { l_name_zh: '改名', sort: 1 })).status).toBe(200);
    const tree = (await get<AdminCategory[]>('catalog', '/categories')).data;
    expect(tree.find((c) => c.id === child.data.id)).toMatchObject({
      level: 2,
      parent_id: made.data.id,
      l_name_zh: '改名',
      parts: 0,
    });
    expect(tree.find((c) => c.id === pads)?.parts).toBeGreaterThan(0);
    expect((await post('catalog', `/categories/${child.data.id}/delete`)).status).toBe(200);
    expect((await post('catalog', `/categories/${made.data.id}/delete`)).status).toBe(200);
    expect((await auditOf(staff, 'category', child.data.id)).map((e) => e.action)).toEqual([
      'category.delete',
      'category.update',
      'category.create',
    ]);
    const bad = await call('catalog', 'POST', '/categories', { parent_id: null, l_name_zh: '' });
    expect([bad.statusCode, body(bad).msg]).toEqual([400, '请求参数错误：l_name_zh 请填写分类名称']);
  });
});

describe('vehicles', () => {
  test('makes, series and models: create, update, delete when unused; each change audited', async () => {
    const make = await post<{ id: number }>('catalog', '/vehicles/makes', { name_zh: '测试品牌', name_en: 'Test' });
    expect(make.status, make.msg).toBe(200);
    const series = await post<{ id: number }>('catalog', '/vehicles/series', { make_id: make.data.id, name_zh: 'A系' });
    const model = {
      series_id: series.data.id,
      name_zh: 'A1 标准型',
      chassis_code: 'T1',
      engine_code: 'E20',
      transmission: '6AT',
      displacement: '2.0T',
      year_from: 2020,
      year_to: null,
      vehicle_type: '轿车',
    };
    const created = await post<{ id: number }>('catalog', '/vehicles/models', model);
    expect(created.status, created.msg).toBe(200);
    const badYears = await call('catalog', 'POST', '/vehicles/models', { ...model, year_to: 2019 });
    expect([badYears.statusCode, body(badYears).msg]).toEqual([400, '请求参数错误：停产年份不能早于上市年份']);
    expect((await post('catalog', `/vehicles/models/${created.data.id}`, { ...model, year_to: 2024 })).status).toBe(
      200,
    );
    const tree = (await get<AdminMake[]>('catalog', '/vehicles')).data;
    expect(tree.find((m) => m.id === make.data.id)?.series[0]?.models[0]).toMatchObject({
      year_to: 2024,
      name_zh: 'A1 标准型',
    });

    expect((await post('catalog', `/vehicles/makes/${make.data.id}/delete`)).msg).toBe(
      '该车型数据正在被使用，不能删除',
    );
    const fitted = (await get<AdminPartDetail>('catalog', `/parts/${data.ids.frontPads}`)).data.model_ids[0]!;
    expect((await post('catalog', `/vehicles/models/${fitted}/delete`)).msg).toBe('该车型数据正在被使用，不能删除');
    expect((await post('catalog', `/vehicles/models/${created.data.id}/delete`)).status).toBe(200);
    expect((await post('catalog', `/vehicles/series/${series.data.id}/delete`)).status).toBe(200);
    expect((await post('catalog', `/vehicles/makes/${make.data.id}/delete`)).status).toBe(200);
    expect((await auditOf(staff, 'model', created.data.id)).map((e) => e.action)).toEqual([
      'model.delete',
      'model.update',
      'model.create',
    ]);
    expect(await post('catalog', '/vehicles/series', { make_id: 999999, name_zh: 'X' })).toEqual({
      status: 201,
      msg: '品牌不存在',
      data: null,
    });
  });

  test('renaming a series writes the vehicle text of the parts fitting it again', async () => {
    const bmw = (await get<AdminMake[]>('catalog', '/vehicles')).data.find((m) => m.name_zh === '宝马')!;
    const series = bmw.series.find((s) => s.name_zh === '5系')!;
    const renamed = await post('catalog', `/vehicles/series/${series.id}`, {
      make_id: bmw.id,
      name_zh: '5系GT',
      sort: series.sort,
    });
    expect(renamed.status, renamed.msg).toBe(200);
    const pads = (await get<AdminPartDetail>('catalog', `/parts/${data.ids.pads}`)).data;
    expect(pads.l_model_zh).toMatch(/^宝马5系GT \S+ \d{4}-/);
    await post('catalog', `/vehicles/series/${series.id}`, { make_id: bmw.id, name_zh: '5系', sort: series.sort });
    expect((await get<AdminPartDetail>('catalog', `/parts/${data.ids.pads}`)).data.l_model_zh).toMatch(/^宝马5系 /);
  });

  test('unknown parents are refused', async () => {
    expect(await post('catalog', '/vehicles/series', { make_id: 999999, name_zh: 'X' })).toEqual({
      status: 201,
      msg: '品牌不存在',
      data: null,
    });
  });
});
