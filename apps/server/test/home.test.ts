import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { HomeIndex, HotKeywords, NewArrivalList, splitHotKeywords } from '@shop/core/api/home';
import { getBrandVariant } from '@shop/core/brand-variants';
import { cartItems } from '../src/db/schema/cart';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createDemoApp } from './helpers/demo-app';
import { insertOneLineOrder } from './orders-test-data';

let t: TestApp;
let priceKey: string;
beforeAll(async () => {
  t = await createDemoApp(400, 11);
  priceKey = getBrandVariant(t.config.BRAND).priceLabels[0]!.key;
});
afterAll(() => t.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute(text)).rows as T[];
}

async function dealerPrice(productId: number): Promise<string> {
  const [row] = await query<{ amount: string }>(
    sql`select amount::text from product_prices where product_id = ${productId} and price_key = ${priceKey}`,
  );
  return row!.amount;
}

describe('login required', () => {
  test.each(['/api/Shop.Index/index', '/api/Shop.Index/hot_keywords_list', '/api/Shop.NewArrival/newArrivalList'])(
    '%s without a token answers the login-expired status',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect([101, 102, 401]).toContain(body(res).status);
      const bad = await t.app.inject({ url, headers: { authorization: 'not-a-session' } });
      expect([101, 102, 401]).toContain(body(bad).status);
    },
  );
});

