import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { idRef, moment, money, writtenAt } from './columns';
import { ownerColumns } from './owner-columns';

/**
 * Resource share (docs/resource-share.md): a dealer's spreadsheet import of surplus stock, kept
 * as a preview until the dealer publishes it, with the contact the dealer chose to show.
 */
export const resourceShareImports = pgTable(
  'resource_share_imports',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    contact: text().notNull(),
    fileName: text().notNull().default(''),
    createdAt: writtenAt(),
    publishedAt: moment(),
  },
  (t) => [index('resource_share_imports_company_idx').on(t.companyId, t.createdAt)],
);

/** One shared stock line: preview → active (published) → withdrawn (by its dealer) | taken_down (by staff). */
export const resourceShares = pgTable(
  'resource_shares',
  {
    id: serial().primaryKey(),
    importId: idRef(() => resourceShareImports.id, { onDelete: 'cascade' }),
    ...ownerColumns(),
    /** The number as the dealer wrote it, and normalised (core/part-number) for the search. */
    number: text().notNull(),
    numberNorm: text().notNull(),
    name: text().notNull(),
    quantity: integer().notNull(),
    price: money(),
    contact: text().notNull(),
    status: text().notNull().default('preview'),
    /** Why staff took it down. */
    note: text().notNull().default(''),
    createdAt: writtenAt(),
    updatedAt: writtenAt(),
  },
  (t) => [
    index('resource_shares_import_idx').on(t.importId),
    index('resource_shares_company_idx').on(t.companyId, t.status, t.id),
    index('resource_shares_number_idx')
      .on(t.numberNorm.op('text_pattern_ops'))
      .where(sql`${t.status} = 'active'`),
    index('resource_shares_active_idx')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
    check('resource_shares_status_check', sql`${t.status} in ('preview', 'active', 'withdrawn', 'taken_down')`),
    check('resource_shares_quantity_check', sql`${t.quantity} > 0`),
  ],
);
