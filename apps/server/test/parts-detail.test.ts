import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ProductDetail, ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { generateDemoData } from '../src/demo/generate';
import { insertOneLineOrder } from './orders-test-data';
import { productAttributes, productPictures } from '../src/db/schema/product-content';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createDemoApp } from './helpers/demo-app';

let t: TestApp;
beforeAll(async () => void (t = await createDemoApp(300, 31)));
afterAll(() => t.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute(text)).rows as T[];
}

async function detail(account: FixtureAccountKey, id: number, prefix = 'Shop') {
  const res = await t.injectAs(account, { url: `/api/${prefix}.Accessories/getDetail?id=${id}` });
  return body<ProductDetail>(res);
}

async function history(account: FixtureAccountKey) {
  const res = await t.injectAs(account, {
    method: 'POST',
    url: '/api/Shop.ProductBrowsingHistory/list',
    payload: { page: 1, limit: 10 },
  });
  return body<ProductRowPage>(res);
}

describe('login required', () => {
  test.each([
    ['GET', '/api/Shop.Accessories/getDetail?id=1'],
    ['POST', '/api/Shop.ProductBrowsingHistory/list'],
    ['GET', '/api/Shop.NewArrival/newArrivalDetailList'],
  ])('%s %s without a token answers the login-expired status', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect([101, 102, 401]).toContain(body(res).status);
  });
});

