import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  AdminStudyArticle,
  AdminStudyCategory,
  AdminStudyPage,
  StudyCategory,
  StudyDetail,
  StudyPage,
} from '@shop/core/api/learning';
import { STUDY_TEXTS } from '@shop/core/api/learning';
import { body, queryOf } from './helpers/api';
import { auditOf, createTestAppWithStaff, type StaffClient } from './helpers/staff';
import type { FixtureAccountKey } from './helpers/fixtures';
import type { TestApp } from './helpers/test-app';

/** The learning centre: staff publish (content.manage, audited), dealers read with their own progress. */
let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  ({ t, staff } = await createTestAppWithStaff());
}, 60_000);
afterAll(() => t?.close());

type Who = 'admin' | 'catalog' | 'service' | 'finance';
const post = (url: string, payload: object = {}, who: Who = 'catalog') =>
  staff.asStaff(who, { method: 'POST', url: `/api/admin/study${url}`, payload });
const get = (url: string, who: Who = 'catalog') => staff.asStaff(who, { method: 'GET', url: `/api/admin/study${url}` });
const dealer = (who: FixtureAccountKey, path: string, query: Record<string, string | number> = {}) =>
  t.injectAs(who, {
    url: `/api/Shop.StudyCentre/${path}`,
    query: queryOf(query),
  });
const progress = (who: FixtureAccountKey, payload: object) =>
  t.injectAs(who, { method: 'POST', url: '/api/Shop.StudyCentre/progress', payload });

async function category(name: string): Promise<AdminStudyCategory> {
  const b = body<AdminStudyCategory>(await post('/categories', { name }));
  expect(b.status).toBe(200);
  return b.data;
}
async function article(input: object): Promise<AdminStudyArticle> {
  const b = body<AdminStudyArticle>(await post('/articles', input));
  expect(b, JSON.stringify(b)).toMatchObject({ status: 200 });
  return b.data;
}

