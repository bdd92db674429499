import type { SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * Runs a raw query of a transaction as a named prepared statement on PostgreSQL (like
 * db/named-query.ts does for pool queries), so each connection parses and plans the order
 * statements once. On PGlite, or if the transaction's connection cannot be reached, it runs as usual.
 *
 * `name` must always go with the same SQL text: every value has to be a parameter.
 */
interface TxAccess {
  dialect?: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session?: { client?: unknown };
  execute(query: SQL): Promise<{ rows: unknown[] }>;
}

export async function executeNamedInTx(tx: unknown, name: string, query: SQL): Promise<{ rows: unknown[] }> {
  const inner = tx as TxAccess;
  const client = inner.session?.client;
  if (inner.dialect && client instanceof pg.Client) {
    const { sql: text, params } = inner.dialect.sqlToQuery(query);
    const result = await client.query({ name, text, values: params });
    return { rows: result.rows };
  }
  return inner.execute(query);
}
