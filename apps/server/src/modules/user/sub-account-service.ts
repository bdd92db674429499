import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  MAX_SON_ACCOUNTS,
  type AddSonAccountRequest,
  type SonAccount,
  type SonAccountList,
  type UpdateSonAccountRequest,
} from '@shop/core/api/user';
import type { Db } from '../../db/client';
import type { Executor } from '../../lib/events';
import { accounts } from '../../db/schema/accounts';
import { BusinessError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/unique-violation';
import type { DealerCaller } from '../../platform/request-context';
import { countSubAccounts, findTakenLogin } from './account-queries';
import { hashPassword } from './password';
import { endAccountSessions, forgetAccountSessions } from '../../platform/sessions';

/**
 * Sub-account management by the company's main account. A sub-account is any live, non-main
 * account of the caller's company; every other id (the main account itself, another company's
 * account, a deleted one) is answered as not found.
 */
export const MAIN_ONLY_TEXT = '只有主账号可以管理子账号';
export const SON_NOT_FOUND_TEXT = '子账号不存在';
/**
 * Any name or phone another live account uses, in this company or another, gets this one answer,
 * so adding a sub-account does not tell which of the two another company holds (decision 0023).
 */
export const LOGIN_UNAVAILABLE_TEXT = '该手机号或账号名不可用，请更换';
export const TOO_MANY_SONS_TEXT = `子账号数量已达上限（${MAX_SON_ACCOUNTS} 个）`;

function assertMain(auth: DealerCaller): void {
  if (!auth.isMain) throw new BusinessError(MAIN_ONLY_TEXT);
}

const sonColumns = {
  id: accounts.id,
  username: accounts.username,
  phone: accounts.phone,
  isPurchase: accounts.isPurchase,
  disabled: accounts.disabled,
  wxUnionid: accounts.wxUnionid,
  wxNickname: accounts.wxNickname,
  createdAt: accounts.createdAt,
};

function isSonOf(companyId: number) {
  return and(eq(accounts.companyId, companyId), eq(accounts.isMain, 0), isNull(accounts.deletedAt));
}

function toSonAccount(row: {
  id: number;
  username: string;
  phone: string;
  isPurchase: number;
  disabled: boolean;
  wxUnionid: string | null;
  wxNickname: string;
  createdAt: Date;
}): SonAccount {
  return {
    subuser_id: row.id,
    username: row.username,
    phone: row.phone,
    is_purchase: row.isPurchase === 1 ? 1 : 0,
    is_disabled: row.disabled ? 1 : 0,
    wx_bound: row.wxUnionid ? 1 : 0,
    wx_nickname: row.wxUnionid ? row.wxNickname : '',
    created_at: row.createdAt.toISOString(),
  };
}

/** A unique index refused the row: someone took the name or phone in the meantime. */
async function assertFree(
  db: Pick<Db, 'select'>,
  input: { username?: string; phone?: string; exceptId?: number },
): Promise<void> {
  if (await findTakenLogin(db, input)) throw new BusinessError(LOGIN_UNAVAILABLE_TEXT);
}

export async function uniqueOrRefuse<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw new BusinessError(LOGIN_UNAVAILABLE_TEXT);
    throw err;
  }
}

export async function listSubAccounts(db: Db, auth: DealerCaller): Promise<SonAccountList> {
  assertMain(auth);
  const rows = await db.select(sonColumns).from(accounts).where(isSonOf(auth.companyId)).orderBy(asc(accounts.id));
  return { list: rows.map(toSonAccount), total: rows.length };
}

/**
 * Adds a sub-account. The cap is exact under concurrency (insertCompanyAccount). The password is
 * hashed first, whatever the outcome, so a taken name or phone does not answer sooner than a free
 * one.
 */
export async function addSubAccount(db: Db, auth: DealerCaller, input: AddSonAccountRequest): Promise<SonAccount> {
  assertMain(auth);
  const passwordHash = await hashPassword(input.password);
  const row = await uniqueOrRefuse(() =>
    db.transaction((tx) =>
      insertCompanyAccount(tx, auth.companyId, {
        username: input.username,
        phone: input.phone,
        passwordHash,
        isMain: 0,
        isPurchase: input.is_purchase ?? 0,
      }),
    ),
  );
  return toSonAccount(row);
}

