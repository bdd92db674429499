import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { BATCH_SEARCH_TEXT_MAX, BatchSearchResult } from '@shop/core/api/bulk-search';
import { ProductRowPage } from '@shop/core/api/parts';
import type { FixtureAccountKey } from './helpers/fixtures';
import { flushSearchLogs } from '../src/modules/search/search-log-buffer';
import { stockViews } from '../src/db/schema/customer-activity';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createCatalogApp, type CatalogData, type PartKey } from './catalog-test-data';

let t: TestApp;
let data: CatalogData;
beforeAll(async () => void ({ t, data } = await createCatalogApp()));
afterAll(() => t.close());

const id = (key: PartKey) => data.ids[key];

async function batch(payload: Record<string, unknown>, account: FixtureAccountKey = 'aMain', prefix = 'Shop') {
  const res = await t.injectAs(account, { method: 'POST', url: `/api/${prefix}.Accessory/batchSearch`, payload });
  expect(res.statusCode).toBe(200);
  return body<BatchSearchResult>(res);
}

async function groups(keyword: string, account: FixtureAccountKey = 'aMain', warehouse?: number) {
  const b = await batch({ keyword, ...(warehouse ? { warehouse } : {}) }, account);
  expect(b.status).toBe(200);
  expect(BatchSearchResult.parse(b.data)).toEqual(b.data);
  return b.data;
}

