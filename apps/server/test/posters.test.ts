import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  AdminMarketingItem,
  AdminPosterCategory,
  AdminPosterTemplate,
  GeneratedPoster,
  MarketingDetail,
  MarketingPage,
  PosterCategory,
  PosterTemplate,
} from '@shop/core/api/posters';
import { POSTER_KEEP_DAYS, POSTER_TEXTS } from '@shop/core/api/posters';
import { posters } from '../src/db/schema/posters';
import { chinaDay, addDays } from '../src/lib/china-time';
import { MODULES } from '../src/modules';
import { deleteOldPosters } from '../src/modules/posters/retention';
import { body, sending } from './helpers/api';
import { createAdminShop, type AdminShop } from './admin-test-data';
import { auditOf } from './helpers/staff';
import type { FixtureAccountKey } from './helpers/fixtures';
import type { TestApp } from './helpers/test-app';

/** Today's marketing and posters: staff manage templates and materials; dealers render real PNGs. */
let shop: AdminShop;
let t: TestApp;
let template: AdminPosterTemplate;
beforeAll(async () => {
  shop = await createAdminShop();
  t = shop.t;
  // One part with a drawn picture, the others with none the server knows (drawn as 暂无图片).
  await t.db.execute(sql`update products set pic = '/media/parts/spark-plug-2.svg' where id = ${shop.ids.p1}`);
  const category = body<AdminPosterCategory>(await admin('POST', '/categories', { name: '节日促销' })).data;
  template = body<AdminPosterTemplate>(
    await admin('POST', '/templates', {
      category_id: category.id,
      name: '刹车专场',
      headline: '刹车系统专场',
      subline: '原厂品质 · 现货直发',
      color_from: '#0F3D7A',
      color_to: '#2f7fd8',
      accent: '#d8362f',
      max_parts: 4,
      published: true,
    }),
  ).data;
}, 60_000);
afterAll(() => t?.close());

type Who = 'admin' | 'catalog' | 'service' | 'finance';
function admin(method: 'GET' | 'POST', url: string, payload?: object, who: Who = 'catalog') {
  return shop.asStaff(who, { method, url: `/api/admin/marketing${url}`, payload });
}
const call = (who: FixtureAccountKey, method: 'GET' | 'POST', path: string, payload: Record<string, unknown> = {}) =>
  t.injectAs(who, { url: `/api/Shop.GeneratePicture/${path}`, ...sending(method, payload) });
const generate = (who: FixtureAccountKey, payload: Record<string, unknown>) =>
  call(who, 'POST', 'generatePoster', payload);

describe('staff manage templates and today’s marketing', () => {
  test('templates: created (colours normalised), listed for dealers only when published, audited', async () => {
    expect(template).toMatchObject({ color_from: '#0f3d7a', published: true, posters: 0, category_name: '节日促销' });
    const draft = body<AdminPosterTemplate>(
      await admin('POST', '/templates', { ...inputOf(template), name: '草稿模板', published: false }),
    ).data;
    const list = body<PosterTemplate[]>(await call('aMain', 'GET', 'makeList')).data;
    expect(list.map((x) => x.id)).toContain(template.id);
    expect(list.map((x) => x.id)).not.toContain(draft.id);
    const cats = body<PosterCategory[]>(await call('bMain', 'POST', 'getPosterCategory')).data;
    expect(cats).toContainEqual({ id: template.category_id, name: '节日促销', count: 1 });
    expect(body(await call('aMain', 'GET', 'makeList', { category_id: template.category_id })).data).toHaveLength(1);

    const edited = body<AdminPosterTemplate>(
      await admin('POST', `/templates/${draft.id}`, { ...inputOf(template), name: '启用', published: true }),
    ).data;
    expect(edited).toMatchObject({ name: '启用', published: true });
    expect((await auditOf(shop, 'poster_template', draft.id)).map((a) => a.action)).toEqual([
      'poster_template.update',
      'poster_template.create',
    ]);
    // Switched off again so the other tests see one template.
    await admin('POST', `/templates/${draft.id}`, { ...inputOf(template), published: false });
  });

  test('bad template input, unknown ids and a category in use are refused', async () => {
    const bad = [
      [{ ...inputOf(template), color_from: 'red' }, POSTER_TEXTS.colorBad],
      [{ ...inputOf(template), max_parts: 7 }, POSTER_TEXTS.maxPartsBad],
      [{ ...inputOf(template), headline: '' }, POSTER_TEXTS.headlineRequired],
    ] as const;
    for (const [input, text] of bad) expect(body(await admin('POST', '/templates', input)).msg).toContain(text);
    expect(body(await admin('POST', '/templates', { ...inputOf(template), category_id: 99999999 }))).toMatchObject({
      status: 201,
      msg: POSTER_TEXTS.categoryNotFound,
    });
    expect(body(await admin('POST', '/templates/99999999', inputOf(template)))).toMatchObject({
      msg: POSTER_TEXTS.templateNotFound,
    });
    expect(body(await admin('POST', `/categories/${template.category_id}/delete`))).toMatchObject({
      msg: POSTER_TEXTS.categoryInUse,
    });
  });

  test('today’s marketing shows published materials whose days include today (China)', async () => {
    const today = chinaDay(new Date());
    const current = body<AdminMarketingItem>(
      await admin('POST', '/items', {
        title: '双十一刹车节',
        summary: '全场刹车片 9 折',
        starts_on: addDays(today, -1),
        ends_on: addDays(today, 1),
        template_id: template.id,
        published: true,
      }),
    ).data;
    const past = body<AdminMarketingItem>(
      await admin('POST', '/items', {
        title: '已结束',
        starts_on: addDays(today, -5),
        ends_on: addDays(today, -1),
        published: true,
      }),
    ).data;
    const draft = body<AdminMarketingItem>(
      await admin('POST', '/items', { title: '草稿', starts_on: today, ends_on: today }),
    ).data;
    const page = body<MarketingPage>(await call('aMain', 'GET', 'getList')).data;
    expect(page.today).toBe(today);
    expect(page.list.map((i) => i.id)).toEqual([current.id]);
    const detail = body<MarketingDetail>(await call('bMain', 'GET', 'getDetail', { id: current.id })).data;
    expect(detail).toMatchObject({ title: '双十一刹车节', template: { id: template.id } });
    for (const id of [past.id, draft.id, 99999999]) {
      expect(body(await call('aMain', 'GET', 'getDetail', { id }))).toMatchObject({
        status: 201,
        msg: POSTER_TEXTS.itemNotFound,
      });
    }
    expect(
      body(await admin('POST', '/items', { title: 'x', starts_on: today, ends_on: addDays(today, -1) })).msg,
    ).toContain(POSTER_TEXTS.daysBad);
    expect(body(await admin('POST', '/items', { title: 'x', starts_on: '2026/1/1', ends_on: today })).msg).toContain(
      POSTER_TEXTS.dayBad,
    );
    expect((await auditOf(shop, 'marketing_item', current.id)).map((a) => a.action)).toEqual(['marketing_item.create']);
  });

  test('only staff with content.manage', async () => {
    for (const who of ['service', 'finance'] as const) {
      expect((await admin('GET', '/templates', undefined, who)).statusCode).toBe(403);
      expect((await admin('POST', '/items', { title: 'x' }, who)).statusCode).toBe(403);
    }
  });
});

