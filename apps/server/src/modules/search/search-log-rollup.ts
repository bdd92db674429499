import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addDays, chinaDay, chinaDayOf, chinaDayStart } from '../../lib/china-time';

/**
 * The search log (one row per searched number: a 200-number search writes 200) grows by
 * millions of rows a day in a busy shop, and hot search counted a month of it. So once a shop
 * day is over, its log is rolled up into search_log_days (how often each part was found first
 * that day), and hot search counts those days plus the log since the last roll-up. The log itself
 * is deleted after SEARCH_LOG_KEEP_DAYS, the daily counts after SEARCH_LOG_DAYS_KEEP_DAYS.
 *
 * The roll-up is the job 'search-log-rollup' (server.ts, lib/jobs.ts): once per cluster every
 * SEARCH_LOG_ROLLUP_MS; the state row (search_log_rollup, locked for the roll-up) still makes
 * each day rolled up once whoever runs it.
 */
export const SEARCH_LOG_KEEP_DAYS = 90;
export const SEARCH_LOG_DAYS_KEEP_DAYS = 400;
export const SEARCH_LOG_ROLLUP_MS = 60 * 60_000;
/** The first roll-up after a start, out of the way of the start itself. */
export const FIRST_ROLLUP_AFTER_MS = 60_000;
/**
 * A day is rolled up this long after it ended: an entry is written up to a fraction of a second
 * after its search (search-log-buffer.ts), with the time it is written.
 */
const ROLLUP_GRACE_MS = 10 * 60_000;

function timestamp(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

/**
 * Rolls up the log of every shop day that ended (ROLLUP_GRACE_MS before `now`) and is not rolled
 * up yet, and deletes what is past keeping. Returns the moment the log is rolled up to.
 */
export async function rollUpSearchLogs(db: Db, now = new Date()): Promise<Date> {
  const until = chinaDayStart(chinaDay(new Date(now.getTime() - ROLLUP_GRACE_MS)));
  const today = chinaDay(now);
  const keepLogFrom = chinaDayStart(addDays(today, -SEARCH_LOG_KEEP_DAYS));
  return db.transaction(async (tx) => {
    const state = (await tx.execute(sql`select rolled_until from search_log_rollup where id = 1 for update`))
      .rows[0] as { rolled_until: Date | string | null } | undefined;
    if (!state) throw new Error('search_log_rollup has no state row (migration 0011)');
    const from = state.rolled_until === null ? null : new Date(state.rolled_until);
    if (from !== null && from >= until) return from;

    await tx.execute(sql`
      insert into search_log_days (day, product_id, searches)
      select ${chinaDayOf(sql`created_at`)}, product_id, count(*) from search_logs
      where product_id is not null and created_at < ${timestamp(until)}
        ${from === null ? sql`` : sql`and created_at >= ${timestamp(from)}`}
      group by 1, 2
      on conflict (day, product_id) do update set searches = search_log_days.searches + excluded.searches`);
    // What was not found (the dashboard of the back office): the entries without a result.
    await tx.execute(sql`
      insert into search_miss_days (day, keyword, misses)
      select ${chinaDayOf(sql`created_at`)}, keyword, count(*) from search_logs
      where result_count = 0 and created_at < ${timestamp(until)}
        ${from === null ? sql`` : sql`and created_at >= ${timestamp(from)}`}
      group by 1, 2
      on conflict (day, keyword) do update set misses = search_miss_days.misses + excluded.misses`);
    await tx.execute(sql`update search_log_rollup set rolled_until = ${timestamp(until)} where id = 1`);
    // Only what is rolled up is deleted, whatever the keeping time.
    const deleteBefore = keepLogFrom < until ? keepLogFrom : until;
    await tx.execute(sql`delete from search_logs where created_at < ${timestamp(deleteBefore)}`);
    await tx.execute(sql`delete from search_log_days where day < ${addDays(today, -SEARCH_LOG_DAYS_KEEP_DAYS)}::date`);
    await tx.execute(sql`delete from search_miss_days where day < ${addDays(today, -SEARCH_LOG_DAYS_KEEP_DAYS)}::date`);
    return until;
  });
}

/** The moment from which the log is not rolled up yet, for counts from `from` on (SQL). */
function notRolledUpFrom(from: Date): SQL {
  return sql`greatest(${timestamp(from)}, coalesce((select rolled_until from search_log_rollup where id = 1), '-infinity'::timestamptz))`;
}

/**
 * How often each part was found first since the start of the shop day `days` days before
 * today, to `now`: the rolled-up days and the log since the roll-up, as (product_id, times).
 */
export function searchesPerPartSince(days: number, now: Date): SQL {
  const firstDay = addDays(chinaDay(now), -days);
  return sql`
    select product_id, sum(n) as times from (
      select product_id, searches::bigint as n from search_log_days where day >= ${firstDay}::date
      union all
      select product_id, count(*) from search_logs
      where product_id is not null and created_at >= ${notRolledUpFrom(chinaDayStart(firstDay))}
      group by product_id
    ) counted
    group by product_id`;
}

/**
 * How often each keyword found nothing (searches and lines of the multi-number search) from the
 * start of the shop day `firstDay` to now: the rolled-up days and the log since, as
 * (keyword, times).
 */
export function missesPerKeywordSince(firstDay: string): SQL {
  return sql`
    select keyword, sum(n) as times from (
      select keyword, misses::bigint as n from search_miss_days where day >= ${firstDay}::date
      union all
      select keyword, count(*) from search_logs
      where result_count = 0 and created_at >= ${notRolledUpFrom(chinaDayStart(firstDay))}
      group by keyword
    ) counted
    group by keyword`;
}
