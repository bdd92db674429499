import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client';

/**
 * The hot statements (part rows, number lookups, order placement) run as named prepared statements on
 * PostgreSQL, on connections of their own that always use the generic plan: each
 * connection parses and plans a statement once, and no request pays for planning. (With the
 * default plan_cache_mode PostgreSQL keeps making a custom plan on every execution when the
 * generic plan's estimate is higher: for the part rows that cost more than running them;
 * measured with pg_stat_statements.track_planning.) On PGlite, which has no
 * network round trip to save, they run as usual.
 *
 * So a statement run here must be good on a generic plan: every value a parameter, and no
 * condition that needs its value at planning time (a LIKE pattern; use a range instead).
 * `name` must always go with the same SQL text.
 */
interface DialectAccess {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

const genericPlanPools = new WeakMap<object, pg.Pool>();

/** db/client.ts: the generic-plan pool of a PostgreSQL database handle. */
export function useGenericPlanPool(db: Db, pool: pg.Pool): void {
  genericPlanPools.set(db, pool);
}

/** The SQL text and values of a query, to run as a named statement. */
function namedQuery(db: unknown, name: string, query: SQL): pg.QueryConfig {
  const { sql: text, params } = (db as DialectAccess).dialect.sqlToQuery(query);
  return { name, text, values: params };
}

export async function executeNamed<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  const pool = genericPlanPools.get(db);
  if (pool) return { rows: (await pool.query<T>(namedQuery(db, name, query))).rows };
  const result = await db.execute(query);
  return { rows: result.rows as T[] };
}
