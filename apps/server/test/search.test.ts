import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { CONSTANTS } from '@shop/core/constants';
import { dealerCaller, type FixtureAccountKey } from './helpers/fixtures';
import { flushSearchLogs } from '../src/modules/search/search-log-buffer';
import { numberSearchPage, PREFIX_MAX, prefixUpperBound, type NumberSearch } from '../src/modules/search/number-search';
import { normalizePartNumber } from '@shop/core/part-number';
import { favourites } from '../src/db/schema/customer-activity';
import { cartItems } from '../src/db/schema/cart';
import type { RowContext } from '../src/modules/catalog/product-rows';
import { executeNamed } from '../src/db/named-query';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createCatalogApp, insertCatalog, type CatalogData, type PartKey } from './catalog-test-data';

let t: TestApp;
let data: CatalogData;
beforeAll(async () => void ({ t, data } = await createCatalogApp()));
afterAll(() => t.close());

async function search(payload: Record<string, unknown>, account: FixtureAccountKey = 'aMain', prefix = 'Shop') {
  const res = await t.injectAs(account, { method: 'POST', url: `/api/${prefix}.Accessory/index`, payload });
  const b = body<ProductRowPage>(res);
  expect(res.statusCode).toBe(200);
  expect(b.status).toBe(200);
  expect(ProductRowPage.parse(b.data)).toEqual(b.data);
  return b.data;
}

const id = (key: PartKey) => data.ids[key];

