import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

type Row = Record<string, unknown>;

/** One page of a list as the API answers it. */
export interface PagedList<T> {
  total: number;
  page: number;
  limit: number;
  list: T[];
}

/**
 * One page of a list read with raw SQL: `count` answers the list's size as `n`, `select` reads its
 * rows in their order (this adds the page's limit and offset) and `of` turns a row into an item.
 */
export async function pagedList<T>(
  db: Pick<Db, 'execute'>,
  q: { page: number; limit: number },
  count: SQL,
  select: SQL,
  of: (r: Row) => T,
): Promise<PagedList<T>> {
  const [n] = (await db.execute(count)).rows as Row[];
  const { rows } = await db.execute(sql`${select} limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { total: Number(n?.n ?? 0), page: q.page, limit: q.limit, list: (rows as Row[]).map(of) };
}