describe('GET /api/Shop.Index/index', () => {
  test('answers the banners, the first five hot recommendations and the category tree', async () => {
    const res = await t.injectAs('aMain', { url: '/api/Shop.Index/index' });
    const { status, data } = body<HomeIndex>(res);
    expect(status).toBe(200);
    expect(HomeIndex.parse(data)).toEqual(data);

    expect(data.shop_carousel_list.length).toBe(5);
    expect(data.shop_carousel_list.filter((b) => b.fileType === 'video')).toHaveLength(1);
    expect(data.shop_carousel_list.filter((b) => b.fileType === 'image').length).toBeGreaterThanOrEqual(3);
    for (const b of data.shop_carousel_list) expect(b.picture).toMatch(/^\/media\//);

    const ranked = await query<{ id: number }>(
      sql`select id from products where hot_recommend_rank is not null order by hot_recommend_rank limit 5`,
    );
    expect(data.hot_recommends.map((c) => c.product_id)).toEqual(ranked.map((r) => r.id));
    for (const card of data.hot_recommends) {
      expect(card.sales_price).toMatch(/^\d+\.\d{2}$/);
      expect(card.sales_price).toBe(await dealerPrice(card.product_id));
      expect(card).toMatchObject({ is_buy: 0, cart_number: 0 });
      expect(card.pic).toMatch(/^\/media\/parts\/[a-z-]+-\d\.svg$/);
      expect(card.number.length).toBeGreaterThan(3);
      expect(card.l_name_zh.length).toBeGreaterThan(0);
      expect(card.product_name).toContain(card.l_name_zh);
    }

    expect(data.category_list.map((g) => g.l_name_zh)).toEqual([
      '发动机系统',
      '底盘系统',
      '电气系统',
      '车身及附件',
      '保养件',
    ]);
    for (const group of data.category_list) {
      expect(group.children.length).toBeGreaterThan(0);
      for (const child of group.children) {
        expect(child.children.length).toBeGreaterThan(0);
        for (const leaf of child.children) expect(leaf.children).toEqual([]);
      }
    }
    const leaves = data.category_list.flatMap((g) => g.children.flatMap((c) => c.children.map((l) => l.l_name_zh)));
    expect(leaves).toEqual(expect.arrayContaining(['刹车片', '机油滤清器', '火花塞']));
  });

  test('answers the same under /api/Shopv2.Index/index', async () => {
    const v1 = await t.injectAs('bMain', { url: '/api/Shop.Index/index' });
    const v2 = await t.injectAs('bMain', { url: '/api/Shopv2.Index/index' });
    expect(body(v2)).toEqual(body(v1));
  });
});

describe('GET /api/Shop.Index/hot_keywords_list', () => {
  test('answers the hot keywords, comma-separated', async () => {
    const { status, data } = body<HotKeywords>(await t.injectAs('aSub', { url: '/api/Shop.Index/hot_keywords_list' }));
    expect(status).toBe(200);
    expect(HotKeywords.parse(data)).toEqual(data);
    const words = splitHotKeywords(data.hot_keywords);
    expect(words.length).toBeGreaterThanOrEqual(5);
    expect(words).toContain('刹车片');
    expect(data.hot_keywords).toBe(words.join(','));
  });
});

describe('GET /api/Shop.NewArrival/newArrivalList', () => {
  const list = async (q: string) => t.injectAs('aMain', { url: `/api/Shop.NewArrival/newArrivalList${q}` });

  test('pages through the new arrivals, newest first', async () => {
    const expected = await query<{ id: number }>(
      sql`select id from products where new_arrival_at is not null order by new_arrival_at desc, id`,
    );
    expect(expected.length).toBeGreaterThan(7);

    const first = body<NewArrivalList>(await list('?page=1&limit=5'));
    expect(first.status).toBe(200);
    expect(NewArrivalList.parse(first.data)).toEqual(first.data);
    expect(first.data.total).toBe(expected.length);
    expect(first.data.list.map((c) => c.product_id)).toEqual(expected.slice(0, 5).map((r) => r.id));
    const second = body<NewArrivalList>(await list('?page=2&limit=5')).data;
    expect(second.list.map((c) => c.product_id)).toEqual(expected.slice(5, 10).map((r) => r.id));

    const lastPage = Math.ceil(expected.length / 5);
    const last = body<NewArrivalList>(await list(`?page=${lastPage}&limit=5`)).data;
    expect(last.list.length).toBe(expected.length - (lastPage - 1) * 5);
    const beyond = body<NewArrivalList>(await list(`?page=${lastPage + 1}&limit=5`)).data;
    expect(beyond).toEqual({ total: expected.length, list: [] });

    const card = first.data.list[0]!;
    expect(card.sales_price).toBe(await dealerPrice(card.product_id));
    expect(card).toMatchObject({ is_buy: 0, cart_number: 0 });
  });

  test('defaults to the first page of 10', async () => {
    const { data } = body<NewArrivalList>(await list(''));
    expect(data.list.length).toBe(Math.min(10, data.total));
  });

  test.each(['?page=0&limit=5', '?page=-3&limit=5', '?page=abc&limit=5', '?page=1.5&limit=5'])(
    'a page below 1 or not a whole number is the first page: %s',
    async (q) => {
      const first = body<NewArrivalList>(await list('?page=1&limit=5')).data;
      const res = await list(q);
      expect(res.statusCode).toBe(200);
      expect(body<NewArrivalList>(res).data).toEqual(first);
    },
  );

  test.each(['?limit=0', '?limit=201'])('refuses %s with 400', async (q) => {
    const res = await list(q);
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toMatch(/^请求参数错误/);
  });
});

describe("cards and the caller's company", () => {
  test('is_buy and cart_number are the caller company’s own: bought parts and quantities in its cart', async () => {
    const { accounts, companies } = t.fixtures;
    const before = body<HomeIndex>(await t.injectAs('aMain', { url: '/api/Shop.Index/index' })).data.hot_recommends;
    const [bought, inCart] = before.map((c) => c.product_id);
    await insertOneLineOrder(t.db, {
      companyId: companies.a.id,
      accountId: accounts.aMain.id,
      ordersNo: 'HOME-1',
      status: 'done',
      productId: bought!,
      quantity: 1,
      price: '1.00',
    });
    await t.db.insert(cartItems).values([
      { companyId: companies.a.id, accountId: accounts.aMain.id, productId: inCart!, warehouseId: 1, quantity: 2 },
      { companyId: companies.a.id, accountId: accounts.aSub.id, productId: inCart!, warehouseId: 2, quantity: 3 },
      { companyId: companies.b.id, accountId: accounts.bMain.id, productId: bought!, warehouseId: 1, quantity: 4 },
    ]);

    const cardsOf = async (account: 'aSub' | 'bMain') =>
      new Map(
        body<HomeIndex>(await t.injectAs(account, { url: '/api/Shop.Index/index' })).data.hot_recommends.map((c) => [
          c.product_id,
          c,
        ]),
      );
    const forA = await cardsOf('aSub');
    expect(forA.get(bought!)).toMatchObject({ is_buy: 1, cart_number: 0 });
    expect(forA.get(inCart!)).toMatchObject({ is_buy: 0, cart_number: 5 });
    const forB = await cardsOf('bMain');
    expect(forB.get(bought!)).toMatchObject({ is_buy: 0, cart_number: 4 });
    expect(forB.get(inCart!)).toMatchObject({ is_buy: 0, cart_number: 0 });
  });
});
