import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
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

/**
 * The staff's list of a dealers' table as the API answers it: the page of the rows matching every
 * condition of `where` (dealerRowsPage), each as `itemOf` shows it, then its company's id and name,
 * its account's name and its replies (`repliesOf`, by row id).
 */
export async function repliedRowsList<T extends DealerTable, Item extends object, Reply>(
  db: Db,
  table: T,
  where: SQL[],
  page: { page: number; limit: number },
  repliesOf: (db: Db, ids: number[]) => Promise<Map<number, Reply[]>>,
  itemOf: (row: T['$inferSelect']) => Item,
) {
  const { rows, total } = await dealerRowsPage(db, table, where.length > 0 ? and(...where) : undefined, page);
  const owned = rows as {
    row: T['$inferSelect'] & { id: number; companyId: number };
    companyName: string;
    accountName: string;
  }[];
  const replies = await repliesOf(
    db,
    owned.map((x) => x.row.id),
  );
  const list = owned.map(({ row, companyName, accountName }) => ({
    ...itemOf(row),
    company_id: row.companyId,
    company_name: companyName,
    account_name: accountName,
    replies: replies.get(row.id) ?? [],
  }));
  return { total, page: page.page, limit: page.limit, list };
}
