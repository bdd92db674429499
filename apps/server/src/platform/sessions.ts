import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { ApiStatus } from '@shop/core/api-status';
import type { Db } from '../db/client';
import type { Executor } from '../lib/events';
import { accounts, companies, sessions } from '../db/schema/accounts';
import type { staffSessions } from '../db/schema/staff';
import { dropCached, registerCache } from '../lib/cache-drops';
import { LoginError } from '../lib/errors';
import type { DealerCaller } from './request-context';

/**
 * Dealers' login sessions (platform: the auth plugin resolves them, the user module creates and
 * ends them). An opaque random token (256 bits) goes to the client, only its SHA-256 is
 * stored. A session ends at logout, after the idle time without a request, or at its absolute
 * expiry, whichever comes first.
 */
export interface SessionLimits {
  idleMinutes: number;
  absoluteHours: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  input: { accountId: number; companyId: number; ip?: string; userAgent?: string },
  limits: SessionLimits,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, ...stored } = newSession(limits, input.ip ?? '', input.userAgent ?? '');
  await db.insert(sessions).values({ accountId: input.accountId, companyId: input.companyId, ...stored });
  return { token, expiresAt: stored.expiresAt };
}

/**
 * A new session (dealers' and staff's alike): its token, answered once, and what is stored of it
 * (the token's hash, when it ends at the latest, where it comes from).
 */
export function newSession(limits: SessionLimits, ip: string, userAgent: string) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + limits.absoluteHours * 3_600_000),
    ip,
    userAgent: userAgent.slice(0, 300),
  };
}

/** Only touch last_seen_at once a minute per session, not on every request. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The session lookup runs on every authenticated request, so it is a named prepared statement:
 * PostgreSQL parses and plans it once per connection instead of on every request.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      id: sessions.id,
      accountId: sessions.accountId,
      companyId: sessions.companyId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      endedAt: sessions.endedAt,
      isMain: accounts.isMain,
      isPurchase: accounts.isPurchase,
      isRegionalWarehouse: companies.isRegionalWarehouse,
      disabled: accounts.disabled,
      deletedAt: accounts.deletedAt,
      companyEnabled: companies.enabled,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function sessionLookup(db: Db): ReturnType<typeof prepareSessionLookup> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>>[number];

/**
 * Recently resolved sessions, per database, so that the burst of requests a page makes costs one
 * lookup instead of one each. An entry lives SESSION_CACHE_MS; logout and account changes drop it
 * at once, in this process and (through lib/cache-drops.ts: the live hub, Redis when REDIS_URL is
 * set) in every other process of the shop, so a disabled or deleted account's session is not kept
 * alive by a cache anywhere. Without Redis only this process's entries are dropped (one process).
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 20_000;
const sessionCaches = new WeakMap<Db, Map<string, { row: SessionRow; cachedAt: number }>>();

function sessionCache(db: Db): Map<string, { row: SessionRow; cachedAt: number }> {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(db, cache);
  }
  return cache;
}

function forgetSessions(db: Db, matches: (row: SessionRow) => boolean): void {
  const cache = sessionCaches.get(db);
  if (!cache) return;
  for (const [key, entry] of cache) if (matches(entry.row)) cache.delete(key);
}

/** The cache-drop keys of the session cache (lib/cache-drops.ts). */
const DROP_PREFIX = 'sessions:';
const dropKey = {
  account: (id: number) => `${DROP_PREFIX}account:${id}`,
  company: (id: number) => `${DROP_PREFIX}company:${id}`,
  session: (id: number) => `${DROP_PREFIX}session:${id}`,
};

registerCache((db, drop) => {
  if ('all' in drop) {
    sessionCaches.get(db)?.clear();
    return;
  }
  const keys = new Set(drop.keys.filter((k) => k.startsWith(DROP_PREFIX)));
  if (keys.size === 0) return;
  forgetSessions(
    db,
    (row) =>
      keys.has(dropKey.account(row.accountId)) ||
      keys.has(dropKey.company(row.companyId)) ||
      keys.has(dropKey.session(row.id)),
  );
});

/** Drops every cached session (the sessions or accounts were changed outside the shop's services). */
export function clearSessionCache(db: Db): void {
  sessionCaches.get(db)?.clear();
}

/** Drops an account's cached sessions (its roles or state changed), in every process. */
export function forgetAccountSessions(db: Db, accountId: number): void {
  forgetSessionsOf(db, { accountId });
}

/** An account, or every account of a company. */
export type SessionScope = { accountId: number } | { companyId: number };

/** Drops the cached sessions of an account or a company (their flags or state changed), in every process. */
export function forgetSessionsOf(db: Db, scope: SessionScope): void {
  dropCached(db, {
    keys: ['accountId' in scope ? dropKey.account(scope.accountId) : dropKey.company(scope.companyId)],
  });
}

