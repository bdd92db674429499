import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { productRef } from './catalog';
import { companyRef } from './owner-columns';

/**
 * The partner report's monthly rollup (docs/report.md): a company's net purchases of a part in a
 * China-time month (order lines of orders not cancelled, less completed returns). Kept by
 * triggers on order_items and orders (the migration's SQL) in the writing transaction, so the
 * report reads a few rows per part and month instead of every order line.
 */
export const purchaseMonths = pgTable(
  'purchase_months',
  {
    companyId: companyRef(),
    /** The first day of the China-time month of the order. */
    month: date().notNull(),
    productId: productRef(),
    quantity: integer().notNull().default(0),
    /** The amount in cents (whole numbers sum several times faster than numeric over a dealer's rows). */
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.productId] })],
);