describe('dealers generate posters', () => {
  test('a real PNG with the parts, kept for the company only', async () => {
    const res = await generate('aMain', {
      template_id: template.id,
      product_ids: `${shop.ids.p1},${shop.ids.p2},${shop.ids.p3}`,
      price_key: 'dealer_price',
    });
    const made = body<GeneratedPoster>(res);
    expect(made, res.body).toMatchObject({ status: 200, msg: '海报已生成', data: { width: 750, height: 1334 } });

    const image = await t.injectAs('aMain', { url: made.data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 750, height: 1334 });
    expect(image.rawPayload.length).toBe(made.data.bytes);

    // The same company's sub-account may fetch it; another company gets 'not found'.
    expect((await t.injectAs('aSub', { url: made.data.url })).statusCode).toBe(200);
    const other = await t.injectAs('bMain', { url: made.data.url });
    expect(body(other)).toMatchObject({ status: 201, msg: POSTER_TEXTS.posterNotFound });

    const { rows } = await t.db.execute(
      sql`select company_id, product_ids, price_key from posters where id = ${made.data.id}`,
    );
    expect(rows[0]).toMatchObject({ company_id: t.fixtures.accounts.aMain.companyId, price_key: 'dealer_price' });
  });

  test('the price shown, or none, changes the picture; the company and phone are the caller’s', async () => {
    const png = async (who: FixtureAccountKey, priceKey: string) => {
      const made = body<GeneratedPoster>(
        await generate(who, { template_id: template.id, product_ids: [shop.ids.p1], price_key: priceKey }),
      );
      const res = await t.injectAs(who, { url: made.data.url });
      return sharp(res.rawPayload).raw().toBuffer();
    };
    const withPrice = await png('aMain', 'dealer_price');
    const without = await png('aMain', '');
    expect(withPrice.equals(without)).toBe(false);
    const otherCompany = await png('bMain', '');
    expect(otherCompany.equals(without)).toBe(false);
    // Rendering is deterministic: the same input draws the same pixels.
    expect((await png('aMain', '')).equals(without)).toBe(true);
  });

  test('bad input is refused in Chinese and nothing is kept', async () => {
    const before = await postersCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ template_id: template.id, product_ids: '' }, POSTER_TEXTS.partsRequired],
      [{ template_id: template.id, product_ids: 'abc' }, POSTER_TEXTS.partNotFound],
      [{ template_id: template.id, product_ids: [99999999] }, POSTER_TEXTS.partNotFound],
      [
        {
          template_id: template.id,
          product_ids: [shop.ids.p1, shop.ids.p2, shop.ids.p3, shop.ids.p4, shop.ids.p5],
        },
        POSTER_TEXTS.tooManyParts(4),
      ],
      [{ template_id: template.id, product_ids: [shop.ids.p1], price_key: 'secret' }, POSTER_TEXTS.priceKeyBad],
      [{ template_id: 99999999, product_ids: [shop.ids.p1] }, POSTER_TEXTS.templateNotFound],
      [{ template_id: 'x', product_ids: [shop.ids.p1] }, POSTER_TEXTS.templateNotFound],
    ];
    for (const [payload, text] of cases) expect(body(await generate('aMain', payload)).msg).toContain(text);
    // A draft template is not usable.
    const draft = body<AdminPosterTemplate>(
      await admin('POST', '/templates', { ...inputOf(template), published: false }),
    ).data;
    expect(body(await generate('aMain', { template_id: draft.id, product_ids: [shop.ids.p1] })).msg).toBe(
      POSTER_TEXTS.templateNotFound,
    );
    // A part named twice counts once.
    expect(
      body(
        await generate('aMain', {
          template_id: template.id,
          product_ids: [shop.ids.p1, shop.ids.p1, shop.ids.p1, shop.ids.p1, shop.ids.p1],
        }),
      ).status,
    ).toBe(200);
    expect(await postersCount()).toBe(before + 1);
    expect(body(await t.injectAs('aMain', { url: '/api/Shop.GeneratePicture/poster?id=abc' })).msg).toContain(
      POSTER_TEXTS.posterNotFound,
    );
  });

  test('no login, no poster', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Shop.GeneratePicture/generatePoster',
      payload: { template_id: template.id, product_ids: [shop.ids.p1] },
    });
    expect(body(res).status).not.toBe(200);
  });
});