describe('staff publish', () => {
  test('categories and articles created, edited, published and taken down, each audited', async () => {
    const c = await category('产品知识');
    const a = await article({
      category_id: c.id,
      title: '刹车片更换要点',
      summary: '三步检查',
      body: '第一段\n\n第二段',
    });
    expect(a).toMatchObject({ published: false, published_at: '', category_name: '产品知识', readers: 0 });

    // Unpublished: the dealers see neither the item nor the empty category.
    expect(body<StudyPage>(await dealer('aMain', 'index')).data.list.map((i) => i.id)).not.toContain(a.id);
    expect(body(await dealer('aMain', 'detail', { id: a.id }))).toMatchObject({
      status: 201,
      msg: STUDY_TEXTS.articleNotFound,
    });

    const published = body<AdminStudyArticle>(await post(`/articles/${a.id}/publish`));
    expect(published).toMatchObject({ status: 200, msg: '已发布', data: { published: true } });
    expect(published.data.published_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const edited = body<AdminStudyArticle>(
      await post(`/articles/${a.id}`, {
        category_id: c.id,
        title: '刹车片更换要点（新版）',
        body: '正文',
        published: true,
      }),
    );
    expect(edited.data).toMatchObject({ title: '刹车片更换要点（新版）', published_at: published.data.published_at });

    const cats = body<StudyCategory[]>(await dealer('bMain', 'getCategoryList')).data;
    expect(cats).toContainEqual({ id: c.id, name: '产品知识', count: 1 });

    expect(body(await post(`/articles/${a.id}/unpublish`))).toMatchObject({ status: 200, data: { published: false } });
    expect(body<StudyCategory[]>(await dealer('bMain', 'getCategoryList')).data.map((x) => x.id)).not.toContain(c.id);

    const audit = await auditOf(staff, 'study_article', a.id);
    expect(audit.map((x) => x.action)).toEqual([
      'study_article.unpublish',
      'study_article.update',
      'study_article.publish',
      'study_article.create',
    ]);
    expect((await auditOf(staff, 'study_category', c.id)).map((x) => x.action)).toEqual(['study_category.create']);
  });

  test('a video needs its file; bad input, unknown ids and a used category are refused in Chinese', async () => {
    const c = await category('视频课程');
    expect(body(await post('/articles', { category_id: c.id, kind: 'video', title: '视频' })).msg).toContain(
      STUDY_TEXTS.videoRequired,
    );
    expect(body(await post('/articles', { category_id: c.id, title: '' })).msg).toContain(STUDY_TEXTS.titleRequired);
    expect(
      body(await post('/articles', { category_id: c.id, title: 'x', cover: 'javascript:alert(1)' })).msg,
    ).toContain(STUDY_TEXTS.mediaBad);
    expect(body(await post('/articles', { category_id: 99999999, title: 'x' }))).toMatchObject({
      status: 201,
      msg: STUDY_TEXTS.categoryNotFound,
    });
    expect(body(await post('/articles/abc/publish')).msg).toContain(STUDY_TEXTS.articleNotFound);
    expect(body(await post('/articles/99999999/publish'))).toMatchObject({
      status: 201,
      msg: STUDY_TEXTS.articleNotFound,
    });
    expect(body(await post('/categories', { name: '一二三四五六七八九十一二三四五六七八九十一' })).msg).toContain(
      STUDY_TEXTS.nameTooLong,
    );

    const v = await article({
      category_id: c.id,
      kind: 'video',
      title: '安装视频',
      video_url: '/media/video/a.mp4',
      published: true,
    });
    expect(v).toMatchObject({ kind: 'video', published: true });
    expect(body(await post(`/categories/${c.id}/delete`))).toMatchObject({
      status: 201,
      msg: STUDY_TEXTS.categoryInUse,
    });
    const empty = await category('空分类');
    expect(body(await post(`/categories/${empty.id}/delete`))).toMatchObject({ status: 200 });
    const list = body<AdminStudyPage>(await get(`/articles?category_id=${c.id}`)).data;
    expect(list.list.map((x) => x.id)).toEqual([v.id]);
  });

  test('only staff with content.manage may publish', async () => {
    for (const who of ['service', 'finance'] as const) {
      expect((await post('/categories', { name: '越权' }, who)).statusCode).toBe(403);
      expect((await get('/articles', who)).statusCode).toBe(403);
    }
    // A dealer's token is no staff login.
    const res = await t.injectAs('aMain', { method: 'GET', url: '/api/admin/study/articles' });
    expect(res.statusCode).toBe(401);
  });
});

describe('dealers read with their own progress', () => {
  test('progress is per account, only grows, and is never another account’s', async () => {
    const c = await category('销售技巧');
    const a = await article({ category_id: c.id, title: '如何介绍原厂件', body: '正文', published: true });

    expect(body(await progress('aMain', { id: a.id, progress: 40 }))).toMatchObject({
      status: 200,
      data: { progress: 40 },
    });
    expect(body(await progress('aMain', { id: a.id, progress: 20 }))).toMatchObject({ data: { progress: 40 } });
    expect(body<StudyDetail>(await dealer('aMain', 'detail', { id: a.id })).data).toMatchObject({
      progress: 40,
      body: '正文',
      category_name: '销售技巧',
    });
    // The sub-account of the same company and another company start at 0.
    expect(body<StudyDetail>(await dealer('aSub', 'detail', { id: a.id })).data.progress).toBe(0);
    expect(body<StudyDetail>(await dealer('bMain', 'detail', { id: a.id })).data.progress).toBe(0);
    expect(body(await progress('aMain', { id: a.id, progress: 100 }))).toMatchObject({ data: { progress: 100 } });
    const { rows } = await t.db.execute(sql`select finished_at from study_progress where article_id = ${a.id}`);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { finished_at: unknown }).finished_at).not.toBeNull();

    const page = body<StudyPage>(await dealer('aMain', 'index', { category_id: c.id })).data;
    expect(page).toMatchObject({ total: 1, page: 1, list: [{ id: a.id, progress: 100 }] });
    expect(body(await dealer('aMain', 'index', { category_id: 'x' })).msg).toContain(STUDY_TEXTS.categoryNotFound);

    // The staff list counts readers.
    const admin = body<AdminStudyPage>(await get(`/articles?category_id=${c.id}`)).data.list[0]!;
    expect(admin.readers).toBe(1);
  });

  test('bad progress, an unpublished item and no login are refused', async () => {
    const c = await category('草稿');
    const draft = await article({ category_id: c.id, title: '草稿' });
    for (const p of [-1, 101, 1.5, 'x']) {
      expect(body(await progress('aMain', { id: draft.id, progress: p })).msg).toContain(STUDY_TEXTS.progressBad);
    }
    expect(body(await progress('aMain', { id: draft.id, progress: 10 }))).toMatchObject({
      status: 201,
      msg: STUDY_TEXTS.articleNotFound,
    });
    const anonymous = await t.app.inject({ url: '/api/Shop.StudyCentre/index' });
    expect(body(anonymous).status).not.toBe(200);
  });
});
