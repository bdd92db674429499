import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema/accounts';

/**
 * Login attempts, kept in the database so every process shares the limits (decision 0022).
 * Failures within the window are counted three ways:
 *  - per account and address (since the account's last successful login): the usual lockout,
 *    which locks out only the address that guessed, not the real user elsewhere;
 *  - per address over all accounts: one address trying many accounts;
 *  - per account over all addresses (since its last successful login), a much higher cap
 *    against guessing spread over many addresses.
 * The check and the count are one step: under an advisory lock on the account key and on the
 * address, an attempt is counted (a row, as a failure) before its password is evaluated, and
 * turned into a success afterwards when the password was right. So parallel attempts cannot all
 * pass the check before any of them is counted.
 */
export interface LoginLimits {
  maxFailuresPerAccountAndIp: number;
  maxFailuresPerIp: number;
  maxFailuresPerAccount: number;
  windowMinutes: number;
}

/** The key an attempt is counted under: the account when it exists, else what was typed. */
export function attemptKey(accountId: number | undefined, login: string): string {
  return accountId === undefined ? `name:${login.toLowerCase()}` : `account:${accountId}`;
}

export interface ReservedAttempt {
  id: number;
  /** Tries left (the smallest of the three limits) should this attempt fail. */
  remainingAfterFailure: number;
}

/**
 * Counts an attempt (as a failure until `markAttemptSucceeded`) unless one of the limits is used
 * up; undefined when locked. Locks are always taken account first, then address, so two
 * attempts never wait on each other in a circle.
 */
export async function reserveLoginAttempt(
  db: Db,
  key: string,
  ip: string,
  limits: LoginLimits,
): Promise<ReservedAttempt | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-account:${key}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-ip:${ip}`}, 0))`);
    const since = new Date(Date.now() - limits.windowMinutes * 60_000).toISOString();
    const la = loginAttempts;
    const lastSuccess = sql`coalesce((select max(s.created_at) from ${la} s where s.account_key = ${key} and s.succeeded and s.created_at > ${since}::timestamptz), ${since}::timestamptz)`;
    const rows = await tx
      .select({
        accountAndIp:
          sql<number>`count(*) filter (where ${la.accountKey} = ${key} and ${la.ip} = ${ip} and ${la.createdAt} > ${lastSuccess})`.mapWith(
            Number,
          ),
        account:
          sql<number>`count(*) filter (where ${la.accountKey} = ${key} and ${la.createdAt} > ${lastSuccess})`.mapWith(
            Number,
          ),
        ip: sql<number>`count(*) filter (where ${la.ip} = ${ip})`.mapWith(Number),
      })
      .from(la)
      .where(
        sql`not ${la.succeeded} and ${la.createdAt} > ${since}::timestamptz and (${la.accountKey} = ${key} or ${la.ip} = ${ip})`,
      );
    const used = rows[0] ?? { accountAndIp: 0, account: 0, ip: 0 };
    const left = Math.min(
      limits.maxFailuresPerAccountAndIp - used.accountAndIp,
      limits.maxFailuresPerAccount - used.account,
      limits.maxFailuresPerIp - used.ip,
    );
    if (left <= 0) return undefined;
    const [row] = await tx
      .insert(loginAttempts)
      .values({ accountKey: key, ip, succeeded: false })
      .returning({ id: loginAttempts.id });
    if (!row) throw new Error('insert returned no row');
    return { id: row.id, remainingAfterFailure: left - 1 };
  });
}

/** The attempt's password was right: it no longer counts as a failure and restarts the account's count. */
export async function markAttemptSucceeded(db: Db, attemptId: number): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ succeeded: true, createdAt: sql`now()` })
    .where(eq(loginAttempts.id, attemptId));
}

/** Deletes attempts older than a day (or the window, when longer): the job 'prune-login-attempts'. */
export async function pruneLoginAttempts(db: Db, windowMinutes: number): Promise<void> {
  const keepMs = Math.max(windowMinutes * 60_000, 24 * 3_600_000);
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - keepMs)));
}
