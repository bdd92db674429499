import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery, AuditListResponse } from '@shop/core/api/admin';
import type { Db } from '../../db/client';
import { auditLog, staffMembers } from '../../db/schema/staff';
import { chinaDateTime, chinaDayStart, addDays } from '../../lib/china-time';

/** Who did it and from where: the staff member, the request id and the address. */
export interface AuditActor {
  staffId: number;
  requestId: string;
  ip: string;
}

export interface AuditRecord {
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

type Executor = Pick<Db, 'insert'>;

/** The actor of a staff request (an /api/admin route, where the staff login set `request.staff`). */
export function auditActor(request: Pick<FastifyRequest, 'id' | 'ip'> & { staff: { staffId: number } }): AuditActor {
  return { staffId: request.staff.staffId, requestId: request.id, ip: request.ip };
}

/** Appends an entry; call it inside the transaction of the change so both commit or neither. */
export async function writeAudit(db: Executor, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    before: record.before ?? null,
    after: record.after ?? null,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}

/** Appends the entry of a change to one row: the action `{entityType}.{change}`, the row's id as the entity. */
export function writeRowAudit(
  db: Executor,
  actor: AuditActor,
  entityType: string,
  change: string,
  id: number,
  before: unknown,
  after: unknown,
): Promise<void> {
  return writeAudit(db, actor, { action: `${entityType}.${change}`, entityType, entityId: String(id), before, after });
}

/** GET /api/admin/audit: newest first, filtered by staff member, action, entity and China days. */
export async function listAudit(db: Db, q: AuditListQuery): Promise<AuditListResponse> {
  const where: SQL[] = [];
  if (q.staff_id) where.push(eq(auditLog.staffId, q.staff_id));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.entity_type) where.push(eq(auditLog.entityType, q.entity_type));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.start_date) where.push(gte(auditLog.at, chinaDayStart(q.start_date)));
  if (q.end_date) where.push(lt(auditLog.at, chinaDayStart(addDays(q.end_date, 1))));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(condition);
  const rows = await db
    .select({
      id: auditLog.id,
      staffId: auditLog.staffId,
      staffName: staffMembers.name,
      at: auditLog.at,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      requestId: auditLog.requestId,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .innerJoin(staffMembers, eq(staffMembers.id, auditLog.staffId))
    .where(condition)
    .orderBy(desc(auditLog.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const list: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    staff_id: r.staffId,
    staff_name: r.staffName,
    at: chinaDateTime(r.at),
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    before: r.before ?? null,
    after: r.after ?? null,
    request_id: r.requestId,
    ip: r.ip,
  }));
  return { total: count?.n ?? 0, page: q.page, limit: q.limit, list };
}
