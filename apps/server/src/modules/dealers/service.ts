import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DEALER_TEXTS,
  type DealerAccount,
  type DealerAccountCreate,
  type DealerAccountUpdate,
  type DealerAccountWithPassword,
  type DealerCompany,
  type DealerCompanyDetail,
  type DealerCompanyInput,
  type DealerCompanyUpdate,
  type DealerListQuery,
  type DealerListResponse,
  type DealerPasswordReset,
} from '@shop/core/api/dealers';
import type { Db } from '../../db/client';
import { accounts, companies } from '../../db/schema/accounts';
import { chinaDateTime } from '../../lib/china-time';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import { containsPattern } from '../../lib/like-pattern';
import type { StaffRequestContext } from '../../platform/request-context';
import { endSessionsOf, forgetSessionsOf, type SessionScope } from '../../platform/sessions';
import type { RealtimePublisher } from '../../realtime/publisher';
import { claimUploads, releaseUploadsAt } from '../../uploads/unclaimed';
import { writeAudit, type AuditActor } from '../staff/audit';
import { hashPassword } from '../user/password';
import { insertCompanyAccount, uniqueOrRefuse } from '../user/sub-account-service';

/**
 * The back office's dealers (permission dealers.manage): companies with their flags, their
 * accounts, passwords, enabling and disabling. Every change is written with its audit entry in
 * one transaction; disabling an account or a company (or a new password) ends its sessions in
 * that transaction and closes their live sockets after the commit.
 */

/** What a change of the dealers area needs besides its input. */
export interface DealerStaffAction {
  ctx: StaffRequestContext;
  actor: AuditActor;
  realtime: Pick<RealtimePublisher, 'closeSessions'>;
}

const flag = (v: boolean | number): 0 | 1 => (v === true || v === 1 ? 1 : 0);

// ---- reading ----

const liveAccount = sql`a.deleted_at is null`;
/** The company's id inside a subquery of its accounts (qualified: the accounts have an id too). */
const companyIdColumn = sql`"companies"."id"`;

/** The columns of a company's summary: its own and what its live accounts add. */
const summaryColumns = {
  id: companies.id,
  name: companies.name,
  contactName: companies.contactName,
  contactPhone: companies.contactPhone,
  isRegionalWarehouse: companies.isRegionalWarehouse,
  enabled: companies.enabled,
  brandGroupings: companies.brandGroupings,
  notes: companies.notes,
  version: companies.version,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  accountCount:
    sql<number>`(select count(*) from accounts a where a.company_id = ${companyIdColumn} and ${liveAccount})`.mapWith(
      Number,
    ),
  activity: sql<boolean>`exists (select 1 from accounts a
    where a.company_id = ${companyIdColumn} and ${liveAccount} and a.activity_flag = 1)`,
  mainUsername: sql<string | null>`(select a.username from accounts a
    where a.company_id = ${companyIdColumn} and ${liveAccount} and a.is_main = 1 order by a.id limit 1)`,
  mainPhone: sql<string | null>`(select a.phone from accounts a
    where a.company_id = ${companyIdColumn} and ${liveAccount} and a.is_main = 1 order by a.id limit 1)`,
};

interface CompanyRow {
  id: number;
  name: string;
  contactName: string;
  contactPhone: string;
  isRegionalWarehouse: number;
  enabled: boolean;
  brandGroupings: string[];
  notes: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  accountCount: number;
  activity: boolean;
  mainUsername: string | null;
  mainPhone: string | null;
}

function companyOf(r: CompanyRow): DealerCompany {
  return {
    id: r.id,
    name: r.name,
    contact_name: r.contactName,
    contact_phone: r.contactPhone,
    is_regional_warehouse: flag(r.isRegionalWarehouse),
    activity_flag: flag(r.activity),
    enabled: flag(r.enabled),
    brand_groupings: r.brandGroupings,
    account_count: r.accountCount,
    main_username: r.mainUsername ?? '',
    main_phone: r.mainPhone ?? '',
    created_at: chinaDateTime(r.createdAt),
    notes: r.notes,
    version: r.version,
    updated_at: chinaDateTime(r.updatedAt),
  };
}

type AccountRow = typeof accounts.$inferSelect;

