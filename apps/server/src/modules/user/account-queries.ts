import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { UserProfile } from '@shop/core/api/user';
import type { Db } from '../../db/client';
import { accounts, companies } from '../../db/schema/accounts';
import { runningActivityBadge } from '../coupon/service';

/** Reads of accounts shared by the user services. Deleted accounts are never returned. */

export interface LoginAccount {
  id: number;
  companyId: number;
  passwordHash: string;
  disabled: boolean;
}

/**
 * The account a login name refers to: its phone, or its account name (case-insensitive).
 * A phone match wins (account names may not be all digits, so both can only meet in data
 * that did not come through the API).
 */
export async function findLoginAccount(db: Db, login: string): Promise<LoginAccount | undefined> {
  const rows = await db
    .select({
      id: accounts.id,
      companyId: accounts.companyId,
      passwordHash: accounts.passwordHash,
      // A disabled company's accounts are disabled too (the back office).
      disabled: sql<boolean>`${accounts.disabled} or not ${companies.enabled}`,
      byPhone: sql<boolean>`${accounts.phone} = ${login}`,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(
      and(
        isNull(accounts.deletedAt),
        or(eq(accounts.phone, login), sql`lower(${accounts.username}) = ${login.toLowerCase()}`),
      ),
    )
    .limit(2);
  const row = rows.find((r) => r.byPhone) ?? rows[0];
  return row && { id: row.id, companyId: row.companyId, passwordHash: row.passwordHash, disabled: row.disabled };
}

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

/** The profile of spec.md section 3 for an account of a company. */
export async function loadProfile(db: Db, accountId: number, companyId: number): Promise<UserProfile | undefined> {
  const [row] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      phone: accounts.phone,
      companyId: companies.id,
      companyName: companies.name,
      brandGroupings: companies.brandGroupings,
      isRegionalWarehouse: companies.isRegionalWarehouse,
      isMain: accounts.isMain,
      isPurchase: accounts.isPurchase,
      activityFlag: accounts.activityFlag,
      activityFlagImage: accounts.activityFlagImage,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(and(eq(accounts.id, accountId), eq(accounts.companyId, companyId), isNull(accounts.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  // An activity running today (module coupon) puts the activity zone in front of every account.
  const activity = await runningActivityBadge(db);
  return {
    subuser_id: row.id,
    username: row.username,
    phone: row.phone,
    company_id: row.companyId,
    company_name: row.companyName,
    is_regional_warehouse: flag(row.isRegionalWarehouse),
    is_main: flag(row.isMain),
    is_purchase: flag(row.isPurchase),
    activity_flag: activity ? 1 : flag(row.activityFlag),
    activity_flag_image: activity?.image || row.activityFlagImage,
    brand_grouping_lists: row.brandGroupings.map((make_name) => ({ make_name })),
  };
}

/** Number of (not deleted) sub-accounts of a company. */
export async function countSubAccounts(db: Pick<Db, 'select'>, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.isMain, 0), isNull(accounts.deletedAt)));
  return row?.n ?? 0;
}

/** Which of a name and a phone another live account already uses. */
export async function findTakenLogin(
  db: Pick<Db, 'select'>,
  input: { username?: string | undefined; phone?: string | undefined; exceptId?: number },
): Promise<'username' | 'phone' | undefined> {
  const conditions = [];
  if (input.username) conditions.push(sql`lower(${accounts.username}) = ${input.username.toLowerCase()}`);
  if (input.phone) conditions.push(eq(accounts.phone, input.phone));
  if (conditions.length === 0) return undefined;
  const rows = await db
    .select({ username: accounts.username, phone: accounts.phone })
    .from(accounts)
    .where(
      and(
        isNull(accounts.deletedAt),
        or(...conditions),
        input.exceptId === undefined ? undefined : ne(accounts.id, input.exceptId),
      ),
    );
  if (input.username && rows.some((r) => r.username.toLowerCase() === input.username?.toLowerCase())) return 'username';
  if (input.phone && rows.some((r) => r.phone === input.phone)) return 'phone';
  return undefined;
}
