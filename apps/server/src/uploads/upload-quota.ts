import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { uploadDays, uploadEvents } from '../db/schema/feedback';
import { chinaDay } from '../lib/china-time';
import { BusinessError } from '../lib/errors';
import type { AuthContext } from '../plugins/auth';

/** Whose upload it is: the company it belongs to and the account it is counted against. */
export type UploadOwner = Pick<AuthContext, 'companyId' | 'accountId'>;

/**
 * Limits on uploaded files, kept in the database so every server process shares them:
 *
 * - a company stores at most UPLOAD_MB_PER_COMPANY_DAY megabytes a China day. Room for a file is
 *   reserved before it is written (its largest possible size, in one guarded update, so uploads
 *   at the same moment cannot pass the quota together); once written, what it did not need is
 *   given back, and all of it when the upload is refused (the file is then deleted);
 * - an account uploads at most UPLOADS_PER_ACCOUNT_10_MINUTES files in 10 minutes. Every upload
 *   that got its room counts, also one refused afterwards (wrong type, too large).
 */
export const UPLOAD_QUOTA_TEXTS = {
  daily: '今日上传已达上限，请明天再试',
  rate: '上传过于频繁，请稍后再试',
} as const;

export interface UploadLimits {
  bytesPerDay: number;
  uploadsPerWindow: number;
  windowMs: number;
}

export function uploadLimits(config: Config): UploadLimits {
  return {
    bytesPerDay: config.UPLOAD_MB_PER_COMPANY_DAY * 1024 * 1024,
    uploadsPerWindow: config.UPLOADS_PER_ACCOUNT_10_MINUTES,
    windowMs: 10 * 60_000,
  };
}

export interface UploadReservation {
  companyId: number;
  /** The China day the bytes were counted on. */
  day: string;
  bytes: number;
}

/**
 * Reserves `bytes` of the company's quota for today and counts an upload of the account, or
 * refuses (201) when the quota or the rate does not allow it; a refusal changes nothing.
 */
export async function reserveUpload(
  db: Db,
  auth: UploadOwner,
  bytes: number,
  limits: UploadLimits,
  now = new Date(),
): Promise<UploadReservation> {
  const day = chinaDay(now);
  const since = new Date(now.getTime() - limits.windowMs);
  const ofCompanyDay = and(eq(uploadDays.companyId, auth.companyId), eq(uploadDays.day, day));
  const ofAccount = and(eq(uploadEvents.companyId, auth.companyId), eq(uploadEvents.accountId, auth.accountId));
  return db.transaction(async (tx) => {
    await tx.insert(uploadDays).values({ companyId: auth.companyId, day, bytes: 0 }).onConflictDoNothing();
    // Guarded and atomic; the row stays locked to the end, so the company's uploads are counted
    // one after the other below.
    const [room] = await tx
      .update(uploadDays)
      .set({ bytes: sql`${uploadDays.bytes} + ${bytes}` })
      .where(and(ofCompanyDay, sql`${uploadDays.bytes} + ${bytes} <= ${limits.bytesPerDay}`))
      .returning({ bytes: uploadDays.bytes });
    if (!room) throw new BusinessError(UPLOAD_QUOTA_TEXTS.daily);
    const [recent] = await tx
      .select({ n: count() })
      .from(uploadEvents)
      .where(and(ofAccount, gt(uploadEvents.createdAt, since)));
    if ((recent?.n ?? 0) >= limits.uploadsPerWindow) throw new BusinessError(UPLOAD_QUOTA_TEXTS.rate);
    await tx.insert(uploadEvents).values({ companyId: auth.companyId, accountId: auth.accountId, createdAt: now });
    // What no limit looks at any more.
    await tx.delete(uploadEvents).where(and(ofAccount, lt(uploadEvents.createdAt, since)));
    await tx.delete(uploadDays).where(and(eq(uploadDays.companyId, auth.companyId), lt(uploadDays.day, day)));
    return { companyId: auth.companyId, day, bytes };
  });
}

/** Gives `bytes` of a reservation back to the quota of the day it was made on. */
export async function releaseUpload(db: Db, reservation: UploadReservation, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await db
    .update(uploadDays)
    .set({ bytes: sql`greatest(${uploadDays.bytes} - ${bytes}, 0)` })
    .where(and(eq(uploadDays.companyId, reservation.companyId), eq(uploadDays.day, reservation.day)));
}

/** The room reserved for one file: kept at the file's size once stored, or given back. */
export class UploadTicket {
  private held: number;

  constructor(
    private readonly db: Db,
    readonly reservation: UploadReservation,
  ) {
    this.held = reservation.bytes;
  }

  /** Keeps `size` bytes (the stored file's) and gives back the rest. */
  async keep(size: number): Promise<void> {
    const extra = this.held - size;
    this.held = Math.min(this.held, size);
    await releaseUpload(this.db, this.reservation, extra);
  }

  /**
   * Gives back all of it (the upload was refused and its file deleted). Called while another
   * error is being answered: when the database fails here the bytes stay counted for the day.
   */
  async release(): Promise<void> {
    const held = this.held;
    this.held = 0;
    await releaseUpload(this.db, this.reservation, held).catch(() => {});
  }
}

/** Reserves room for a file of at most `bytes`. */
export type ReserveUpload = (bytes: number) => Promise<UploadTicket>;

export function uploadReserver(db: Db, auth: UploadOwner, limits: UploadLimits): ReserveUpload {
  return async (bytes) => new UploadTicket(db, await reserveUpload(db, auth, bytes, limits));
}
