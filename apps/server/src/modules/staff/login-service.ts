import { eq, or, sql } from 'drizzle-orm';
import type { StaffLoginRequest, StaffLoginResponse } from '@shop/core/api/admin';
import { permissionsOfRoles } from '@shop/core/staff-permissions';
import type { Db } from '../../db/client';
import { staffMembers } from '../../db/schema/staff';
import { BusinessError } from '../../lib/errors';
import type { LoginLimits } from '../user/login-attempts';
import { checkLoginPassword, LOGIN_FAILED_TEXT } from '../user/login-service';
import type { SessionLimits } from '../../platform/sessions';
import { createStaffSession, endStaffSession } from '../../platform/staff-sessions';

export const STAFF_DISABLED_TEXT = '账号已被停用，请联系管理员';

/**
 * Staff login by login name or phone, with the dealers' rules: failures are counted in
 * login_attempts (keys 'staff:{id}' or 'staff-name:{typed}', so a dealer and a staff member never
 * share a count; the per-address count covers both), unknown names cost the same argon2 verify
 * as wrong passwords, and the answer does not say which it was.
 */
export function staffAttemptKey(staffId: number | undefined, login: string): string {
  return staffId === undefined ? `staff-name:${login.toLowerCase()}` : `staff:${staffId}`;
}

export async function staffLogin(
  db: Db,
  input: StaffLoginRequest,
  ctx: { ip: string; userAgent: string },
  options: { loginLimits: LoginLimits; sessionLimits: SessionLimits },
): Promise<StaffLoginResponse> {
  const name = input.login.trim();
  const [member] = await db
    .select()
    .from(staffMembers)
    .where(or(sql`lower(${staffMembers.login}) = lower(${name})`, eq(staffMembers.phone, name)))
    .limit(1);
  const key = staffAttemptKey(member?.id, name);
  await checkLoginPassword(
    db,
    { key, ip: ctx.ip, passwordHash: member?.passwordHash, password: input.password },
    options.loginLimits,
  );
  if (!member) throw new BusinessError(LOGIN_FAILED_TEXT);
  if (!member.enabled) throw new BusinessError(STAFF_DISABLED_TEXT);
  const session = await createStaffSession(
    db,
    { staffId: member.id, ip: ctx.ip, userAgent: ctx.userAgent },
    options.sessionLimits,
  );
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    staff: {
      id: member.id,
      name: member.name,
      login: member.login,
      roles: member.roles,
      permissions: permissionsOfRoles(member.roles),
    },
  };
}

export async function staffLogout(db: Db, sessionId: number): Promise<void> {
  await endStaffSession(db, sessionId);
}