async function lookupSession(db: Db, tokenHash: string, now: number): Promise<SessionRow | undefined> {
  const cache = sessionCache(db);
  const hit = cache.get(tokenHash);
  if (hit && now - hit.cachedAt < SESSION_CACHE_MS) return hit.row;
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (hit) cache.delete(tokenHash);
  if (row) {
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(tokenHash, { row, cachedAt: now });
  }
  return row;
}

/**
 * The caller of a token, or a LoginError with status 401 (none), 102 (unknown, ended, or the
 * account or its company was disabled, or the account deleted) or 101 (expired).
 */
export async function resolveSession(db: Db, token: string | undefined, limits: SessionLimits): Promise<DealerCaller> {
  if (!token) throw new LoginError(ApiStatus.loginRequired);
  const now = Date.now();
  const row = await lookupSession(db, hashToken(token), now);
  if (!row || row.endedAt || row.disabled || row.deletedAt || !row.companyEnabled)
    throw new LoginError(ApiStatus.loginInvalid);
  const idleLimit = row.lastSeenAt.getTime() + limits.idleMinutes * 60_000;
  if (now >= row.expiresAt.getTime() || now >= idleLimit) throw new LoginError(ApiStatus.loginExpired);
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    row.lastSeenAt = new Date(now);
    await db.update(sessions).set({ lastSeenAt: row.lastSeenAt }).where(eq(sessions.id, row.id));
  }
  return {
    kind: 'dealer',
    sessionId: row.id,
    accountId: row.accountId,
    companyId: row.companyId,
    isMain: row.isMain === 1,
    isPurchase: row.isPurchase === 1,
    isRegionalWarehouse: row.isRegionalWarehouse === 1,
  };
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  dropCached(db, { keys: [dropKey.session(sessionId)] });
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/**
 * Ends every open session of an account (password change, disabling, deletion), but `keep` (the
 * caller's own, when it changed its password), and drops them from the caches; answers their ids
 * (the caller closes their live sockets: RealtimePublisher.closeSessions).
 */
export async function endAccountSessions(db: Db, accountId: number, keep?: number): Promise<number[]> {
  const ids = await endSessionsWhere(
    db,
    keep === undefined
      ? eq(sessions.accountId, accountId)
      : and(eq(sessions.accountId, accountId), ne(sessions.id, keep))!,
  );
  forgetAccountSessions(db, accountId);
  return ids;
}

/**
 * Ends the open sessions of an account or of every account of a company in `tx` (they end with
 * the change that ends them, e.g. the back office disabling them) and answers their ids. After
 * the commit the caller drops the cached lookups (forgetSessionsOf) and closes the sessions' live
 * sockets (RealtimePublisher.closeSessions); another process sees the end within SESSION_CACHE_MS.
 */
export async function endSessionsOf(tx: Executor, scope: SessionScope): Promise<number[]> {
  return endSessionsWhere(
    tx,
    'accountId' in scope ? eq(sessions.accountId, scope.accountId) : eq(sessions.companyId, scope.companyId),
  );
}

async function endSessionsWhere(db: Executor, condition: SQL): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(condition, isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** How long a finished session (ended, expired or idle) is kept before it is deleted. */
export const FINISHED_SESSION_KEEP_DAYS = 30;

/** A session table: the dealers' (sessions) or the staff's (staff_sessions), both of one shape. */
export type SessionTable = typeof sessions | typeof staffSessions;

/**
 * Deletes the table's sessions finished more than FINISHED_SESSION_KEEP_DAYS ago: ended
 * (logout), past their absolute expiry, or unused for that long (far past any idle time). The
 * jobs 'prune-sessions' (user module) and 'prune-staff-sessions' (staff module) run it daily.
 */
export async function pruneSessions(db: Db, table: SessionTable = sessions): Promise<number> {
  const before = sql`now() - make_interval(days => ${FINISHED_SESSION_KEEP_DAYS})`;
  const result = await db.execute(sql`delete from ${table}
    where ${table.endedAt} < ${before} or ${table.expiresAt} < ${before} or ${table.lastSeenAt} < ${before}
    returning ${table.id}`);
  return result.rows.length;
}

/**
 * Of these sessions, the ones still valid (not ended, not expired, not idle, account enabled):
 * one query for every session a process holds a live socket for (realtime/hub.ts), the same
 * rules as resolveSession.
 */
export async function stillValidSessions(
  db: Db,
  sessionIds: readonly number[],
  limits: SessionLimits,
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(
      and(
        sql`${sessions.id} = any(${sql.param([...sessionIds])}::int[])`,
        isNull(sessions.endedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${limits.idleMinutes})`,
        eq(accounts.disabled, false),
        isNull(accounts.deletedAt),
        eq(companies.enabled, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