describe('POST /api/Shop.Accessory/index', () => {
  test.each(['A 000 420 04 20', 'A0004200420', 'a000-420-0420', 'a.000.420.04.20', 'Ａ０００４２００４２０'])(
    'the OE number typed as %s finds the same part',
    async (keyword) => {
      const page = await search({ keyword });
      expect(page.total).toBe(1);
      expect(page.list.map((r) => r.product_id)).toEqual([id('frontPads')]);
      expect(page.list[0]).toMatchObject({ search_no: keyword, match_kind: 'oe', number: 'A 000 420 04 20' });
    },
  );

  test('the own code finds the part, in any spelling', async () => {
    const page = await search({ keyword: 'fr bk 1001' });
    expect(page.list.map((r) => [r.product_id, r.match_kind])).toEqual([[id('frontPads'), 'frey_no']]);
  });

  test.each(['福瑞BK-1001', '福瑞 bk 1001', '福瑞FRBK-1001'])(
    "the own code after the brand's short name (%s) finds the part, as in the multi-number box",
    async (keyword) => {
      const page = await search({ keyword });
      expect(page.list.map((r) => [r.product_id, r.match_kind])).toEqual([[id('frontPads'), 'frey_no']]);
      expect(page.list[0]?.search_no).toBe(keyword);
    },
  );

  test('an old superseded number finds our part, marked with the number it was found by', async () => {
    const page = await search({ keyword: 'A000-420-03-20' });
    expect(page.list.map((r) => r.product_id)).toEqual([id('frontPads')]);
    expect(page.list[0]).toMatchObject({ search_no: 'A000-420-03-20', match_kind: 'old' });
  });

  test('ranks an exact own code first, then replacement numbers, then prefixes', async () => {
    const page = await search({ keyword: 'gdb-1234' });
    expect(page.list.map((r) => [r.product_id, r.match_kind])).toEqual([
      [id('gdb'), 'frey_no'],
      [id('frontPads'), 'replacement'],
      [id('gdbLonger'), 'prefix'],
    ]);
    expect(page.list.every((r) => r.search_no === 'gdb-1234')).toBe(true);
  });

  test('a number prefix of at least 3 characters finds the parts whose numbers start with it', async () => {
    const page = await search({ keyword: 'a000 42004' });
    expect(page.list.map((r) => r.product_id)).toEqual([id('frontPads'), id('rearPads')]);
    expect(page.list.every((r) => r.match_kind === 'prefix')).toBe(true);
    expect((await search({ keyword: 'FR' })).total).toBe(0);
    expect((await search({ keyword: 'FR-' })).total).toBe(0);
    expect((await search({ keyword: 'FRB' })).total).toBe(3);
  });

  test("a Chinese name finds parts, shorter names first: '刹车'", async () => {
    const page = await search({ keyword: '刹车' });
    expect(page.list.map((r) => r.product_id)).toEqual([id('pads'), id('frontPads'), id('rearPads')]);
    expect(page.list.every((r) => r.match_kind === 'name' && r.search_no === '')).toBe(true);
  });

  test("a 1-character name query: '滤'", async () => {
    const page = await search({ keyword: '滤' });
    expect(page.list.map((r) => r.product_id)).toEqual([id('oilFilter'), id('airFilter')]);
  });

  test('the exact name comes before longer names containing it', async () => {
    const page = await search({ keyword: '火花塞' });
    expect(page.list.map((r) => r.product_id)).toEqual([id('gdb'), id('gdbLonger')]);
  });

  test.each(['宝马5系 刹车片', '宝马5系刹车片', '5系 刹车片'])(
    "vehicle series plus part name ('%s'): the parts of that name fitting the series",
    async (keyword) => {
      const page = await search({ keyword });
      // The rear pads fit the 3 series only.
      expect(page.list.map((r) => [r.product_id, r.match_kind])).toEqual([
        [id('pads'), 'series_name'],
        [id('frontPads'), 'series_name'],
      ]);
    },
  );

  test.each(['宝马X5 刹车片', '宝马x5刹车片', 'X5 刹车片'])(
    "a series spelled with Latin letters, in any case ('%s'): the parts of that name fitting it",
    async (keyword) => {
      const page = await search({ keyword });
      // Only the rear pads fit the X5.
      expect(page.list.map((r) => [r.product_id, r.match_kind])).toEqual([[id('rearPads'), 'series_name']]);
    },
  );

  test.each(['宝马 刹车片', '宝马刹车片'])(
    "a make plus part name ('%s'): the parts of that name for the make",
    async (keyword) => {
      const page = await search({ keyword });
      expect(page.list.map((r) => [r.product_id, r.match_kind])).toEqual([
        [id('pads'), 'make_name'],
        [id('frontPads'), 'make_name'],
        [id('rearPads'), 'make_name'],
      ]);
      expect((await search({ keyword: '奔驰 刹车片' })).total).toBe(0);
    },
  );

  test('a number that matches nothing answers an empty list', async () => {
    const page = await search({ keyword: 'XYZ-0000-NOTHING' });
    expect(page).toEqual({ total: 0, page: 1, limit: CONSTANTS.defaultPageSize, list: [] });
  });

  test('only the first non-empty line of a keyword is searched', async () => {
    const page = await search({ keyword: '\n  \nFR-BK-1001\nFR-OF-2001\n' });
    expect(page.list.map((r) => r.product_id)).toEqual([id('frontPads')]);
  });

  test('pages: page and limit answered, page below 1 is page 1, past the end is empty', async () => {
    const first = await search({ keyword: '刹车', limit: 10, page: -3 });
    expect(first).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(first.list).toHaveLength(3);
    const past = await search({ keyword: '刹车', limit: 10, page: 2 });
    expect(past).toMatchObject({ total: 3, page: 2, limit: 10, list: [] });
    const res = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/index',
      payload: { keyword: '刹车', limit: 7 },
    });
    expect(body(res).status).not.toBe(200);
  });

  test('a blank keyword is refused with a message', async () => {
    const res = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/index',
      payload: { keyword: '  ' },
    });
    expect(body(res).status).not.toBe(200);
    expect(body(res).msg).toContain('请先输入搜索关键词');
  });

  test('every search is logged with company, account, keyword, first part and count', async () => {
    await flushSearchLogs(t.db);
    await t.db.execute(sql`delete from search_logs`);
    await search({ keyword: '刹车' }, 'bSub');
    await search({ keyword: 'NOTHING-HERE' }, 'bSub');
    await flushSearchLogs(t.db);
    const rows = (
      await t.db.execute(
        sql`select company_id, account_id, keyword, product_id, result_count from search_logs order by id`,
      )
    ).rows;
    expect(rows).toEqual([
      {
        company_id: t.fixtures.companies.b.id,
        account_id: t.fixtures.accounts.bSub.id,
        keyword: '刹车',
        product_id: id('pads'),
        result_count: 3,
      },
      {
        company_id: t.fixtures.companies.b.id,
        account_id: t.fixtures.accounts.bSub.id,
        keyword: 'NOTHING-HERE',
        product_id: null,
        result_count: 0,
      },
    ]);
  });

  test('answers the same under /api/Shopv2.Accessory/index', async () => {
    const v1 = await search({ keyword: 'A0004200420' });
    const v2 = await search({ keyword: 'A0004200420' }, 'aMain', 'Shopv2');
    expect(v2).toEqual(v1);
  });

  test('login required', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Shop.Accessory/index', payload: { keyword: '刹车' } });
    expect([101, 102, 401]).toContain(body(res).status);
  });
});

