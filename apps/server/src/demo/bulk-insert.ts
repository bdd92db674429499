import { getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Fast multi-row inserts: one statement per table and batch,
 * `insert into t (a, b) select * from unnest($1::int4[], $2::text[])`, with each column sent
 * as one array parameter. Works the same on PostgreSQL (pg) and PGlite.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Array element types; enums go over the wire as text and are cast on the server. */
export type ColumnType = 'int4' | 'int2' | 'text' | 'numeric' | 'timestamptz' | { enum: string };

export interface ColumnSpec<Row> {
  column: PgColumn;
  type: ColumnType;
  value: (row: Row) => string | number | null;
}

/** The column's name in the database (the schema uses snake_case casing for unnamed columns). */
export function columnName(column: PgColumn): string {
  return column.keyAsName ? toSnakeCase(column.name) : column.name;
}

function castOf(type: ColumnType): SQL {
  if (typeof type === 'string') return sql.raw(`${type}[]`);
  if (!/^[a-z_][a-z0-9_]*$/.test(type.enum)) throw new Error(`bad enum type name ${type.enum}`);
  return sql.raw(`text[]::${type.enum}[]`);
}

export async function insertRows<Row>(
  db: Executor,
  table: PgTable,
  columns: ColumnSpec<Row>[],
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.join(
    columns.map((c) => sql.identifier(columnName(c.column))),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map((c) => sql`${sql.param(rows.map(c.value))}::${castOf(c.type)}`),
    sql`, `,
  );
  await db.execute(sql`insert into ${sql.identifier(getTableName(table))} (${names}) select * from unnest(${arrays})`);
}