/** What the API and the audit log show of an account (never the password hash). */
function accountOf(r: AccountRow): DealerAccount {
  return {
    id: r.id,
    company_id: r.companyId,
    username: r.username,
    phone: r.phone,
    is_main: flag(r.isMain),
    is_purchase: flag(r.isPurchase),
    activity_flag: flag(r.activityFlag),
    activity_flag_image: r.activityFlagImage,
    enabled: flag(!r.disabled),
    wx_bound: flag(r.wxUnionid !== null),
    wx_nickname: r.wxUnionid !== null ? r.wxNickname : '',
    created_at: chinaDateTime(r.createdAt),
  };
}

function listConditions(q: DealerListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    where.push(sql`(${companies.name} ilike ${pattern} or ${companies.contactName} ilike ${pattern}
      or ${companies.contactPhone} ilike ${pattern}
      or exists (select 1 from accounts a where a.company_id = ${companyIdColumn} and ${liveAccount}
        and (a.phone ilike ${pattern} or a.username ilike ${pattern})))`);
  }
  if (q.is_regional_warehouse !== undefined) where.push(eq(companies.isRegionalWarehouse, q.is_regional_warehouse));
  if (q.enabled !== undefined) where.push(eq(companies.enabled, q.enabled === 1));
  if (q.activity_flag !== undefined) {
    where.push(
      sql`${q.activity_flag === 1 ? sql`` : sql`not`} exists (select 1 from accounts a
        where a.company_id = ${companyIdColumn} and ${liveAccount} and a.activity_flag = 1)`,
    );
  }
  if (q.brand) where.push(sql`${q.brand} = any(${companies.brandGroupings})`);
  return where.length > 0 ? and(...where) : undefined;
}

/** GET /api/admin/dealers: newest companies first, searched and filtered. */
export async function listDealers(db: Db, q: DealerListQuery): Promise<DealerListResponse> {
  const condition = listConditions(q);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(companies)
      .where(condition)
      .orderBy(desc(companies.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(companies)
      .where(condition),
  ]);
  const list = rows.map((r) => {
    const { notes: _notes, version: _version, updated_at: _updated, ...summary } = companyOf(r);
    return summary;
  });
  return { total: totals[0]?.n ?? 0, page: q.page, limit: q.limit, list };
}

async function readCompany(db: Executor, id: number): Promise<DealerCompany | undefined> {
  const [row] = await db.select(summaryColumns).from(companies).where(eq(companies.id, id)).limit(1);
  return row && companyOf(row);
}

async function readAccounts(db: Executor, companyId: number): Promise<DealerAccount[]> {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), isNull(accounts.deletedAt)))
    .orderBy(desc(accounts.isMain), accounts.id);
  return rows.map(accountOf);
}

/** GET /api/admin/dealers/:id: the company with its live accounts (main first). */
export async function dealerDetail(db: Executor, id: number): Promise<DealerCompanyDetail> {
  const company = await readCompany(db, id);
  if (!company) refuse(DEALER_TEXTS.companyNotFound);
  return { company, accounts: await readAccounts(db, id) };
}

// ---- companies ----

function companyValues(input: DealerCompanyInput) {
  return {
    name: input.name,
    contactName: input.contact_name,
    contactPhone: input.contact_phone,
    isRegionalWarehouse: input.is_regional_warehouse,
    brandGroupings: [...new Set(input.brand_groupings)],
    notes: input.notes,
  };
}

export async function createCompany(
  { ctx, actor }: DealerStaffAction,
  input: DealerCompanyInput,
): Promise<DealerCompanyDetail> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values(companyValues(input)).returning({ id: companies.id });
    const detail = await dealerDetail(tx, row!.id);
    await writeAudit(tx, actor, {
      action: 'dealer.company.create',
      entityType: 'company',
      entityId: String(row!.id),
      before: null,
      after: detail.company,
    });
    return detail;
  });
}

/**
 * Locks the company and checks the version the form was opened on (when one is sent): a save
 * based on an older version is refused rather than silently undoing the other's change.
 */
async function lockCompany(tx: Executor, id: number, version?: number): Promise<DealerCompany> {
  await tx.execute(sql`select id from companies where id = ${id} for update`);
  const before = await readCompany(tx, id);
  if (!before) refuse(DEALER_TEXTS.companyNotFound);
  if (version !== undefined && before.version !== version) refuse(DEALER_TEXTS.staleCompany);
  return before;
}

