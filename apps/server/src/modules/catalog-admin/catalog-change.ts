import type { Db } from '../../db/client';
import type { Executor } from '../../lib/events';
import type { StaffRequestContext } from '../../platform/request-context';
import { writeRowAudit, type AuditActor } from '../staff/audit';
import { clearCatalogCache } from '../catalog/ttl-cache';

/** What a catalog change did: the entity, how it was before and after (null: none), and its answer. */
export interface ChangeDone<T> {
  id: number;
  before: unknown;
  after: unknown;
  result: T;
}

/**
 * Runs a change of the catalog in one transaction with its audit entry (`{entityType}.{action}`,
 * before and after), then drops what this process has cached of the catalog (catalog/ttl-cache.ts:
 * the name lists, list totals, categories), so the dealers see it at once.
 */
export async function catalogChange<T>(
  ctx: StaffRequestContext,
  db: Db,
  actor: AuditActor,
  entityType: string,
  action: string,
  change: (tx: Executor) => Promise<ChangeDone<T>>,
): Promise<T> {
  const result = await ctx.transaction(async (tx) => {
    const done = await change(tx);
    await writeRowAudit(tx, actor, entityType, action, done.id, done.before, done.after);
    return done.result;
  });
  clearCatalogCache(db);
  return result;
}

/** Replaces the rows `condition` selects with `rows` (none: only deletes). */
export async function replaceRows<R>(
  tx: Executor,
  table: Parameters<Executor['delete']>[0],
  condition: Parameters<ReturnType<Executor['delete']>['where']>[0],
  rows: R[],
): Promise<void> {
  await tx.delete(table).where(condition);
  if (rows.length > 0) await tx.insert(table).values(rows as never);
}
