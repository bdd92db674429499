import { and, eq, isNull } from 'drizzle-orm';
import {
  permissionsOfRoles,
  STAFF_LOGIN_REQUIRED_TEXT,
  STAFF_SESSION_EXPIRED_TEXT,
  STAFF_SESSION_INVALID_TEXT,
} from '@shop/core/staff-permissions';
import type { Db } from '../db/client';
import { staffMembers, staffSessions } from '../db/schema/staff';
import { HttpError } from '../lib/errors';
import type { StaffCaller } from './request-context';
import { hashToken, newSession, type SessionLimits } from './sessions';

/**
 * Staff sessions: the dealers' scheme (a 256-bit opaque token, only its SHA-256 stored, idle and
 * absolute expiry) in a table of their own, so a dealer token is never a staff session and a
 * staff token never a dealer's. Looked up on every admin request without a cache, so disabling a
 * staff member or a logout ends the session at once in every process.
 */

/** The staff member of an admin request (request.staff; request.ctx.caller too). */
export type StaffContext = StaffCaller;

/** Every admin login failure is HTTP 401 with the envelope; the msg says which. */
function notLoggedIn(message: string): HttpError {
  return new HttpError(401, message);
}

export async function createStaffSession(
  db: Db,
  input: { staffId: number; ip: string; userAgent: string },
  limits: SessionLimits,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, ...stored } = newSession(limits, input.ip, input.userAgent);
  await db.insert(staffSessions).values({ staffId: input.staffId, ...stored });
  return { token, expiresAt: stored.expiresAt };
}

/** Only touch last_seen_at once a minute per session. */
const TOUCH_AFTER_MS = 60_000;

/** The staff member of a token, or HttpError 401 (none sent, unknown, ended, disabled, expired). */
export async function resolveStaffSession(
  db: Db,
  token: string | undefined,
  limits: SessionLimits,
): Promise<StaffContext> {
  if (!token) throw notLoggedIn(STAFF_LOGIN_REQUIRED_TEXT);
  const [row] = await db
    .select({
      id: staffSessions.id,
      staffId: staffSessions.staffId,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      endedAt: staffSessions.endedAt,
      name: staffMembers.name,
      login: staffMembers.login,
      roles: staffMembers.roles,
      enabled: staffMembers.enabled,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.endedAt || !row.enabled) throw notLoggedIn(STAFF_SESSION_INVALID_TEXT);
  const now = Date.now();
  if (now >= row.expiresAt.getTime() || now >= row.lastSeenAt.getTime() + limits.idleMinutes * 60_000) {
    throw notLoggedIn(STAFF_SESSION_EXPIRED_TEXT);
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(staffSessions.id, row.id));
  }
  return {
    kind: 'staff',
    sessionId: row.id,
    staffId: row.staffId,
    name: row.name,
    login: row.login,
    roles: row.roles,
    permissions: permissionsOfRoles(row.roles),
  };
}

type Executor = Pick<Db, 'update'>;

export async function endStaffSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
}

/** Ends every open session of a staff member (disabling, role change). */
export async function endStaffMemberSessions(db: Executor, staffId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
}