/** Changes a locked company's row and raises its version; answers it after the change. */
async function changeCompany(
  tx: Executor,
  id: number,
  values: Partial<typeof companies.$inferInsert>,
): Promise<DealerCompany> {
  await tx
    .update(companies)
    .set({ ...values, version: sql`${companies.version} + 1`, updatedAt: new Date() })
    .where(eq(companies.id, id));
  return (await readCompany(tx, id))!;
}

/** Drops the cached lookups of the sessions a committed change ended and closes their sockets. */
async function sessionsEnded(
  { ctx, realtime }: DealerStaffAction,
  scope: SessionScope,
  sessionIds: number[],
): Promise<void> {
  forgetSessionsOf(ctx.db, scope);
  await realtime.closeSessions(sessionIds);
}

export async function updateCompany(
  action: DealerStaffAction,
  id: number,
  input: DealerCompanyUpdate,
): Promise<DealerCompanyDetail> {
  const { ctx, actor } = action;
  const detail = await ctx.transaction(async (tx) => {
    const before = await lockCompany(tx, id, input.version);
    const after = await changeCompany(tx, id, companyValues(input));
    await writeAudit(tx, actor, {
      action: 'dealer.company.update',
      entityType: 'company',
      entityId: String(id),
      before,
      after,
    });
    return { company: after, accounts: await readAccounts(tx, id) };
  });
  // The regional flag is read with the session: the accounts see the change on their next request.
  forgetSessionsOf(ctx.db, { companyId: id });
  return detail;
}

/** Enables a company or disables it: its accounts cannot log in and their sessions end at once. */
export async function setCompanyEnabled(
  action: DealerStaffAction,
  id: number,
  enabled: boolean,
): Promise<DealerCompanyDetail> {
  const { ctx, actor } = action;
  const { detail, ended } = await ctx.transaction(async (tx) => {
    const before = await lockCompany(tx, id);
    if ((before.enabled === 1) === enabled) {
      refuse(enabled ? DEALER_TEXTS.companyAlreadyEnabled : DEALER_TEXTS.companyAlreadyDisabled);
    }
    const after = await changeCompany(tx, id, { enabled });
    const endedIds = enabled ? [] : await endSessionsOf(tx, { companyId: id });
    await writeAudit(tx, actor, {
      action: enabled ? 'dealer.company.enable' : 'dealer.company.disable',
      entityType: 'company',
      entityId: String(id),
      before,
      after: { ...after, ended_sessions: endedIds.length },
    });
    return { detail: { company: after, accounts: await readAccounts(tx, id) }, ended: endedIds };
  });
  await sessionsEnded(action, { companyId: id }, ended);
  return detail;
}

// ---- accounts ----

/** Characters of a generated password: no 0/O, 1/l/I that read alike. */
const PASSWORD_LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const PASSWORD_DIGITS = '23456789';
const GENERATED_PASSWORD_LENGTH = 12;

/** A random password of letters and digits (both), for the staff to pass on; shown once. */
export function generatePassword(): string {
  const all = PASSWORD_LETTERS + PASSWORD_DIGITS;
  for (;;) {
    let password = '';
    for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) password += all[randomInt(all.length)];
    if (/\d/.test(password) && /[a-zA-Z]/.test(password)) return password;
  }
}

/** The staff's password, or a generated one (then answered once). */
function chosenPassword(password: string | undefined): { password: string; generated: string | null } {
  if (password) return { password, generated: null };
  const generated = generatePassword();
  return { password: generated, generated };
}

async function lockAccount(tx: Executor, id: number): Promise<AccountRow> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
    .for('update');
  if (!row) refuse(DEALER_TEXTS.accountNotFound);
  return row;
}

/**
 * Adds a main or sub-account to a company: the dealer's own rules (insertCompanyAccount: the
 * sub-account cap, one main account, a free name and phone).
 */
export async function createAccount(
  { ctx, actor }: DealerStaffAction,
  companyId: number,
  input: DealerAccountCreate,
): Promise<DealerAccountWithPassword> {
  const { password, generated } = chosenPassword(input.password);
  const passwordHash = await hashPassword(password);
  return uniqueOrRefuse(() =>
    ctx.transaction(async (tx) => {
      const company = await readCompany(tx, companyId);
      if (!company) refuse(DEALER_TEXTS.companyNotFound);
      const row = await insertCompanyAccount(tx, companyId, {
        username: input.username,
        phone: input.phone,
        passwordHash,
        isMain: input.is_main,
        isPurchase: input.is_purchase,
      });
      const account = accountOf(row);
      await writeAudit(tx, actor, {
        action: 'dealer.account.create',
        entityType: 'account',
        entityId: String(row.id),
        before: null,
        after: { ...account, password_generated: generated !== null },
      });
      return { account, generated_password: generated };
    }),
  );
}

