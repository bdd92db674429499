import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Executor } from '../lib/events';
import type { FileStorage } from './storage';

/**
 * Uploads nothing uses. A stored kind whose own request writes what references the file
 * (feedback, return pictures: kinds.ts `claimedOnStore`) is claimed when it is stored; a picture
 * sent to POST /api/Base/upload is claimed by the service that takes its id (claimUploads, in
 * the transaction that writes the reference), and given up again (releaseUploads) when what used
 * it takes another. The job 'delete-unclaimed-uploads' of the uploads module deletes the unclaimed
 * ones older than UNCLAIMED_UPLOAD_GRACE_MS: their rows, then their stored files.
 */
export const UNCLAIMED_UPLOAD_GRACE_MS = 24 * 60 * 60_000;
export const UNCLAIMED_UPLOADS_EVERY_MS = 60 * 60_000;
/** Uploads deleted per statement. */
const BATCH = 500;

type Row = Record<string, unknown>;

/**
 * Claims the company's uploads with these ids (another company's, or none, are left out); answers
 * the ids claimed, already claimed ones included.
 */
export async function claimUploads(tx: Executor, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`update uploads set claimed_at = coalesce(claimed_at, now())
    where company_id = ${companyId} and id = any(${sql.param([...ids])}::int[])
    returning id`);
  return (result.rows as Row[]).map((r) => Number(r.id));
}

/**
 * Where a claimed picture can still be used from, for `u`, the upload: an account's avatar (by id),
 * a dealer account's activity image and a question's answer pictures (by address, which ends in
 * the key). The kinds claimed on store are never given up.
 */
const STILL_REFERENCED: SQL[] = [
  sql`exists (select 1 from accounts a where a.avatar_upload_id = u.id)`,
  sql`exists (select 1 from accounts a
    where a.company_id = u.company_id and right(a.activity_flag_image, length(u.key) + 1) = '/' || u.key)`,
  sql`exists (select 1 from product_questions q, unnest(q.reply_pics) p
    where q.company_id = u.company_id and right(p, length(u.key) + 1) = '/' || u.key)`,
];

/**
 * Gives the company's uploads with these ids up (what used one took another: a replaced avatar):
 * unclaimed again, so the job deletes them after their grace, but only those no row still uses
 * (STILL_REFERENCED). Call it in the transaction that drops the reference; answers the ids given up.
 */
export function releaseUploads(tx: Executor, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return release(tx, companyId, sql`u.id = any(${sql.param([...ids])}::int[])`);
}

/**
 * releaseUploads for uploads referenced by their address (which ends in the key), as a dealer
 * account's activity image is; an address of no upload of the company is passed over.
 */
export function releaseUploadsAt(tx: Executor, companyId: number, addresses: readonly string[]): Promise<number[]> {
  const given = addresses.filter((a) => a !== '');
  if (given.length === 0) return Promise.resolve([]);
  return release(
    tx,
    companyId,
    sql`exists (select 1 from unnest(${sql.param(given)}::text[]) a where right(a, length(u.key) + 1) = '/' || u.key)`,
  );
}

async function release(tx: Executor, companyId: number, which: SQL): Promise<number[]> {
  const result = await tx.execute(sql`update uploads u set claimed_at = null
    where u.company_id = ${companyId} and ${which}
      and not (${sql.join(STILL_REFERENCED, sql` or `)})
    returning id`);
  return (result.rows as Row[]).map((r) => Number(r.id));
}

/**
 * Deletes the uploads unclaimed for graceMs: the row first (only while still unclaimed, so a
 * claim at the same moment keeps it), then the file. Answers how many were deleted.
 */
export async function deleteUnclaimedUploads(
  db: Db,
  storage: FileStorage,
  graceMs = UNCLAIMED_UPLOAD_GRACE_MS,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`delete from uploads where id in (
        select id from uploads
        where claimed_at is null and created_at < now() - ${graceMs} * interval '1 millisecond'
        order by created_at limit ${BATCH} for update skip locked)
      and claimed_at is null
      returning key`);
    const keys = (result.rows as Row[]).map((r) => String(r.key));
    for (const key of keys) await storage.remove(key);
    deleted += keys.length;
    if (keys.length < BATCH) return deleted;
  }
}