describe('old posters are deleted', () => {
  const job = () => {
    const found = MODULES.find((m) => m.name === 'posters')?.jobs?.find((j) => j.name === 'prune-posters');
    if (!found) throw new Error('the posters module declares no prune-posters job');
    return found;
  };
  const age = (id: number, days: number) =>
    t.db.execute(sql`update posters set created_at = now() - ${days} * interval '1 day' where id = ${id}`);

  test(`the job deletes posters older than ${POSTER_KEEP_DAYS} days and keeps the newer; an old one's address says so`, async () => {
    const made = body<GeneratedPoster>(
      await generate('aMain', { template_id: template.id, product_ids: [shop.ids.p1], price_key: '' }),
    ).data;
    const kept = body<GeneratedPoster>(
      await generate('bMain', { template_id: template.id, product_ids: [shop.ids.p2], price_key: '' }),
    ).data;
    await age(made.id, POSTER_KEEP_DAYS + 1);
    await age(kept.id, POSTER_KEEP_DAYS - 1);
    expect((await t.injectAs('aMain', { url: made.url })).statusCode).toBe(200);

    await job().run(t.db, t.config);
    expect(body(await t.injectAs('aMain', { url: made.url }))).toMatchObject({
      status: 201,
      msg: POSTER_TEXTS.posterNotFound,
    });
    const still = await t.injectAs('bMain', { url: kept.url });
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toBe('image/png');
  });

  test('in batches until none is left, whatever the company', async () => {
    const base = {
      templateId: template.id,
      productIds: [shop.ids.p1],
      png: Buffer.from('not drawn: only the rows matter here'),
      createdAt: new Date(Date.now() - (POSTER_KEEP_DAYS + 2) * 24 * 60 * 60_000),
    };
    const { a: companyA, b: companyB } = t.fixtures.companies;
    const { aMain, bMain } = t.fixtures.accounts;
    const old = await t.db
      .insert(posters)
      .values([
        ...[1, 2, 3].map(() => ({ ...base, companyId: companyA.id, accountId: aMain.id })),
        ...[1, 2].map(() => ({ ...base, companyId: companyB.id, accountId: bMain.id })),
      ])
      .returning({ id: posters.id });
    const recent = await t.db
      .insert(posters)
      .values({ ...base, companyId: companyA.id, accountId: aMain.id, createdAt: new Date() })
      .returning({ id: posters.id });
    const before = await postersCount();

    expect(await deleteOldPosters(t.db, { batch: 2 })).toBe(old.length);
    expect(await postersCount()).toBe(before - old.length);
    const { rows } = await t.db.execute(
      sql`select id from posters where id = any(${sql.param([...old, ...recent].map((r) => r.id))}::int[])`,
    );
    expect(rows.map((r) => Number((r as { id: number }).id))).toEqual([recent[0]!.id]);
    // Nothing left to delete: a second run deletes nothing.
    expect(await deleteOldPosters(t.db, { batch: 2 })).toBe(0);
  });
});

async function postersCount(): Promise<number> {
  const { rows } = await t.db.execute(sql`select count(*)::int as n from posters`);
  return Number((rows[0] as { n: number }).n);
}

function inputOf(x: AdminPosterTemplate) {
  return {
    category_id: x.category_id,
    name: x.name,
    headline: x.headline,
    subline: x.subline,
    color_from: x.color_from,
    color_to: x.color_to,
    accent: x.accent,
    max_parts: x.max_parts,
    published: x.published,
  };
}