describe('POST /api/Shop.Accessory/batchSearch', () => {
  test('one group per line in input order, with the quantity, for every kind of answer', async () => {
    const result = await groups(
      [
        'A 000 420 04 20 = 2', // OE, spaced as printed
        '', // blank lines are dropped
        'XYZ-404(3)', // not found, quantity in brackets
        'fr-of-2001\t5', // own code, tab and quantity from a spreadsheet
        'TRW GDB 1234', // not a stored spelling: not found
        'A000-420-03-20', // old number → cross reference
        'ZK77003', // OE of the spark plug (exact only, no prefix)
        'gdb1234', // own code of one part and replacement number of another → ambiguous
      ].join('\n'),
    );
    expect(result.groups.map((g) => [g.line, g.number, g.quantity, g.status])).toEqual([
      [1, 'A0004200420', 2, 'found'],
      [3, 'XYZ-404', 3, 'not_found'],
      [4, 'fr-of-2001', 5, 'found'],
      [5, 'TRWGDB1234', 1, 'not_found'],
      [6, 'A000-420-03-20', 1, 'cross'],
      [7, 'ZK77003', 1, 'found'],
      [8, 'gdb1234', 1, 'ambiguous'],
    ]);
    expect(result.found).toBe(5);
    expect(result.not_found).toBe(2);
    const [oe, missing, own, , old, spark, ambiguous] = result.groups;
    expect(oe!.list.map((r) => [r.product_id, r.match_kind, r.search_no])).toEqual([
      [id('frontPads'), 'oe', 'A0004200420'],
    ]);
    expect(missing!.list).toEqual([]);
    expect(missing!.raw).toBe('XYZ-404(3)');
    expect(own!.list.map((r) => r.product_id)).toEqual([id('oilFilter')]);
    expect(old).toMatchObject({ matched_number: 'A 000 420 03 20', match_kind: 'old' });
    expect(old!.list.map((r) => r.product_id)).toEqual([id('frontPads')]);
    expect(spark!.list.map((r) => r.product_id)).toEqual([id('gdb')]);
    // best match first: the own code, then the part whose replacement number it is
    expect(ambiguous!.list.map((r) => [r.product_id, r.match_kind])).toEqual([
      [id('gdb'), 'frey_no'],
      [id('frontPads'), 'replacement'],
    ]);
    expect(ambiguous).toMatchObject({ matched_number: 'GDB1234', match_kind: 'frey_no' });
    expect(result.groups.map((g) => g.total)).toEqual([1, 0, 1, 0, 1, 1, 2]);
  });

  test('rows carry prices and both warehouses, the chosen one as available_stock', async () => {
    // The company has looked at the part's stock: the view-stock gate lets the figures through.
    const { companyId } = t.fixtures.accounts.cRegional;
    await t.db.insert(stockViews).values({ companyId, productId: data.ids.frontPads }).onConflictDoNothing();
    const gz = await groups('A0004200420\nFR-BK-1002', 'cRegional');
    const row = gz.groups[0]!.list[0]!;
    expect(row).toMatchObject({ frey_stock: 5, beijing_stock: 150, available_stock: 5, stock_zaitu: 5 });
    expect(Object.values(row.prices).every((p) => /^\d+\.\d{2}$/.test(p))).toBe(true);
    const bj = await groups('A0004200420\nFR-BK-1002', 'cRegional', 2);
    expect(bj.groups[0]!.list[0]).toMatchObject({ available_stock: 150 });
  });

  test('the same number twice answers twice, found once in the database', async () => {
    const result = await groups('GDB12345=1\ngdb 12345=4');
    expect(result.groups.map((g) => [g.quantity, g.list.map((r) => r.product_id)])).toEqual([
      [1, [id('gdbLonger')]],
      [4, [id('gdbLonger')]],
    ]);
  });

  test('a Chinese line and a number that is only punctuation are not found, never an error', async () => {
    const result = await groups('刹车片\n---\nA0004200420');
    expect(result.groups.map((g) => g.status)).toEqual(['not_found', 'not_found', 'found']);
  });

  test("the brand's short name and suffix marker are handled on the server too", async () => {
    const result = await groups('福瑞-BK-1001=2\nFR-OF-2001-福瑞');
    expect(result.groups.map((g) => [g.number, g.status, g.list[0]?.product_id])).toEqual([
      ['FRBK-1001', 'found', id('frontPads')],
      ['FR-OF-2001', 'found', id('oilFilter')],
    ]);
  });

  test('more than 500 numbers is refused with a Chinese message', async () => {
    const keyword = Array.from({ length: 501 }, (_, i) => `FR-${i}`).join('\n');
    const b = await batch({ keyword });
    expect(b.status).toBe(201);
    expect(b.msg).toBe('一次最多查询 500 个编号，当前有 501 个，请删减或分批查询');
  });

  test('a non-blank line never vanishes: a leading tab is whitespace, a line without a number is not found', async () => {
    const result = await groups('FR-OF-2001\n\tA0004200420\t3\n(2)\n\t\n（备注）');
    expect(result.groups.map((g) => [g.line, g.raw, g.number, g.quantity, g.status])).toEqual([
      [1, 'FR-OF-2001', 'FR-OF-2001', 1, 'found'],
      [2, 'A0004200420\t3', 'A0004200420', 3, 'found'],
      [3, '(2)', '(2)', 1, 'not_found'],
      [5, '（备注）', '（备注）', 1, 'not_found'],
    ]);
    expect(result).toMatchObject({ found: 2, not_found: 2 });
  });

  test('the short name before the full own code does not double the prefix', async () => {
    const result = await groups('福瑞FR-OF-2001\n福瑞OF-2001\nFR-OF-2001');
    expect(result.groups.map((g) => [g.number, g.status, g.list[0]?.product_id])).toEqual([
      ['FR-OF-2001', 'found', id('oilFilter')],
      ['FROF-2001', 'found', id('oilFilter')],
      ['FR-OF-2001', 'found', id('oilFilter')],
    ]);
  });

  test('a quantity that cannot be read counts 1, and the line says what was typed', async () => {
    const result = await groups('FR-OF-2001=0\nFR-OF-2001=2.5\nFR-OF-2001=3\nFR-OF-2001');
    expect(result.groups.map((g) => [g.quantity, g.bad_quantity])).toEqual([
      [1, '0'],
      [1, '2.5'],
      [3, undefined],
      [1, undefined],
    ]);
  });

  test('line numbers count the lines as sent, leading blank lines too', async () => {
    const long = `A${'B'.repeat(60)}`;
    const b = await batch({ keyword: `\n\n04465-33471\n\n${long}` });
    expect(b.status).toBe(201);
    expect(b.msg).toBe('第 5 行编号过长（最多 50 个字符），请检查');
    const result = await groups(`${'\n'.repeat(10)}A0004200420\n  \nFR-OF-2001\n\n`);
    expect(result.groups.map((g) => [g.line, g.number])).toEqual([
      [11, 'A0004200420'],
      [13, 'FR-OF-2001'],
    ]);
  });

  test('480 numbers pasted with a tab and a description each are answered', async () => {
    const description = `前刹车片 ${'宝马5系 F18 2010-2017 原厂品质 陶瓷配方 低粉尘 '.repeat(3)}`.slice(0, 75);
    const keyword = Array.from({ length: 480 }, (_, i) => `NO-SUCH-${i}\t${description}`).join('\n');
    expect(keyword.length).toBeGreaterThan(40_000);
    const result = await groups(keyword);
    expect(result.groups).toHaveLength(480);
    expect(result.groups[0]).toMatchObject({ line: 1, number: 'NO-SUCH-0', status: 'not_found' });
  });

  test('a text too long is refused with a Chinese message, as the 500-number limit is', async () => {
    const keyword = `A0004200420\n${'x'.repeat(BATCH_SEARCH_TEXT_MAX)}`;
    const b = await batch({ keyword });
    expect(b.status).toBe(201);
    expect(b.msg).toBe('输入内容过长，请分批查询');
  });

  test('500 numbers are answered, one group each', async () => {
    const keyword = [...Array.from({ length: 499 }, (_, i) => `NO-SUCH-${i}`), 'A0004200420'].join('\n');
    const result = await groups(keyword);
    expect(result.groups).toHaveLength(500);
    expect(result.groups[499]!.status).toBe('found');
    expect(result.found).toBe(1);
  });

  test('blank text asks for numbers (a validation error, HTTP 400)', async () => {
    const res = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/batchSearch',
      payload: { keyword: ' \n \n' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('请输入配件编号');
  });

  test('also answers under Shopv2 and needs a login', async () => {
    expect((await batch({ keyword: 'A0004200420\nx' }, 'aMain', 'Shopv2')).status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Shop.Accessory/batchSearch',
      payload: { keyword: 'A0004200420\nx' },
    });
    expect(body(res).status).not.toBe(200);
  });

  test('each searched line is logged for the hot-search list', async () => {
    await flushSearchLogs(t.db);
    const before = await t.db.execute(sql`select count(*)::int as n from search_logs`);
    await groups('ZK 77 002\nNOT-THERE-1');
    await flushSearchLogs(t.db);
    const after = await t.db.execute(sql`select keyword, result_count from search_logs order by id desc limit 2`);
    const n = await t.db.execute(sql`select count(*)::int as n from search_logs`);
    expect(Number((n.rows[0] as { n: number }).n) - Number((before.rows[0] as { n: number }).n)).toBe(2);
    expect(after.rows.map((r) => (r as { keyword: string }).keyword).sort()).toEqual(['NOT-THERE-1', 'ZK77002']);
  });

  test('the single search still answers the first line only', async () => {
    const res = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/index',
      payload: { keyword: 'FR-OF-2001\nA0004200420' },
    });
    const page = ProductRowPage.parse(body(res).data);
    expect(page.list.map((r) => r.product_id)).toEqual([id('oilFilter')]);
  });
  test('a number of many parts answers its first 20: best match first, then part id, each part once', async () => {
    // 22 parts share the replacement number SHARED-22; the last also has it as its OE number, the
    // first also as an old number (its best match is still the replacement).
    const created = await t.db.execute(sql`
      insert into products (frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh, product_name, make_id,
        category_id, l_model_zh, engines, outbox_fcl_quantity, scm_classification, consumable_days, pic)
      select 'FR-SH-' || g, 'FRSH' || g, 'OE-SH-' || g, 'OESH' || g, l_name_zh, product_name, make_id,
        category_id, l_model_zh, engines, outbox_fcl_quantity, scm_classification, consumable_days, pic
      from products, generate_series(1, 22) g where id = ${id('frontPads')}
      returning id`);
    const shared = created.rows.map((r) => Number((r as { id: number }).id)).sort((a, b) => a - b);
    const first = shared[0]!;
    const last = shared.at(-1)!;
    await t.db.execute(sql`
      insert into product_numbers (product_id, kind, factory, number, number_norm)
      select pid, kind::product_number_kind, 'TRW', 'SHARED-22', 'SHARED22'
      from (select pid, 'replacement' as kind from unnest(${sql.param(shared)}::int[]) pid
        union all select ${last}::int, 'oe' union all select ${first}::int, 'old') n`);

    const [group] = (await groups('shared 22')).groups;
    expect(group!.status).toBe('ambiguous');
    expect(group!.list.map((r) => [r.product_id, r.match_kind])).toEqual([
      [last, 'oe'],
      ...shared.slice(0, 19).map((pid) => [pid, 'replacement']),
    ]);
    expect(group).toMatchObject({ matched_number: 'SHARED-22', match_kind: 'oe' });
    // The line tells how many parts carry the number, not only the 20 it lists.
    expect(group!.total).toBe(22);
  });
});
