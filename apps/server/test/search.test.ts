import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ProductRowPage } from '@shop/core/api/parts';
import { CONSTANTS } from '@shop/core/constants';
import type { FixtureAccountKey } from './helpers/fixtures';
import { flushSearchLogs } from '../src/modules/search/search-log-buffer';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import { insertCatalog, type CatalogData, type PartKey } from './catalog-test-data';

let t: TestApp;
let data: CatalogData;
beforeAll(async () => {
  t = await createTestApp();
  data = await insertCatalog(t.db, t.config.BRAND);
});
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
