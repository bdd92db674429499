import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProductRowPage } from '@shop/core/api/parts';
import { CarTree, CategoryChildren } from '@shop/core/api/catalog';
import { stockViews } from '../src/db/schema/customer-activity';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createCatalogApp, categoryId, type CatalogData } from './catalog-test-data';

let t: TestApp;
let data: CatalogData;
beforeAll(async () => void ({ t, data } = await createCatalogApp()));
afterAll(() => t.close());

async function list(payload: Record<string, unknown>, prefix = 'Shop') {
  const res = await t.injectAs('aMain', { method: 'POST', url: `/api/${prefix}.Index/product_list`, payload });
  const b = body<ProductRowPage>(res);
  expect(b.status).toBe(200);
  return ProductRowPage.parse(b.data);
}

describe('POST /api/Shop.Index/product_list', () => {
  test('lists a level-3 category in id order', async () => {
    // Company A has looked at the first part's stock: the view-stock gate lets its figures through.
    await t.db
      .insert(stockViews)
      .values({ companyId: t.fixtures.companies.a.id, productId: data.ids.frontPads })
      .onConflictDoNothing();
    const page = await list({ product_type_id: await categoryId(t.db, '刹车片') });
    const { frontPads, rearPads, pads } = data.ids;
    expect(page).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(page.list.map((r) => r.product_id)).toEqual([frontPads, rearPads, pads]);
    expect(page.list[0]).toMatchObject({ frey_no: 'FR-BK-1001', search_no: '', beijing_stock: 150 });
  });

  test('a higher-level category includes its descendants', async () => {
    const leaf = await categoryId(t.db, '火花塞');
    const children = body<CategoryChildren>(
      await t.injectAs('aMain', { url: `/api/Shop.Index/getCategoryChild?product_type_id=${leaf}` }),
    ).data;
    const top = children.breadcrumbs[0]!.product_type_id;
    const page = await list({ product_type_id: top });
    expect(page.list.map((r) => r.product_id)).toEqual(expect.arrayContaining([data.ids.gdb, data.ids.gdbLonger]));
    expect(page.list.map((r) => r.product_id)).not.toContain(data.ids.frontPads);
  });

  test('filters by make (brand_name_zh), alone or with a category', async () => {
    const bmw = await list({ brand_name_zh: '宝马' });
    expect(bmw.list.map((r) => r.product_id)).toEqual([data.ids.frontPads, data.ids.rearPads, data.ids.pads]);
    const benzPads = await list({ brand_name_zh: '奔驰', product_type_id: await categoryId(t.db, '刹车片') });
    expect(benzPads).toMatchObject({ total: 0, list: [] });
    expect(await list({ brand_name_zh: '不存在' })).toMatchObject({ total: 0, list: [] });
    expect(await list({ product_type_id: 999999 })).toMatchObject({ total: 0, list: [] });
  });

  test('pages: page below 1 is 1, past the end is empty with the total', async () => {
    const all = await list({ limit: 10, page: 0 });
    expect(all).toMatchObject({ total: 7, page: 1 });
    expect(all.list).toHaveLength(7);
    expect(await list({ limit: 10, page: 2 })).toMatchObject({ total: 7, page: 2, list: [] });
  });

  test('answers under the Shopv2 alias too', async () => {
    expect(await list({ brand_name_zh: '宝马' }, 'Shopv2')).toEqual(await list({ brand_name_zh: '宝马' }));
  });
});

describe('GET /api/Shop.Index/getCategoryChild', () => {
  test('without a category: the five groups, no breadcrumbs', async () => {
    const b = body<CategoryChildren>(await t.injectAs('aMain', { url: '/api/Shop.Index/getCategoryChild' }));
    expect(b.status).toBe(200);
    expect(CategoryChildren.parse(b.data)).toEqual(b.data);
    expect(b.data.list.map((c) => c.l_name_zh)).toEqual(['发动机系统', '底盘系统', '电气系统', '车身及附件', '保养件']);
    expect(b.data.list.every((c) => c.level === 1 && c.has_children === 1)).toBe(true);
    expect(b.data.breadcrumbs).toEqual([]);
  });

  test('a second-level category: its children and the path from the root', async () => {
    const groups = body<CategoryChildren>(await t.injectAs('aMain', { url: '/api/Shop.Index/getCategoryChild' })).data;
    const engine = groups.list[0]!;
    const level2 = body<CategoryChildren>(
      await t.injectAs('aMain', { url: `/api/Shop.Index/getCategoryChild?product_type_id=${engine.product_type_id}` }),
    ).data;
    const ignition = level2.list.find((c) => c.l_name_zh === '点火系统')!;
    const b = body<CategoryChildren>(
      await t.injectAs('aMain', {
        url: `/api/Shop.Index/getCategoryChild?product_type_id=${ignition.product_type_id}`,
      }),
    );
    expect(b.data.breadcrumbs).toEqual([
      { product_type_id: engine.product_type_id, l_name_zh: '发动机系统' },
      { product_type_id: ignition.product_type_id, l_name_zh: '点火系统' },
    ]);
    expect(b.data.list.map((c) => c.l_name_zh)).toContain('火花塞');
    expect(b.data.list.every((c) => c.level === 3 && c.has_children === 0)).toBe(true);
  });

  test('an unknown category is refused', async () => {
    const b = body(await t.injectAs('aMain', { url: '/api/Shop.Index/getCategoryChild?product_type_id=999999' }));
    expect(b.status).toBe(201);
    expect(b.msg).toBe('分类不存在');
  });
});

describe('POST /api/Shop.Accessories/getCarTree', () => {
  test('makes → series → models', async () => {
    const b = body<CarTree>(await t.injectAs('aMain', { method: 'POST', url: '/api/Shop.Accessories/getCarTree' }));
    expect(b.status).toBe(200);
    expect(CarTree.parse(b.data)).toEqual(b.data);
    const bmw = b.data.list.find((m) => m.brand_name_zh === '宝马')!;
    const series5 = bmw.series.find((s) => s.series_name === '5系')!;
    expect(series5.models.length).toBeGreaterThan(0);
    for (const m of series5.models) {
      expect(m.vehicle_group.length).toBeGreaterThan(0);
      expect(m.year).toMatch(/^\d{4}-(\d{4})?$/);
    }
  });
});

describe('GET /api/Shop.Index/hot_recommends', () => {
  test('part rows of the hot recommendations by rank', async () => {
    const b = body<ProductRowPage>(
      await t.injectAs('aMain', { url: '/api/Shop.Index/hot_recommends?page=1&limit=10' }),
    );
    expect(b.status).toBe(200);
    expect(ProductRowPage.parse(b.data).list.map((r) => r.product_id)).toEqual([data.ids.oilFilter, data.ids.rearPads]);
    expect(b.data.total).toBe(2);
  });
});

describe('login required', () => {
  test.each([
    ['POST', '/api/Shop.Index/product_list'],
    ['GET', '/api/Shop.Index/getCategoryChild'],
    ['POST', '/api/Shop.Accessories/getCarTree'],
    ['GET', '/api/Shop.Index/hot_recommends'],
    ['GET', '/api/Shop.Index/getHotSalesAndHotSearchList'],
  ] as const)('%s %s', async (method, url) => {
    const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect([101, 102, 401]).toContain(body(res).status);
  });
});
