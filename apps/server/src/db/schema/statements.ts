import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';
import { companyLedger } from './company-ledger';
import { orders } from './orders';
import { accountRef, companyRef } from './owner-columns';
import { staffMembers, staffRef } from './staff';

/** Yuan with two decimals, as the ledger keeps it. */
const amount = () => numeric({ precision: 14, scale: 2 });

/**
 * A company's credit (docs/statements.md): the most it may owe (open balance plus orders not yet
 * posted), null for no limit, and its payment terms. Set by finance staff; the order placement
 * locks this row, so orders of one company are checked one after the other.
 */
export const companyCredit = pgTable(
  'company_credit',
  {
    companyId: companyRef().primaryKey(),
    creditLimit: amount(),
    paymentDays: integer().notNull().default(30),
    updatedAt: writtenAt(),
    updatedBy: integer().references(() => staffMembers.id),
  },
  (t) => [
    check('company_credit_limit_check', sql`${t.creditLimit} is null or ${t.creditLimit} >= 0`),
    check('company_credit_days_check', sql`${t.paymentDays} between 0 and 365`),
  ],
);

/** An order sent for special approval because it would pass the credit limit: pending → approved | refused. */
export const creditApprovals = pgTable(
  'credit_approvals',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    /** What the order adds, the open balance before it and the limit, when it was placed. */
    amount: amount().notNull(),
    openBalance: amount().notNull(),
    creditLimit: amount().notNull(),
    status: text().$type<'pending' | 'approved' | 'refused'>().notNull().default('pending'),
    note: text().notNull().default(''),
    createdAt: writtenAt(),
    decidedAt: moment(),
    decidedBy: integer().references(() => staffMembers.id),
  },
  (t) => [index('credit_approvals_status_idx').on(t.status, t.createdAt)],
);

/** A payment received from a company, recorded by finance staff; its ledger entry is 'payment:<id>'. */
export const companyPayments = pgTable(
  'company_payments',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    amount: amount().notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    method: text().notNull(),
    reference: text().notNull().default(''),
    note: text().notNull().default(''),
    staffId: staffRef(),
    /** The form's key: a double submit records one payment. */
    requestKey: text().notNull(),
    createdAt: writtenAt(),
  },
  (t) => [
    uniqueIndex('company_payments_request_key').on(t.requestKey),
    index('company_payments_company_idx').on(t.companyId, t.paidOn),
    check('company_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A company's statement of one month (China time): the entries of the ledger not on an earlier
 * statement that happened before the month's end, the opening balance (the previous closing) and
 * the closing balance (opening + total). pending (待确认) → confirmed, or disputed → (reply) pending.
 */
export const statements = pgTable(
  'statements',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    /** 'YYYY-MM'. */
    month: text().notNull(),
    opening: amount().notNull(),
    total: amount().notNull(),
    closing: amount().notNull(),
    lineCount: integer().notNull(),
    status: text().$type<'pending' | 'confirmed' | 'disputed'>().notNull().default('pending'),
    /** Due date: the month's end plus the company's payment days. */
    dueOn: date({ mode: 'string' }).notNull(),
    createdAt: writtenAt(),
    confirmedAt: moment(),
    confirmedBy: integer(),
  },
  (t) => [
    uniqueIndex('statements_company_month').on(t.companyId, t.month),
    index('statements_month_idx').on(t.month, t.status),
    check('statements_closing_check', sql`${t.closing} = ${t.opening} + ${t.total}`),
  ],
);

/** The ledger entries on a statement; an entry is on one statement at most. */
export const statementLines = pgTable(
  'statement_lines',
  {
    statementId: integer()
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    ledgerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => companyLedger.id),
  },
  (t) => [
    uniqueIndex('statement_lines_ledger').on(t.ledgerId),
    index('statement_lines_statement_idx').on(t.statementId),
  ],
);

/** A dealer's objection to a statement and finance staff's reply. */
export const statementDisputes = pgTable(
  'statement_disputes',
  {
    id: serial().primaryKey(),
    statementId: integer()
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    accountId: accountRef(),
    note: text().notNull(),
    createdAt: writtenAt(),
    reply: text().notNull().default(''),
    repliedAt: moment(),
    repliedBy: integer().references(() => staffMembers.id),
  },
  (t) => [
    index('statement_disputes_statement_idx').on(t.statementId),
    index('statement_disputes_open_idx')
      .on(t.createdAt)
      .where(sql`${t.repliedAt} is null`),
  ],
);

/** The months the monthly job has built (the job skips a month found here; staff may build again). */
export const statementMonths = pgTable('statement_months', {
  month: text().primaryKey(),
  statements: integer().notNull(),
  lines: integer().notNull(),
  builtAt: writtenAt(),
});
