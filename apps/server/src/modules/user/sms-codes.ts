import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  ACCOUNT_TEXTS,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
  type SmsPurpose,
} from '@shop/core/api/account';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema/sign-in';
import { chinaDay, chinaDayStart } from '../../lib/china-time';
import { BusinessError } from '../../lib/errors';

/**
 * SMS codes (docs/account.md): 6 digits from crypto.randomInt, only a salted SHA-256 kept,
 * compared in constant time; valid SMS_CODE_TTL_MINUTES, single use, bound to the phone (and the
 * purpose, and for a new phone the account); SMS_CODE_MAX_TRIES wrong tries end it. A new code
 * ends the phone's earlier ones. Sends are counted like login attempts (decision 0022): under
 * advisory locks on the phone and the address, the rows of the China day are counted and the new
 * one inserted in one transaction, so parallel sends cannot pass the limits together.
 */
export interface SmsLimits {
  perPhoneDay: number;
  perIpDay: number;
}

function hashCode(salt: string, phone: string, purpose: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${phone}:${purpose}:${code}`).digest();
}

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

export interface IssueInput {
  phone: string;
  purpose: SmsPurpose;
  ip: string;
  /** The account asking for a new phone's code. */
  accountId?: number;
  /** Whether the code is sent (false: a sign-in code for a phone without an account). */
  send: boolean;
}

/** Counts the send and stores a new code; answers it. Refuses when a limit is reached. */
export async function issueSmsCode(db: Db, input: IssueInput, limits: SmsLimits): Promise<string> {
  const code = newSmsCode();
  const salt = randomBytes(16).toString('hex');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-phone:${input.phone}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-ip:${input.ip}`}, 0))`);
    const now = Date.now();
    const dayStart = chinaDayStart(chinaDay(new Date(now))).toISOString();
    const [recent] = await tx
      .select({ at: sql<string | null>`max(${smsCodes.createdAt})` })
      .from(smsCodes)
      .where(
        sql`${smsCodes.phone} = ${input.phone} and ${smsCodes.createdAt} > now() - make_interval(secs => ${SMS_RESEND_SECONDS})`,
      );
    const last = recent?.at ? new Date(recent.at).getTime() : undefined;
    if (last !== undefined) {
      const wait = Math.max(1, Math.ceil((last + SMS_RESEND_SECONDS * 1000 - now) / 1000));
      throw new BusinessError(ACCOUNT_TEXTS.smsTooSoon(Math.min(wait, SMS_RESEND_SECONDS)));
    }
    const [today] = await tx
      .select({
        phone: sql<number>`count(*) filter (where ${smsCodes.phone} = ${input.phone})`.mapWith(Number),
        ip: sql<number>`count(*) filter (where ${smsCodes.ip} = ${input.ip})`.mapWith(Number),
      })
      .from(smsCodes)
      .where(
        sql`${smsCodes.createdAt} >= ${dayStart}::timestamptz and (${smsCodes.phone} = ${input.phone} or ${smsCodes.ip} = ${input.ip})`,
      );
    if ((today?.phone ?? 0) >= limits.perPhoneDay || (today?.ip ?? 0) >= limits.perIpDay) {
      throw new BusinessError(ACCOUNT_TEXTS.smsDailyCap);
    }
    // Only the newest code of a phone and purpose works.
    await tx
      .update(smsCodes)
      .set({ expiresAt: new Date(now) })
      .where(and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose), isNull(smsCodes.usedAt)));
    await tx.insert(smsCodes).values({
      phone: input.phone,
      purpose: input.purpose,
      accountId: input.accountId ?? null,
      ip: input.ip,
      salt,
      codeHash: hashCode(salt, input.phone, input.purpose, code).toString('hex'),
      sent: input.send,
      expiresAt: new Date(now + SMS_CODE_TTL_MINUTES * 60_000),
    });
  });
  return code;
}

/**
 * Uses a code: true once for the right one (it is spent), false otherwise (a wrong one counts a
 * try); refuses with the reason the user should hear. `accountId` binds a new phone's code to the
 * account that asked for it.
 */
export async function useSmsCode(
  db: Db,
  input: { phone: string; purpose: SmsPurpose; code: string; accountId?: number },
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, input.phone),
          eq(smsCodes.purpose, input.purpose),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, new Date()),
          input.accountId === undefined ? undefined : eq(smsCodes.accountId, input.accountId),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1)
      .for('update');
    if (!row) return 'wrong';
    if (row.tries >= SMS_CODE_MAX_TRIES) return 'tooMany';
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = hashCode(row.salt, input.phone, input.purpose, input.code);
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await tx.update(smsCodes).set({ usedAt: new Date() }).where(eq(smsCodes.id, row.id));
      return 'ok';
    }
    await tx
      .update(smsCodes)
      .set({ tries: sql`${smsCodes.tries} + 1` })
      .where(eq(smsCodes.id, row.id));
    return 'wrong';
  });
  if (outcome === 'tooMany') throw new BusinessError(ACCOUNT_TEXTS.codeTooManyTries);
  if (outcome === 'wrong') throw new BusinessError(ACCOUNT_TEXTS.codeWrong);
}

/** Deletes codes older than two days (the caps count one China day): the job 'prune-sms-codes'. */
export async function pruneSmsCodes(db: Db): Promise<void> {
  await db.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(Date.now() - 2 * 86_400_000)));
}
