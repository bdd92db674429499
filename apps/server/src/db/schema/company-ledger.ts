import { sql } from 'drizzle-orm';
import { bigserial, check, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';
import { companyRef } from './owner-columns';

/**
 * What a company owes the brand, as a ledger of money entries (dealers order on account). Every
 * event that moves the balance is one entry: goods delivered, goods returned, a voucher or coin
 * deduction, a price-protection compensation or its reversal, a payment received, an adjustment by
 * finance staff. Monthly statements list a month's entries; the open balance is their sum.
 *
 * amount > 0: the company owes more; amount < 0: it owes less (a credit). (kind, source_key) is
 * unique, so an entry posted twice for the same cause (a retried event, a job run again) is one.
 * Entries are never edited: a correction is a new entry.
 */
export const companyLedger = pgTable(
  'company_ledger',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    kind: text()
      .$type<
        | 'delivery'
        | 'return'
        | 'voucher'
        | 'frey_coin'
        | 'compensation'
        | 'compensation_reversal'
        | 'payment'
        | 'adjustment'
      >()
      .notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    /** When it happened (the statement month is taken from this, in China time). */
    occurredAt: moment().notNull(),
    /** What caused it, unique per kind: 'delivery:<id>', 'protection:<price_history id>:<order item id>', 'payment:<id>' … */
    sourceKey: text().notNull(),
    /** One line of explanation shown on the statement (Chinese). */
    description: text().notNull().default(''),
    createdAt: writtenAt(),
  },
  (t) => [
    uniqueIndex('company_ledger_source_key').on(t.kind, t.sourceKey),
    index('company_ledger_company_time_idx').on(t.companyId, t.occurredAt),
    check('company_ledger_amount_check', sql`${t.amount} <> 0`),
  ],
);
