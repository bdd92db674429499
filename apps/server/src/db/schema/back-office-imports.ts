import {
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { staffRef } from './staff';

/**
 * Prices, stock and the imports from the brand's ERP as the back office changes them
 * (modules/prices-stock, modules/erp-imports).
 */

/**
 * Every change of a part's price (who, when, old, new, where from): written by the staff's
 * price form, by an import batch and by its rollback. The price-protection issue reads it.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceKey: text().notNull(),
    /** null: the part had no price under this label before (or has none after). */
    oldAmount: numeric({ precision: 12, scale: 2 }),
    newAmount: numeric({ precision: 12, scale: 2 }),
    staffId: staffRef(),
    /** 'manual' (the price form), 'import' (a batch applied), 'rollback' (a batch rolled back). */
    source: text().$type<'manual' | 'import' | 'rollback'>().notNull(),
    batchId: integer(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.id), index('price_history_batch_idx').on(t.batchId)],
);

/**
 * An import from the ERP (parts, prices or stock): the uploaded file previewed row by row, then
 * applied in one transaction, and later perhaps rolled back as a whole.
 * status: previewing → previewed (or failed) → applied → rolled_back.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial().primaryKey(),
    kind: text().$type<'parts' | 'prices' | 'stock'>().notNull(),
    status: text().$type<'previewing' | 'previewed' | 'failed' | 'applied' | 'rolled_back'>().notNull(),
    fileName: text().notNull(),
    staffId: staffRef(),
    /** Rows read from the file, and how many of each state (create, update, unchanged, error). */
    totalRows: integer().notNull().default(0),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Why the preview failed (an unreadable file). */
    error: text().notNull().default(''),
    /** What the rollback did: fields restored and fields left as a later change set them. */
    report: jsonb().$type<{ restored: number; conflicts: number; deleted?: number }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp({ withTimezone: true }),
    appliedBy: integer(),
    rolledBackAt: timestamp({ withTimezone: true }),
    rolledBackBy: integer(),
    /**
     * When the retention job deleted the batch's rows (IMPORT_ROWS_KEEP_DAYS): the batch and its
     * summary stay, its rows are gone and it can no longer be rolled back.
     */
    rowsPurgedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('import_batches_kind_idx').on(t.kind, t.id)],
);

/**
 * The work under way on a batch (preview, apply or rollback), one row while it runs: written
 * outside the work's transaction, so every server process answers the batch's progress, and its
 * heartbeat says whether the process doing it is still alive (a batch whose heartbeat is too old
 * is given up: erp-imports/stale.ts). The row also claims the batch: one piece of work at a time.
 */
export const importProgress = pgTable('import_progress', {
  batchId: integer()
    .primaryKey()
    .references(() => importBatches.id, { onDelete: 'cascade' }),
  phase: text().$type<'preview' | 'apply' | 'rollback'>().notNull(),
  done: integer().notNull().default(0),
  total: integer().notNull().default(0),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A row of an import file as previewed: the part it names, the values read (text by field), the
 * changes it makes ({ field: { old, new } }), its state and, for an error, the reason. After a
 * rollback, `conflicts` names the fields a later change had touched ({ field: { expected, current } }).
 */
export const importRows = pgTable(
  'import_rows',
  {
    batchId: integer()
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    /** The row's number in the file (1 = the first line, the header). */
    rowNo: integer().notNull(),
    state: text().$type<'create' | 'update' | 'unchanged' | 'error'>().notNull(),
    /** The part number as written, and normalised. */
    number: text().notNull(),
    numberNorm: text().notNull(),
    productId: integer(),
    /** The warehouse of a stock row (0 for the other kinds). */
    warehouseId: smallint().notNull().default(0),
    data: jsonb().$type<Record<string, string>>().notNull().default({}),
    changes: jsonb().$type<Record<string, { old: string | null; new: string }>>().notNull().default({}),
    error: text().notNull().default(''),
    conflicts: jsonb().$type<Record<string, { expected: string | null; current: string | null }>>(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.rowNo] }),
    index('import_rows_state_idx').on(t.batchId, t.state, t.rowNo),
  ],
);
