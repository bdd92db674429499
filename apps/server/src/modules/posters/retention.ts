import { sql } from 'drizzle-orm';
import { POSTER_KEEP_DAYS } from '@shop/core/api/posters';
import type { Db } from '../../db/client';

/** How often the job looks for posters past their days. */
export const POSTER_PRUNE_EVERY_MS = 6 * 60 * 60_000;
/** Posters deleted per statement: each holds its PNG, so a batch stays a short transaction. */
export const POSTER_DELETE_BATCH = 200;

/**
 * Deletes the posters generated more than `keepDays` ago, oldest first, `batch` at a time (each
 * batch its own statement, so no long lock and no huge transaction after a long pause). Ids grow
 * with time, so the oldest are found by walking the primary key: no index on created_at is needed.
 * Answers how many went.
 */
export async function deleteOldPosters(
  db: Db,
  { keepDays = POSTER_KEEP_DAYS, batch = POSTER_DELETE_BATCH }: { keepDays?: number; batch?: number } = {},
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rows } = await db.execute(sql`with gone as (
        delete from posters where id in (
          select id from posters where created_at < now() - ${keepDays} * interval '1 day' order by id limit ${batch})
        returning 1)
      select count(*)::int as n from gone`);
    const n = Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    deleted += n;
    if (n < batch) return deleted;
  }
}
