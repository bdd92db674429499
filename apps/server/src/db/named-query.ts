import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';

/**
 * Runs a hot raw query as a named prepared statement on PostgreSQL, so each connection parses and
 * plans it once instead of on every request (the session lookup and part rows run on almost every
 * request). On PGlite, which has no network round trip to save, it runs as usual.
 *
 * `name` must always go with the same SQL text: every value has to be a parameter.
 */
interface DialectAccess {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  $client: unknown;
}

export async function executeNamed<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  const inner = db as unknown as DialectAccess;
  if (inner.$client instanceof pg.Pool) {
    const { sql: text, params } = inner.dialect.sqlToQuery(query);
    const result = await inner.$client.query<T>({ name, text, values: params });
    return { rows: result.rows };
  }
  const result = await db.execute(query);
  return { rows: result.rows as T[] };
}