describe('GET /api/Shop.Accessories/getDetail', () => {
  test('answers the row fields and the detail fields of the part', async () => {
    const { status, data } = await detail('aMain', 5);
    expect(status).toBe(200);
    expect(ProductDetail.parse(data)).toEqual(data);
    const [product] = await query<{ frey_no: string; oe_number: string; product_name: string }>(
      sql`select frey_no, oe_number, product_name from products where id = 5`,
    );
    expect(data).toMatchObject({ product_id: 5, frey_no: product!.frey_no, number: product!.oe_number });
    expect(data.product_name).toBe(product!.product_name);
    expect(data.on_way_stock).toBe(data.stock_zaitu);

    // Vehicles: every fitting model once, grouped by series.
    const [fit] = await query<{ models: number; series: number }>(
      sql`select count(*)::int as models, count(distinct m.series_id)::int as series from product_fitments f
        join vehicle_models m on m.id = f.model_id where f.product_id = 5`,
    );
    expect(data.carlist).toHaveLength(fit!.series);
    expect(data.carlist.flatMap((g) => g.list)).toHaveLength(fit!.models);
    for (const group of data.carlist) {
      for (const car of group.list) {
        expect(car.vehicle_sys).toBe(group.series_name);
        expect(car.year).toMatch(/^\d{4}-(\d{4})?$/);
      }
    }

    // Numbers: the OE and the replacement numbers.
    const numbers = await query<{ factory: string; number: string }>(
      sql`select factory, number from product_numbers where product_id = 5 and kind in ('oe', 'replacement')`,
    );
    expect(data.oe_list).toHaveLength(numbers.length);
    expect(data.oe_list.map((n) => n.display_number)).toContain(product!.oe_number);
    expect(new Set(data.oe_list.map((n) => `${n.factory}|${n.display_number}`))).toEqual(
      new Set(numbers.map((n) => `${n.factory}|${n.number}`)),
    );
  });

  test('pic is the gallery as a list: at most the variant’s galleryMaxPictures, the main picture alone without one', async () => {
    const max = getBrandVariant(t.config.BRAND).galleryMaxPictures;
    await t.db.delete(productPictures).where(sql`${productPictures.productId} = 7`);
    await t.db.insert(productPictures).values(
      Array.from({ length: max + 3 }, (_, i) => ({
        productId: 7,
        sort: i + 1,
        path: `/media/parts/brake-pad-${(i % 6) + 1}.svg`,
      })),
    );
    const { data } = await detail('aMain', 7);
    expect(Array.isArray(data.pic)).toBe(true);
    expect(data.pic).toHaveLength(max);
    expect(data.pic[0]).toBe('/media/parts/brake-pad-1.svg');
    expect(data).not.toHaveProperty('pic_list');

    await t.db.delete(productPictures).where(sql`${productPictures.productId} = 7`);
    const [main] = await query<{ pic: string }>(sql`select pic from products where id = 7`);
    const { data: bare } = await detail('aMain', 7);
    expect(bare.pic).toEqual(main!.pic ? [main!.pic] : []);
  });

  test('the variant with 8 gallery pictures sends up to 8', async () => {
    const eurox = await createTestApp({ env: { BRAND: 'eurox' } });
    try {
      await generateDemoData(eurox.db, { parts: 20, brand: 'eurox', seed: 31, withAccounts: false });
      expect(getBrandVariant('eurox').galleryMaxPictures).toBe(8);
      await eurox.db.delete(productPictures).where(sql`${productPictures.productId} = 3`);
      await eurox.db
        .insert(productPictures)
        .values(
          Array.from({ length: 10 }, (_, i) => ({ productId: 3, sort: i + 1, path: `/media/parts/p-${i + 1}.svg` })),
        );
      const res = await eurox.injectAs('aMain', { url: '/api/Shopv2.Accessories/getDetail?id=3' });
      const { status, data } = body<ProductDetail>(res);
      expect(status).toBe(200);
      expect(data.pic).toEqual(Array.from({ length: 8 }, (_, i) => `/media/parts/p-${i + 1}.svg`));
    } finally {
      await eurox.close();
    }
  });

  test('kit contents and attributes come from the part’s rows; the description only when the variant shows it', async () => {
    const [kit] = await query<{ product_id: number; n: number }>(
      sql`select product_id, count(*)::int as n from product_kit_items group by product_id order by product_id limit 1`,
    );
    expect(kit).toBeDefined();
    const { data } = await detail('aMain', kit!.product_id);
    expect(data.l_spec_zh_list).toHaveLength(kit!.n);
    for (const item of data.l_spec_zh_list) expect(item.number).toBeGreaterThan(0);
    expect(data.l_spec_zh).toContain(data.l_spec_zh_list[0]!.product_name);

    await t.db
      .update(productAttributes)
      .set({ description: '测试说明', color: '黑色' })
      .where(sql`${productAttributes.productId} = ${kit!.product_id}`);
    const { data: again } = await detail('aMain', kit!.product_id);
    expect(again.attributes.color).toBe('黑色');
    const shows = getBrandVariant(t.config.BRAND).showAttributeDescription;
    expect(again.attributes.description).toBe(shows ? '测试说明' : '');
  });

  test('the advantage carousel is present exactly for parts that have one', async () => {
    const [withOne] = await query<{ product_id: number; n: number }>(
      sql`select c.product_id, count(i.*)::int as n from product_carousels c join product_carousel_items i
        on i.carousel_id = c.id group by c.product_id order by c.product_id limit 1`,
    );
    const { data } = await detail('aMain', withOne!.product_id);
    expect(data.product_carousel?.items).toHaveLength(withOne!.n);
    expect(data.is_product_advantage).toBe(1);
    const [without] = await query<{ id: number }>(
      sql`select id from products p where not exists(select 1 from product_carousels c where c.product_id = p.id)
        order by id limit 1`,
    );
    const { data: plain } = await detail('aMain', without!.id);
    expect(plain.product_carousel).toBeNull();
    expect(plain.is_product_advantage).toBe(0);
  });

  test('purchase records: the company’s own, only for purchase or main accounts', async () => {
    const a = t.fixtures.accounts.aSub;
    const orderId = await insertOneLineOrder(t.db, {
      companyId: a.companyId,
      accountId: a.id,
      ordersNo: 'TEST-A-1',
      status: 'shipped',
      productId: 9,
      quantity: 3,
      price: '82.00',
    });
    const b = t.fixtures.accounts.bMain;
    await insertOneLineOrder(t.db, {
      companyId: b.companyId,
      accountId: b.id,
      ordersNo: 'TEST-B-1',
      status: 'completed',
      productId: 9,
      quantity: 1,
      price: '10.00',
    });

    for (const account of ['aMain', 'aPurchase'] as const) {
      const { data } = await detail(account, 9);
      expect(data.order_list).toEqual([
        expect.objectContaining({
          orders_no: 'TEST-A-1',
          orders_id: orderId,
          status_cn: '已发货',
          quantity: 3,
          price: '82.00',
        }),
      ]);
      expect(data.order_list[0]!.create_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect((await detail('aSub', 9)).data.order_list).toEqual([]);
    const { data: seenByB } = await detail('bMain', 9);
    expect(seenByB.order_list.map((o) => o.orders_no)).toEqual(['TEST-B-1']);
    expect(seenByB.order_list[0]!.status_cn).toBe('已完成');
  });

  test('an unknown id is refused as 商品不存在; a bad id is a parameter error', async () => {
    const res = await detail('aMain', 999999);
    expect(res).toMatchObject({ status: 201, msg: '商品不存在' });
    const bad = await t.injectAs('aMain', { url: '/api/Shop.Accessories/getDetail?id=abc' });
    expect(body(bad).status).toBe(400);
  });

  // Ids past the database's integer range are parameter errors, not server faults.
  test.each([
    ['GET', '/api/Shop.Accessories/getDetail?id=99999999999', undefined],
    ['GET', '/api/Shop.Accessory/getProductAttributes?product_id=99999999999', undefined],
    ['GET', '/api/Shop.RelatedQuestions/getList?id=3000000000', undefined],
    ['GET', '/api/Shop.Index/getCategoryChild?product_type_id=2147483648', undefined],
    ['POST', '/api/Shop.Accessory/applyForReplenishment', { product_id: 99999999999 }],
    ['POST', '/api/Shop.Collection/toggle', { product_id: 3000000000 }],
    ['POST', '/api/Shop.RelatedQuestions/add', { product_id: 3000000000, ask_questions: '适配吗？', type: 1 }],
    ['POST', '/api/Shop.Index/product_list', { product_type_id: 2147483648, page: 1, limit: 10 }],
  ] as const)('%s %s with an id past the integer range: a parameter error', async (method, url, payload) => {
    const res = await t.injectAs('aMain', { method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ status: 400, msg: expect.stringMatching(/^请求参数错误：/), data: null });
    // Said once ('请求参数错误：product_id 商品编号不正确'), not '…：product_id 参数错误：product_id'.
    expect(body(res).msg.match(/参数错误/g)).toHaveLength(1);
  });

  test('the Shopv2 alias answers the same', async () => {
    const a = await detail('aMain', 11);
    const b = await detail('aMain', 11, 'Shopv2');
    expect(b.status).toBe(200);
    expect(b.data.product_id).toBe(11);
    expect(b.data.oe_list).toEqual(a.data.oe_list);
  });
});

describe('browsing history', () => {
  test('viewing a detail records it for the account, newest first, once per part', async () => {
    for (const id of [21, 22, 21]) await detail('bSub', id);
    const { status, data } = await history('bSub');
    expect(status).toBe(200);
    expect(ProductRowPage.parse(data)).toEqual(data);
    expect(data.list.map((r) => r.product_id)).toEqual([21, 22]);
    expect(data.total).toBe(2);
    // Another account (even of the same company) and another company do not see it.
    expect((await history('bMain')).data.list.map((r) => r.product_id)).not.toContain(22);
    expect((await history('cRegional')).data.total).toBe(0);
  });

  test('pages', async () => {
    for (const id of [31, 32, 33]) await detail('cRegional', id);
    const res = await t.injectAs('cRegional', {
      method: 'POST',
      url: '/api/Shopv2.ProductBrowsingHistory/list',
      payload: { page: 2, limit: 10 },
    });
    expect(body<ProductRowPage>(res).data).toMatchObject({ total: 3, page: 2, list: [] });
  });
});

describe('GET /api/Shop.NewArrival/newArrivalDetailList', () => {
  test('pages the new arrivals as part rows, newest first', async () => {
    const expected = await query<{ id: number }>(
      sql`select id from products where new_arrival_at is not null order by new_arrival_at desc, id limit 10`,
    );
    const [count] = await query<{ n: number }>(
      sql`select count(*)::int as n from products where new_arrival_at is not null`,
    );
    const res = await t.injectAs('aMain', { url: '/api/Shop.NewArrival/newArrivalDetailList?page=1&limit=10' });
    const { status, data } = body<ProductRowPage>(res);
    expect(status).toBe(200);
    expect(data.total).toBe(count!.n);
    expect(data.list.map((r) => r.product_id)).toEqual(expected.map((r) => r.id));
  });
});
