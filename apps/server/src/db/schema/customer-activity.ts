import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';
import { accountRef, companyRef, ownerColumns, productRef } from './owner-columns';

/**
 * What a customer does with parts: favourites, restock alerts, stock views (the view-stock gate),
 * browsing history, questions, and the search log behind 'hot search'. Every row carries the
 * company, and every query filters by it.
 */

/** A favourited part of an account (is_sub). */
export const favourites = pgTable(
  'favourites',
  {
    accountId: accountRef(),
    companyId: companyRef(),
    productId: productRef(),
    createdAt: writtenAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.productId] }),
    index('favourites_account_time_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * A restock alert (arrival reminder, is_apply): one open request per account and product; it is
 * closed (notified_at) when stock arrives.
 */
export const restockRequests = pgTable(
  'restock_requests',
  {
    id: serial().primaryKey(),
    accountId: accountRef(),
    companyId: companyRef(),
    productId: productRef(),
    createdAt: writtenAt(),
    notifiedAt: moment(),
  },
  (t) => [
    uniqueIndex('restock_requests_open_key')
      .on(t.accountId, t.productId)
      .where(sql`${t.notifiedAt} is null`),
    index('restock_requests_product_idx').on(t.productId),
  ],
);

/** The company has looked at the exact stock of a product (is_view_stock = 1; main variant's gate). */
export const stockViews = pgTable(
  'stock_views',
  {
    companyId: companyRef(),
    productId: productRef(),
    createdAt: writtenAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId] })],
);

/** Parts an account has opened in the detail, newest first (one row per part, time updated). */
export const browsingHistory = pgTable(
  'browsing_history',
  {
    accountId: accountRef(),
    companyId: companyRef(),
    productId: productRef(),
    viewedAt: writtenAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.productId] }),
    index('browsing_history_time_idx').on(t.accountId, t.viewedAt),
  ],
);

/** A question about a part (type 1 consult, 0 product feedback) and the brand's reply. */
export const productQuestions = pgTable(
  'product_questions',
  {
    id: serial().primaryKey(),
    productId: productRef(),
    ...ownerColumns(),
    type: smallint().notNull().default(1),
    askQuestions: text().notNull(),
    createdAt: writtenAt(),
    replyContent: text(),
    replyTime: moment(),
    /** Reply picture paths. */
    replyPics: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the asker read the reply; a reply not yet read is 'unread'. */
    readAt: moment(),
    /** When customer service first opened or answered it; null: unread by staff (the service queue). */
    staffReadAt: moment(),
  },
  (t) => [
    index('product_questions_product_company_idx').on(t.productId, t.companyId),
    index('product_questions_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.replyContent} is null`),
  ],
);

/**
 * Every search, for 'hot search' and for looking at what dealers cannot find, kept
 * SEARCH_LOG_KEEP_DAYS and rolled up per day (searchLogDays: search-log-rollup.ts). A log, written in
 * batches of up to 500 rows (search-log-buffer.ts): its ids are not foreign keys. The checks
 * locked the company, account and part row of every entry and were 70% of the insert (500 rows:
 * 22-25 ms with them, 7 ms without, at a million parts); a 200-number search writes 200 entries.
 * The ids come from the session and the search itself; hot search joins the parts that exist.
 */
export const searchLogs = pgTable(
  'search_logs',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    accountId: integer().notNull(),
    keyword: text().notNull(),
    /** The product found first, if any (hot search lists products). */
    productId: integer(),
    resultCount: integer().notNull(),
    createdAt: writtenAt(),
  },
  // By time only: hot search reads the log since the last roll-up, the roll-up a day of it.
  (t) => [index('search_logs_time_idx').on(t.createdAt)],
);

/**
 * The search log rolled up: how often each part was found first, per shop day (China time).
 * Hot search counts these days and the log since the last roll-up; the log itself is kept
 * SEARCH_LOG_KEEP_DAYS (modules/search/search-log-rollup.ts).
 */
export const searchLogDays = pgTable(
  'search_log_days',
  {
    day: date({ mode: 'string' }).notNull(),
    productId: integer().notNull(),
    searches: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/**
 * What dealers looked for and did not find: the search log's entries without a result (a search
 * or a line of the multi-number search), rolled up per shop day and keyword with the part counts
 * (modules/search/search-log-rollup.ts); the back office's dashboard counts these days and the
 * log since the last roll-up. Kept as long as search_log_days.
 */
export const searchMissDays = pgTable(
  'search_miss_days',
  {
    day: date({ mode: 'string' }).notNull(),
    keyword: text().notNull(),
    misses: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.keyword] })],
);

/** How far the search log is rolled up: the log before rolled_until is in search_log_days. One row. */
export const searchLogRollup = pgTable(
  'search_log_rollup',
  {
    id: smallint().primaryKey().default(1),
    rolledUntil: moment(),
  },
  (t) => [check('search_log_rollup_one_row_check', sql`${t.id} = 1`)],
);
