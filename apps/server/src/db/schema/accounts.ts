import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idRef, moment, timestamps, writtenAt } from './columns';
import { sessionColumns } from './session-columns';

/** A customer company (dealer or workshop). Every query of customer data is scoped to one. */
export const companies = pgTable('companies', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** Vehicle makes the company is grouped under (brand_grouping_lists, matched by make_name). */
  brandGroupings: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Contact person and phone (the back office's; not a login). */
  contactName: text().notNull().default(''),
  contactPhone: text().notNull().default(''),
  /** Regional company: its accounts have the Beijing warehouse (is_regional_warehouse). */
  isRegionalWarehouse: smallint().notNull().default(0),
  /** A disabled company's accounts cannot log in and their sessions end. */
  enabled: boolean().notNull().default(true),
  /** Staff notes, never shown to the dealer. */
  notes: text().notNull().default(''),
  /** Raised by every change from the back office: a save based on an older version is refused. */
  version: integer().notNull().default(1),
  ...timestamps(),
});

/** A login of a company: the main account (is_main) or a sub-account. id is the subuser_id. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial().primaryKey(),
    companyId: idRef(() => companies.id),
    /** Account name; login accepts it or the phone. */
    username: text().notNull(),
    phone: text().notNull(),
    passwordHash: text().notNull(),
    isMain: smallint().notNull().default(0),
    isPurchase: smallint().notNull().default(0),
    activityFlag: smallint().notNull().default(0),
    activityFlagImage: text().notNull().default(''),
    disabled: boolean().notNull().default(false),
    /** The avatar: an upload of the account's company (Shop.User/uploadpicture), null without one. */
    avatarUploadId: integer(),
    /** The WeChat bound to the account (its unionid; one account per WeChat), null when none. */
    wxUnionid: text(),
    wxNickname: text().notNull().default(''),
    /** Set when a main account deletes the sub-account; its name and phone become free again. */
    deletedAt: moment(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('accounts_username_key')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('accounts_phone_key')
      .on(t.phone)
      .where(sql`${t.deletedAt} is null`),
    index('accounts_company_idx').on(t.companyId),
    uniqueIndex('accounts_wx_unionid_key')
      .on(t.wxUnionid)
      .where(sql`${t.deletedAt} is null and ${t.wxUnionid} is not null`),
  ],
);

/** A login session. Only a hash of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    accountId: idRef(() => accounts.id),
    companyId: idRef(() => companies.id),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

/** Login attempts, for the per-account and per-address limits (shared by every process). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial().primaryKey(),
    /** 'account:{id}' for a known account, else 'name:{what was typed, lower-cased}'. */
    accountKey: text().notNull(),
    ip: text().notNull(),
    succeeded: boolean().notNull(),
    createdAt: writtenAt(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.accountKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);
