import { sql } from 'drizzle-orm';
import { IMPORT_TEXTS } from '@shop/core/api/admin-prices';
import type { Db } from '../../db/client';
import { STALE_WORK_MS } from './progress';

/**
 * The erp-imports module's jobs (once per cluster, lib/jobs.ts):
 *
 * - 'imports-stale-work' (at start and every minute): work whose process is gone (its progress
 *   row's heartbeat older than STALE_WORK_MS, progress.ts) is given up. An interrupted preview
 *   marks its batch failed with the reason and deletes the rows it had stored (upload the file
 *   again); an interrupted apply or rollback committed nothing (its transaction died with its
 *   connection), so the batch keeps its status with the reason in `error`, to be started again.
 * - 'imports-purge-rows' (daily): the rows of batches whose last step (upload, apply, rollback)
 *   is older than IMPORT_ROWS_KEEP_DAYS are deleted; the batch stays with its summary (counts,
 *   report) and `rows_purged_at`, and is no longer applied or rolled back.
 */
export const STALE_WORK_EVERY_MS = 60_000;
export const PURGE_ROWS_EVERY_MS = 24 * 60 * 60_000;

type Row = Record<string, unknown>;

/** Gives up the work whose process is gone; answers the batches concerned. */
export async function giveUpStaleWork(db: Db, staleMs = STALE_WORK_MS): Promise<number[]> {
  const stale = sql`now() - ${staleMs} * interval '1 millisecond'`;
  return db.transaction(async (tx) => {
    const gone = (
      await tx.execute(sql`delete from import_progress where heartbeat_at < ${stale} returning batch_id, phase`)
    ).rows as Row[];
    // A preview whose claim is gone too (the row deleted by hand) is given up once it is old enough.
    const orphans = (
      await tx.execute(sql`select id from import_batches b where status = 'previewing' and created_at < ${stale}
        and not exists (select 1 from import_progress pr where pr.batch_id = b.id)`)
    ).rows as Row[];
    const previews = [
      ...gone.filter((r) => r.phase === 'preview').map((r) => Number(r.batch_id)),
      ...orphans.map((r) => Number(r.id)),
    ];
    const others = gone.filter((r) => r.phase !== 'preview').map((r) => Number(r.batch_id));
    if (previews.length > 0) {
      const ids = sql.param(previews);
      await tx.execute(sql`update import_batches set status = 'failed', error = ${IMPORT_TEXTS.previewInterrupted}
        where id = any(${ids}::int[]) and status = 'previewing'`);
      await tx.execute(sql`delete from import_rows where batch_id = any(${ids}::int[])`);
    }
    if (others.length > 0) {
      await tx.execute(sql`update import_batches set error = ${IMPORT_TEXTS.workInterrupted}
        where id = any(${sql.param(others)}::int[])`);
    }
    return [...new Set([...previews, ...others])];
  });
}

/** Deletes the rows of the batches last worked on more than keepDays ago; answers the batches purged. */
export async function purgeOldImportRows(db: Db, keepDays: number): Promise<number[]> {
  const due = sql`rows_purged_at is null and status <> 'previewing'
    and coalesce(rolled_back_at, applied_at, created_at) < now() - ${keepDays} * interval '1 day'
    and not exists (select 1 from import_progress pr where pr.batch_id = b.id)`;
  const old = (await db.execute(sql`select id from import_batches b where ${due} order by id`)).rows as Row[];
  const purged: number[] = [];
  for (const { id } of old) {
    // One batch a transaction, its row locked: an apply or rollback starting now waits, then refuses.
    await db.transaction(async (tx) => {
      const [locked] = (
        await tx.execute(sql`select id from import_batches b where id = ${Number(id)} and ${due} for update`)
      ).rows as Row[];
      if (!locked) return;
      await tx.execute(sql`delete from import_rows where batch_id = ${Number(id)}`);
      await tx.execute(sql`update import_batches set rows_purged_at = now() where id = ${Number(id)}`);
      purged.push(Number(id));
    });
  }
  return purged;
}
