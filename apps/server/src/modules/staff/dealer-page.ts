import { count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, companies } from '../../db/schema/accounts';

/** A table of what dealers wrote (feedback, development requests): by whom, when. */
type DealerTable = PgTable & { id: PgColumn; companyId: PgColumn; accountId: PgColumn; createdAt: PgColumn };

/**
 * A page of a dealers' table for the staff: every company's rows matching `condition`, newest
 * first, each with its company's and account's names; and how many match.
 */
export async function dealerRowsPage<T extends DealerTable>(
  db: Db,
  table: T,
  condition: SQL | undefined,
  page: { page: number; limit: number },
) {
  const [rows, totals] = await Promise.all([
    db
      .select({
        row: getTableColumns(table) as T['_']['columns'],
        companyName: companies.name,
        accountName: accounts.username,
      })
      .from(table as PgTable)
      .innerJoin(companies, eq(companies.id, table.companyId))
      .innerJoin(accounts, eq(accounts.id, table.accountId))
      .where(condition)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(condition),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
