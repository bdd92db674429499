import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { searchLogs } from '../src/db/schema/customer-activity';
import { loadHotSalesAndSearch } from '../src/modules/hot-lists/service';
import { addDays, chinaDay, chinaDayStart } from '../src/lib/china-time';
import { rollUpSearchLogs, SEARCH_LOG_KEEP_DAYS } from '../src/modules/search/search-log-rollup';
import type { TestApp } from './helpers/test-app';
import { createCatalogApp, type CatalogData } from './catalog-test-data';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Noon in China on 2026-11-23. */
const NOW = new Date('2026-11-23T04:00:00Z');

describe('shop days (China time)', () => {
  test('a shop day starts at midnight in China, 16:00 UTC the day before', () => {
    expect(chinaDay(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(chinaDay(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(chinaDayStart('2026-11-23').toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('search log roll-up', () => {
  let t: TestApp;
  let data: CatalogData;
  const hotSearch = async (now: Date) =>
    (await loadHotSalesAndSearch(t.db, { page: 1, limit: 20 }, now)).hot_search_list.map((i) => i.product_id);
  const days = async () =>
    (
      await t.db.execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day, product_id, searches from search_log_days order by day, product_id`,
      )
    ).rows.map((r) => {
      const row = r as { day: string; product_id: number; searches: number };
      return [row.day, Number(row.product_id), Number(row.searches)];
    });
  const logCount = async () =>
    Number(((await t.db.execute(sql`select count(*)::int as n from search_logs`)).rows[0] as { n: number }).n);
  const log = async (productId: number | null, at: Date, times = 1) => {
    const { companies, accounts } = t.fixtures;
    await t.db.insert(searchLogs).values(
      Array.from({ length: times }, () => ({
        companyId: companies.a.id,
        accountId: accounts.aMain.id,
        keyword: 'x',
        productId,
        resultCount: productId === null ? 0 : 1,
        createdAt: at,
      })),
    );
  };

  beforeAll(async () => {
    ({ t, data } = await createCatalogApp());
    const { frontPads, rearPads, oilFilter, airFilter } = data.ids;
    const ago = (ms: number) => new Date(NOW.getTime() - ms);
    await log(frontPads, ago(HOUR), 2); // today
    await log(rearPads, ago(DAY), 3); // yesterday
    await log(rearPads, ago(12 * HOUR + 1000)); // yesterday's last second in China
    await log(rearPads, ago(29 * DAY));
    await log(null, ago(DAY)); // nothing found
    await log(oilFilter, ago(40 * DAY), 9); // outside hot search's 30 days
    await log(airFilter, ago((SEARCH_LOG_KEEP_DAYS + 5) * DAY)); // past keeping
  });
  afterAll(() => t.close());

  test('rolls up the ended days, counts the same hot search, and deletes the log past keeping', async () => {
    const { frontPads, rearPads, oilFilter, airFilter } = data.ids;
    const before = await hotSearch(NOW);
    expect(before).toEqual([rearPads, frontPads]);

    const until = await rollUpSearchLogs(t.db, NOW);

    expect(until.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(await days()).toEqual([
      [addDays('2026-11-23', -(SEARCH_LOG_KEEP_DAYS + 5)), airFilter, 1],
      ['2026-10-14', oilFilter, 9],
      ['2026-10-25', rearPads, 1],
      ['2026-11-22', rearPads, 4],
    ]);
    expect(await hotSearch(NOW)).toEqual(before);
    // Left: today's 2, yesterday's 5 (the one without a part too), the 29 and 40 days old.
    expect(await logCount()).toBe(2 + 5 + 1 + 9);
  });

  test('a second roll-up the same day, two at once, or one whose clock is behind, change nothing', async () => {
    const rolled = await days();
    await Promise.all([rollUpSearchLogs(t.db, NOW), rollUpSearchLogs(t.db, NOW)]);
    expect(await days()).toEqual(rolled);
    const behind = await rollUpSearchLogs(t.db, new Date(NOW.getTime() - 2 * DAY));
    expect(behind.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    await rollUpSearchLogs(t.db, NOW);
    expect(await days()).toEqual(rolled);
  });

  test("today's searches count from the log until the day is rolled up, then from the day", async () => {
    const { frontPads, rearPads } = data.ids;
    await log(frontPads, new Date(NOW.getTime() + HOUR), 3);
    expect(await hotSearch(NOW)).toEqual([frontPads, rearPads]); // 5 against 5, then by id

    const tomorrow = new Date(NOW.getTime() + DAY);
    const before = await hotSearch(tomorrow);
    await rollUpSearchLogs(t.db, tomorrow);
    expect((await days()).filter(([day]) => day === '2026-11-23')).toEqual([['2026-11-23', frontPads, 5]]);
    expect(await hotSearch(tomorrow)).toEqual(before);
  });

  test('a day is rolled up only once it has been over for a while (entries are written late)', async () => {
    const justAfterMidnight = new Date(chinaDayStart('2026-11-25').getTime() + 60_000);
    const until = await rollUpSearchLogs(t.db, justAfterMidnight);
    expect(until.toISOString()).toBe(chinaDayStart('2026-11-24').toISOString());
  });
});