export const MAIN_EXISTS_TEXT = '该公司已有主账号';

/**
 * Inserts an account of a company, in the caller's transaction (the dealer's sub-account, or the
 * back office's main or sub-account): with the company row locked, a sub-account is refused past
 * MAX_SON_ACCOUNTS and a main account when the company has one, so parallel additions are counted
 * one after the other; a name or phone another live account uses is refused with one answer
 * (run it inside uniqueOrRefuse for the race the check cannot see).
 */
export async function insertCompanyAccount(
  tx: Executor,
  companyId: number,
  input: { username: string; phone: string; passwordHash: string; isMain: 0 | 1; isPurchase: 0 | 1 },
): Promise<typeof accounts.$inferSelect> {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
  if (input.isMain === 1) {
    const [main] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.companyId, companyId), eq(accounts.isMain, 1), isNull(accounts.deletedAt)))
      .limit(1);
    if (main) throw new BusinessError(MAIN_EXISTS_TEXT);
  } else if ((await countSubAccounts(tx, companyId)) >= MAX_SON_ACCOUNTS) {
    throw new BusinessError(TOO_MANY_SONS_TEXT);
  }
  await assertFree(tx, input);
  const [inserted] = await tx
    .insert(accounts)
    .values({
      companyId,
      username: input.username,
      phone: input.phone,
      passwordHash: input.passwordHash,
      isMain: input.isMain,
      isPurchase: input.isPurchase,
    })
    .returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

async function findSon(db: Db, auth: DealerCaller, id: number) {
  const [row] = await db
    .select(sonColumns)
    .from(accounts)
    .where(and(eq(accounts.id, id), isSonOf(auth.companyId)))
    .limit(1);
  if (!row) throw new BusinessError(SON_NOT_FOUND_TEXT);
  return row;
}

/**
 * Changes a sub-account; answers it and the sessions the change ended (a new password or
 * disabling ends them: the caller closes their live sockets).
 */
export async function updateSubAccount(
  db: Db,
  auth: DealerCaller,
  input: UpdateSonAccountRequest,
): Promise<{ account: SonAccount; endedSessions: number[] }> {
  assertMain(auth);
  const current = await findSon(db, auth, input.subuser_id);
  const changes: Partial<typeof accounts.$inferInsert> = {};
  if (input.username !== undefined && input.username !== current.username) changes.username = input.username;
  if (input.phone !== undefined && input.phone !== current.phone) changes.phone = input.phone;
  if (input.is_purchase !== undefined) changes.isPurchase = input.is_purchase;
  if (input.is_disabled !== undefined) changes.disabled = input.is_disabled === 1;
  if (input.password) changes.passwordHash = await hashPassword(input.password);
  const free = { username: changes.username, phone: changes.phone, exceptId: current.id };
  await assertFree(db, free);

  const [row] = await uniqueOrRefuse(() =>
    db
      .update(accounts)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(accounts.id, current.id), isSonOf(auth.companyId)))
      .returning(sonColumns),
  );
  if (!row) throw new BusinessError(SON_NOT_FOUND_TEXT);
  // A new password or a disabled account logs the sub-account out everywhere; other changes
  // (the purchase role) apply to its open sessions from the next request.
  let endedSessions: number[] = [];
  if (changes.passwordHash || changes.disabled) endedSessions = await endAccountSessions(db, row.id);
  else forgetAccountSessions(db, row.id);
  return { account: toSonAccount(row), endedSessions };
}

/**
 * Deletes a sub-account (kept for the history it has; its name and phone become free); its
 * sessions end at once. Answers their ids (the caller closes their live sockets).
 */
export async function deleteSubAccount(db: Db, auth: DealerCaller, id: number): Promise<number[]> {
  assertMain(auth);
  const [row] = await db
    .update(accounts)
    .set({ deletedAt: new Date(), updatedAt: new Date(), wxUnionid: null })
    .where(and(eq(accounts.id, id), isSonOf(auth.companyId)))
    .returning({ id: accounts.id });
  if (!row) throw new BusinessError(SON_NOT_FOUND_TEXT);
  return endAccountSessions(db, row.id);
}
