import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { priceHistory } from './back-office-imports';
import { idRef, money, writtenAt } from './columns';
import { orderItems, orders, returnOrderItems } from './orders';
import { companyRef, productRef } from './owner-columns';

/**
 * Price protection (docs/price-protection.md): what a price drop paid to the companies that had
 * bought the part shortly before, and what their later returns took back. Each compensation and
 * reversal is also an entry of company_ledger, written in the same transaction.
 */

/**
 * One price change looked at by price protection (once: the row is the claim on the change).
 * `lines`, `companies` and `amount` say what it compensated (0 for a rise or a drop nobody had
 * bought before).
 */
export const priceProtectionRuns = pgTable('price_protection_runs', {
  priceHistoryId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => priceHistory.id, { onDelete: 'cascade' }),
  productId: productRef(),
  lines: integer().notNull().default(0),
  companies: integer().notNull().default(0),
  amount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  createdAt: writtenAt(),
});

/**
 * A compensation: one order line of one company for one price drop. quantity units bought at
 * unit_paid (the line's price, or what an earlier drop already protected it down to) are worth
 * unit_new now; amount = (unit_paid − unit_new) × quantity. returned_before: the line's returned
 * units when it was computed (those were left out); reversed_quantity: units returned since and
 * taken back (price_protection_reversals).
 */
export const priceProtectionClaims = pgTable(
  'price_protection_claims',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    priceHistoryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => priceHistory.id, { onDelete: 'cascade' }),
    orderItemId: idRef(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: idRef(() => orders.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    productId: productRef(),
    quantity: integer().notNull(),
    unitPaid: money().notNull(),
    unitNew: money().notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    returnedBefore: integer().notNull(),
    reversedQuantity: integer().notNull().default(0),
    explanation: text().notNull(),
    createdAt: writtenAt(),
  },
  (t) => [
    uniqueIndex('price_protection_claims_key').on(t.priceHistoryId, t.orderItemId),
    index('price_protection_claims_company_idx').on(t.companyId, t.createdAt),
    index('price_protection_claims_item_idx').on(t.orderItemId),
    check('price_protection_claims_amount_check', sql`${t.amount} > 0 and ${t.quantity} > 0`),
    check(
      'price_protection_claims_reversed_check',
      sql`${t.reversedQuantity} >= 0 and ${t.reversedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/**
 * Compensation taken back: units of a compensated line returned later (per return line), or every
 * unit left when its order was cancelled afterwards (return_order_item_id null, once per compensation).
 */
export const priceProtectionReversals = pgTable(
  'price_protection_reversals',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    claimId: bigint({ mode: 'number' })
      .notNull()
      .references(() => priceProtectionClaims.id, { onDelete: 'cascade' }),
    returnOrderItemId: integer().references(() => returnOrderItems.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    quantity: integer().notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    createdAt: writtenAt(),
  },
  (t) => [
    uniqueIndex('price_protection_reversals_key').on(t.claimId, t.returnOrderItemId),
    uniqueIndex('price_protection_reversals_cancel_key')
      .on(t.claimId)
      .where(sql`${t.returnOrderItemId} is null`),
    check('price_protection_reversals_amount_check', sql`${t.amount} > 0 and ${t.quantity} > 0`),
  ],
);
