import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { categories, makes, productRef } from './catalog';
import { idRef } from './columns';
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
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.productId] }),
    /**
     * A company's rows part by part, with the figures (migration 0035 adds quantity and
     * amount_cents as INCLUDE columns, which drizzle does not write): the part ranking sums each
     * part's months as the index yields them (an index-only scan, no hash table).
     */
    index('purchase_months_company_product_idx').on(t.companyId, t.productId, t.month),
  ],
);

/**
 * The same purchases per company, month and the part's level-3 category (the report maps it to the
 * top level when it reads, so moving a category in the tree needs nothing here), and per make:
 * the month, category and make views read these few rows per month instead of every part's.
 * Kept by triggers on purchase_months (whatever changes it) and on products (a part moved to
 * another category or make moves its purchases), migration 0035.
 */
export const purchaseCategoryMonths = pgTable(
  'purchase_category_months',
  {
    companyId: companyRef(),
    month: date().notNull(),
    categoryId: idRef(() => categories.id),
    quantity: integer().notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.categoryId] })],
);

export const purchaseMakeMonths = pgTable(
  'purchase_make_months',
  {
    companyId: companyRef(),
    month: date().notNull(),
    makeId: idRef(() => makes.id),
    quantity: integer().notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.makeId] })],
);
