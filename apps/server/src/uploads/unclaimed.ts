import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Executor } from '../lib/events';
import type { FileStorage } from './storage';

/**
 * Uploads nothing uses. A stored kind whose own request writes what references the file
 * (feedback, return pictures: kinds.ts `claimedOnStore`) is claimed when it is stored; a picture
 * sent to POST /api/Base/upload is claimed by the service that takes its id (claimUploads, in
 * the transaction that writes the reference). The job 'delete-unclaimed-uploads' of the uploads
 * module deletes the unclaimed ones older than UNCLAIMED_UPLOAD_GRACE_MS: their rows, then their
 * stored files.
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