/**
 * Writes a locked account's change with its audit entry; `endSessions` ends its sessions in the
 * same transaction (closed after the commit).
 */
async function changeAccount(
  action: DealerStaffAction,
  id: number,
  auditAction: string,
  change: (
    before: AccountRow,
    tx: Executor,
  ) => Promise<{
    values: Partial<AccountRow>;
    endSessions: boolean;
    note?: object;
    /** What follows the account's update in its transaction (it sees the new row). */
    afterUpdate?: (tx: Executor) => Promise<unknown>;
  }>,
): Promise<DealerAccount> {
  const { ctx, actor } = action;
  const { account, ended } = await ctx.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    const { values, endSessions, note, afterUpdate } = await change(before, tx);
    const [after] = await tx
      .update(accounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    await afterUpdate?.(tx);
    const endedIds = endSessions ? await endSessionsOf(tx, { accountId: id }) : [];
    await writeAudit(tx, actor, {
      action: auditAction,
      entityType: 'account',
      entityId: String(id),
      before: accountOf(before),
      after: { ...accountOf(after!), ...note },
    });
    return { account: accountOf(after!), ended: endedIds };
  });
  await sessionsEnded(action, { accountId: id }, ended);
  return account;
}

/** Changes the purchase role, the activity zone or whether the account may log in. */
export function updateAccount(
  action: DealerStaffAction,
  id: number,
  input: DealerAccountUpdate,
): Promise<DealerAccount> {
  return changeAccount(action, id, 'dealer.account.update', async () => {
    const values: Partial<AccountRow> = {};
    if (input.is_purchase !== undefined) values.isPurchase = input.is_purchase;
    if (input.activity_flag !== undefined) values.activityFlag = input.activity_flag;
    if (input.enabled !== undefined) values.disabled = input.enabled === 0;
    // A disabled account logs out everywhere; other changes apply from its next request.
    return { values, endSessions: input.enabled === 0 };
  });
}

/** Sets a new password (the staff's or a generated one, answered once); the account logs out. */
export async function resetPassword(
  action: DealerStaffAction,
  id: number,
  input: DealerPasswordReset,
): Promise<DealerAccountWithPassword> {
  const { password, generated } = chosenPassword(input.password);
  const passwordHash = await hashPassword(password);
  const account = await changeAccount(action, id, 'dealer.account.reset_password', async () => ({
    values: { passwordHash },
    endSessions: true,
    note: { password_generated: generated !== null },
  }));
  return { account, generated_password: generated };
}

/** Unbinds the account's WeChat (the dealer lost the phone, or it was bound by mistake); audited. */
export function unbindAccountWx(action: DealerStaffAction, id: number): Promise<DealerAccount> {
  return changeAccount(action, id, 'dealer.account.unbind_wx', async (before) => {
    if (before.wxUnionid === null) refuse(DEALER_TEXTS.wxNotBound);
    return { values: { wxUnionid: null, wxNickname: '' }, endSessions: false };
  });
}

/**
 * The uploaded picture (stored in the account's company) becomes the account's activity image; the
 * one it replaces is given up, so the unclaimed uploads' job deletes it (uploads/unclaimed.ts).
 */
export function setActivityImage(
  action: DealerStaffAction,
  id: number,
  upload: { id: number; url: string },
): Promise<DealerAccount> {
  return changeAccount(action, id, 'dealer.account.activity_image', async (before, tx) => {
    await claimUploads(tx, before.companyId, [upload.id]);
    return {
      values: { activityFlagImage: upload.url },
      endSessions: false,
      afterUpdate: (tx) => releaseUploadsAt(tx, before.companyId, [before.activityFlagImage]),
    };
  });
}

/** The company of a live account (where its activity image is stored), or the not-found refusal. */
export async function accountCompany(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ companyId: accounts.companyId })
    .from(accounts)
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)));
  if (!row) refuse(DEALER_TEXTS.accountNotFound);
  return row.companyId;
}
