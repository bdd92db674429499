import { sql } from 'drizzle-orm';
import type { Executor } from './bulk-insert';

/**
 * For big loads: drops the keys, foreign keys and indexes of the given tables, runs the load,
 * and builds them again (one sort per index instead of millions of inserts into it). Call it
 * inside a transaction, so a failed load leaves the schema exactly as it was. The definitions
 * are read back from the catalog, so whatever the migrations declare is restored.
 */
interface ConstraintDef {
  tbl: string;
  conname: string;
  contype: string;
  def: string;
}

export async function withDeferredIndexes<T>(db: Executor, tables: string[], load: () => Promise<T>): Promise<T> {
  const tableList = sql`${sql.param(tables)}::text[]::regclass[]`;
  const constraints = (
    await db.execute<Record<string, unknown>>(sql`
      select c.conrelid::regclass::text as tbl, c.conname, c.contype, pg_get_constraintdef(c.oid) as def
      from pg_constraint c
      where (c.contype in ('p', 'u') and c.conrelid = any(${tableList}))
         or (c.contype = 'f' and (c.conrelid = any(${tableList}) or c.confrelid = any(${tableList})))
      order by c.contype, c.conname`)
  ).rows as unknown as ConstraintDef[];
  const indexes = (
    await db.execute<Record<string, unknown>>(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      where i.indrelid = any(${tableList})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
      order by 1`)
  ).rows as unknown as { name: string; def: string }[];

  const foreign = constraints.filter((c) => c.contype === 'f');
  const keys = constraints.filter((c) => c.contype !== 'f');
  for (const c of [...foreign, ...keys]) {
    await db.execute(sql`alter table ${sql.raw(c.tbl)} drop constraint ${sql.identifier(c.conname)}`);
  }
  for (const index of indexes) await db.execute(sql`drop index ${sql.raw(index.name)}`);

  const result = await load();

  await db.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const c of keys) {
    await db.execute(sql`alter table ${sql.raw(c.tbl)} add constraint ${sql.identifier(c.conname)} ${sql.raw(c.def)}`);
  }
  for (const index of indexes) await db.execute(sql.raw(index.def));
  for (const c of foreign) {
    await db.execute(sql`alter table ${sql.raw(c.tbl)} add constraint ${sql.identifier(c.conname)} ${sql.raw(c.def)}`);
  }
  return result;
}
