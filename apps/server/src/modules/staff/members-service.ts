import { asc, eq, or, sql } from 'drizzle-orm';
import { CreateStaffRequest, type StaffMember } from '@shop/core/api/admin';
import type { Db } from '../../db/client';
import { staffMembers } from '../../db/schema/staff';
import { chinaDateTime } from '../../lib/china-time';
import { refuse } from '../../lib/errors';
import { hashPassword } from '../user/password';
import { writeAudit, type AuditActor } from './audit';
import { endStaffMemberSessions } from '../../platform/staff-sessions';

export const STAFF_NOT_FOUND_TEXT = '员工不存在';

type Row = typeof staffMembers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the API and the audit log show of a staff member (never the password hash). */
function memberOf(r: Row): StaffMember {
  return {
    id: r.id,
    name: r.name,
    login: r.login,
    phone: r.phone,
    roles: r.roles,
    enabled: r.enabled,
    created_at: chinaDateTime(r.createdAt),
  };
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await db.select().from(staffMembers).orderBy(asc(staffMembers.id))).map(memberOf);
}

/** Inserts a staff member after checking that the login and the phone are free. */
async function insertMember(tx: Tx, input: CreateStaffRequest, passwordHash: string): Promise<StaffMember> {
  const [taken] = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(or(sql`lower(${staffMembers.login}) = lower(${input.login})`, eq(staffMembers.phone, input.phone)))
    .limit(1);
  if (taken) refuse('登录名或手机号已被使用');
  const [row] = await tx
    .insert(staffMembers)
    .values({
      name: input.name,
      login: input.login,
      phone: input.phone,
      passwordHash,
      roles: [...new Set(input.roles)],
    })
    .returning();
  return memberOf(row!);
}

const created = (member: StaffMember) => ({
  action: 'staff.create',
  entityType: 'staff',
  entityId: String(member.id),
  before: null,
  after: member,
});

export async function createStaff(db: Db, actor: AuditActor, input: CreateStaffRequest): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const member = await insertMember(tx, input, passwordHash);
    await writeAudit(tx, actor, created(member));
    return member;
  });
}

export const ADMINISTRATOR_EXISTS_TEXT = '已有管理员账号：请用管理员登录后在后台添加员工';

/**
 * The first administrator of a shop without one (the staff command's create-admin, which works
 * on the database directly because the admin API needs a logged-in administrator). The input is
 * checked by the admin API's rules (CreateStaffRequest); refused when an administrator exists,
 * also when two commands run at once (the table is locked first). The audit entry names the new
 * administrator as who did it, with the request id 'cli:create-admin'.
 */
export async function createFirstAdministrator(
  db: Db,
  input: { login: string; name: string; phone: string; password: string },
): Promise<StaffMember> {
  const parsed = CreateStaffRequest.safeParse({ ...input, roles: ['administrator'] });
  if (!parsed.success) refuse(parsed.error.issues[0]!.message);
  const passwordHash = await hashPassword(parsed.data.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table staff_members in exclusive mode`);
    const [admin] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(sql`'administrator' = any(${staffMembers.roles})`)
      .limit(1);
    if (admin) refuse(ADMINISTRATOR_EXISTS_TEXT);
    const member = await insertMember(tx, parsed.data, passwordHash);
    await writeAudit(tx, { staffId: member.id, requestId: 'cli:create-admin', ip: '' }, created(member));
    return member;
  });
}

/** Disables (sessions end at once) or enables a staff member. Nobody disables themselves. */
export async function setStaffEnabled(
  db: Db,
  actor: AuditActor,
  staffId: number,
  enabled: boolean,
): Promise<StaffMember> {
  if (!enabled && staffId === actor.staffId) refuse('不能停用自己的账号');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staffId)).for('update');
    if (!before) refuse(STAFF_NOT_FOUND_TEXT);
    if (before.enabled === enabled) refuse(enabled ? '该员工已是启用状态' : '该员工已被停用');
    const [after] = await tx
      .update(staffMembers)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(staffMembers.id, staffId))
      .returning();
    if (!enabled) await endStaffMemberSessions(tx, staffId);
    await writeAudit(tx, actor, {
      action: enabled ? 'staff.enable' : 'staff.disable',
      entityType: 'staff',
      entityId: String(staffId),
      before: memberOf(before),
      after: memberOf(after!),
    });
    return memberOf(after!);
  });
}