describe('number searches arriving together go as one statement', () => {
  const ctx = (account: 'aMain' | 'bMain'): RowContext => ({
    caller: dealerCaller(t.fixtures, account),
    variant: getBrandVariant(t.config.BRAND),
    warehouse: 1,
  });
  const numberSearch = (account: 'aMain' | 'bMain', keyword: string, page = 1, limit = 20): NumberSearch => ({
    ctx: ctx(account),
    keyword,
    norm: normalizePartNumber(keyword),
    page,
    limit,
  });

  test('each caller gets its own count, page and own data (favourite, cart), as when searching alone', async () => {
    const { accounts } = t.fixtures;
    await t.db
      .insert(favourites)
      .values({ accountId: accounts.aMain.id, companyId: accounts.aMain.companyId, productId: id('frontPads') });
    await t.db.insert(cartItems).values({
      companyId: accounts.bMain.companyId,
      accountId: accounts.bMain.id,
      productId: id('frontPads'),
      warehouseId: 1,
      quantity: 7,
    });
    try {
      const searches = [
        numberSearch('aMain', 'A0004200420'),
        numberSearch('bMain', 'a000-420-0420'),
        numberSearch('aMain', 'gdb-1234', 2, 1),
        numberSearch('bMain', 'NOTHING-HERE'),
        numberSearch('aMain', 'FR'),
        numberSearch('bMain', 'FRB', 1, 2),
        // The same caller and part twice in one statement: its cart is counted once.
        numberSearch('bMain', 'A 000 420 04 20'),
      ];
      // Called in one turn: they leave as one batch (lib/coalesce.ts).
      const together = await Promise.all(searches.map((s) => numberSearchPage(t.db, s)));
      const alone = [];
      for (const s of searches) alone.push(await numberSearchPage(t.db, s));
      expect(together).toEqual(alone);

      const [aOe, bOe, gdbPage2, nothing, tooShort, frb, bOeAgain] = together;
      expect(aOe!.list.map((r) => [r.product_id, r.is_sub, r.cart_number, r.search_no])).toEqual([
        [id('frontPads'), 1, 0, 'A0004200420'],
      ]);
      expect(bOe!.list.map((r) => [r.product_id, r.is_sub, r.cart_number, r.search_no])).toEqual([
        [id('frontPads'), 0, 7, 'a000-420-0420'],
      ]);
      expect(gdbPage2!.total).toBe(3);
      expect(gdbPage2!.firstId).toBe(id('gdb'));
      expect(gdbPage2!.list.map((r) => [r.product_id, r.match_kind])).toEqual([[id('frontPads'), 'replacement']]);
      expect(nothing).toEqual({ total: 0, firstId: null, list: [] });
      expect(tooShort).toEqual({ total: 0, firstId: null, list: [] });
      expect(frb!.total).toBe(3);
      expect(frb!.list).toHaveLength(2);
      expect(bOeAgain!.list.map((r) => [r.product_id, r.is_sub, r.cart_number])).toEqual([[id('frontPads'), 0, 7]]);
    } finally {
      await t.db.execute(sql`delete from favourites`);
      await t.db.execute(sql`delete from cart_items`);
    }
  });

  test.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL the statement runs on a generic plan without JIT (which cost ~50 ms per run)',
    async () => {
      const { rows } = await executeNamed<{ mode: string; jit: string }>(
        t.db,
        'test_plan_settings',
        sql`select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`,
      );
      expect(rows).toEqual([{ mode: 'force_generic_plan', jit: 'off' }]);
    },
  );

  test('searches of two companies at once through the API: each sees its own favourite', async () => {
    await t.db.insert(favourites).values({
      accountId: t.fixtures.accounts.bMain.id,
      companyId: t.fixtures.accounts.bMain.companyId,
      productId: id('frontPads'),
    });
    try {
      const pages = await Promise.all(
        (['aMain', 'bMain', 'aMain', 'bMain'] as const).map((account) =>
          search({ keyword: 'A 000 420 04 20' }, account),
        ),
      );
      expect(pages.map((p) => p.list.map((r) => r.is_sub))).toEqual([[0], [1], [0], [1]]);
    } finally {
      await t.db.execute(sql`delete from favourites`);
    }
  });
});

