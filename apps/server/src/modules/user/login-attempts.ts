import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema/accounts';

/**
 * Login attempts, kept in the database so every process shares the limits: failed logins are
 * counted per account (since its last successful login) and per address within a window.
 */
export interface LoginLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowMinutes: number;
}

/** The key an attempt is counted under: the account when it exists, else what was typed. */
export function attemptKey(accountId: number | undefined, login: string): string {
  return accountId === undefined ? `name:${login.toLowerCase()}` : `account:${accountId}`;
}

/** True when the account key or the address has used up its failures in the window. */
export async function isLoginLocked(db: Db, key: string, ip: string, limits: LoginLimits): Promise<boolean> {
  const since = new Date(Date.now() - limits.windowMinutes * 60_000).toISOString();
  const la = loginAttempts;
  const lastSuccess = sql`coalesce((select max(s.created_at) from ${la} s where s.account_key = ${key} and s.succeeded and s.created_at > ${since}::timestamptz), ${since}::timestamptz)`;
  const [row] = await db
    .select({
      accountFailures:
        sql<number>`count(*) filter (where ${la.accountKey} = ${key} and ${la.createdAt} > ${lastSuccess})`.mapWith(
          Number,
        ),
      ipFailures: sql<number>`count(*) filter (where ${la.ip} = ${ip})`.mapWith(Number),
    })
    .from(la)
    .where(
      and(
        eq(la.succeeded, false),
        gt(la.createdAt, sql`${since}::timestamptz`),
        or(eq(la.accountKey, key), eq(la.ip, ip)),
      ),
    );
  if (!row) return false;
  return row.accountFailures >= limits.maxFailuresPerAccount || row.ipFailures >= limits.maxFailuresPerIp;
}

export async function recordLoginAttempt(db: Db, key: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ accountKey: key, ip, succeeded });
}

/** Deletes attempts older than a day (or the window, when longer); called now and then. */
export async function pruneLoginAttempts(db: Db, windowMinutes: number): Promise<void> {
  const keepMs = Math.max(windowMinutes * 60_000, 24 * 3_600_000);
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - keepMs)));
}