describe('search over many names and numbers', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    await insertCatalog(big.db, big.config.BRAND);
    // 1,200 parts under 30 names with a character no other part has ('镊子00' .. '镊子29', 40 parts
    // each), own codes TW1-0001 .. TW1-0600 and TW2-0601 .. TW2-1200.
    await big.db.execute(sql`
      insert into products (frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh, product_name, make_id,
        category_id, pic)
      select 'TW' || (1 + (g > 600)::int) || '-' || lpad(g::text, 4, '0'),
        'TW' || (1 + (g > 600)::int) || lpad(g::text, 4, '0'), 'OE-TW-' || g, 'OETW' || g,
        '镊子' || lpad(((g - 1) % 30)::text, 2, '0'), '镊子', (select min(id) from makes),
        (select max(id) from categories), ''
      from generate_series(1, 1200) g`);
  });
  afterAll(() => big.close());

  const searchBig = async (keyword: string, page = 1) => {
    const res = await big.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/index',
      payload: { keyword, page, limit: 100 },
    });
    return body<ProductRowPage>(res).data;
  };

  test('a name shared by many parts: at most 1,000, name by name in ranking order, each name in id order', async () => {
    const rows = (
      await big.db.execute(sql`select id, l_name_zh from products where l_name_zh like '镊子%' order by l_name_zh, id`)
    ).rows as { id: number; l_name_zh: string }[];
    const first = await searchBig('镊');
    expect(first.total).toBe(1000);
    const pages = [first];
    for (let page = 2; page <= 10; page++) pages.push(await searchBig('镊', page));
    expect(pages.flatMap((p) => p.list.map((r) => r.product_id))).toEqual(rows.slice(0, 1000).map((r) => Number(r.id)));
  });

  test('a number prefix stops at the next prefix: TW1 finds none of TW2', async () => {
    const tw1 = await searchBig('TW1');
    expect(tw1.total).toBe(PREFIX_MAX);
    expect(tw1.list.every((r) => r.frey_no.startsWith('TW1-'))).toBe(true);
    expect((await searchBig('TW2-12')).list.map((r) => r.frey_no)).toEqual(['TW2-1200']);
    expect(prefixUpperBound('TW1')).toBe('TW2');
    expect(prefixUpperBound('AB9')).toBe('AB:');
    expect(prefixUpperBound('ABZ')).toBe('AB[');
  });
});
