import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders, type OrderAddressSnapshot } from './orders';
import { accountRef, companyRef } from './owner-columns';
import { companies } from './accounts';

/**
 * Points, frey coins, the points mall and gift orders (docs/points.md, docs/decisions/0045).
 * Balances live on one row per company (points_accounts) and change only through a guarded
 * single UPDATE inside the transaction that writes the ledger entry with the balance after it;
 * the ledgers are append-only and sum to the balances (a job checks it).
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    companyId: integer()
      .primaryKey()
      .references(() => companies.id),
    points: integer().notNull().default(0),
    freyCoin: integer().notNull().default(0),
    consumedPoints: integer().notNull().default(0),
    consumedFreyCoin: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('points_accounts_points_check', sql`${t.points} >= 0`),
    check('points_accounts_coin_check', sql`${t.freyCoin} >= 0`),
  ],
);

/** The columns both ledgers start with: who, the change, the balance after it, why. */
const ledgerColumns = () => ({
  id: bigserial({ mode: 'number' }).primaryKey(),
  companyId: companyRef(),
  /** The account that caused it (null for staff and jobs). */
  accountId: integer(),
  change: integer().notNull(),
  balanceAfter: integer().notNull(),
  cause: text().notNull(),
  ref: text(),
  note: text().notNull().default(''),
});

/**
 * The points ledger. A gain is a lot: `remaining` is what of it is not yet spent or expired,
 * spent oldest expiry first; `expires_at` when it ends. (cause, ref) is unique per company, so
 * a retried sign-in, delivery or return is a no-op.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    ...ledgerColumns(),
    orderId: integer(),
    giftOrderId: integer(),
    expiresAt: timestamp({ withTimezone: true }),
    remaining: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_ref_key').on(t.companyId, t.cause, t.ref),
    index('points_ledger_company_time_idx').on(t.companyId, t.createdAt),
    index('points_ledger_lots_idx')
      .on(t.companyId, t.expiresAt, t.id)
      .where(sql`${t.remaining} > 0`),
    index('points_ledger_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check('points_ledger_change_check', sql`${t.change} <> 0`),
    check('points_ledger_balance_check', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= greatest(${t.change}, 0)`),
  ],
);

/** The frey-coin ledger: same shape, no expiry. */
export const freyCoinLedger = pgTable(
  'frey_coin_ledger',
  {
    ...ledgerColumns(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('frey_coin_ledger_ref_key').on(t.companyId, t.cause, t.ref),
    index('frey_coin_ledger_company_time_idx').on(t.companyId, t.createdAt),
    index('frey_coin_ledger_order_idx').on(t.orderId),
    check('frey_coin_ledger_change_check', sql`${t.change} <> 0`),
    check('frey_coin_ledger_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/** One row per account and China day signed in on: the unique key makes a second sign-in a no-op. */
export const pointsSignIns = pgTable(
  'points_sign_ins',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    accountId: accountRef(),
    day: date({ mode: 'string' }).notNull(),
    points: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('points_sign_ins_day_key').on(t.accountId, t.day)],
);

/** The points mall's items (staff keep them in the back office). */
export const pointsMallItems = pgTable(
  'points_mall_items',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    pic: text().notNull().default(''),
    pointsPrice: integer().notNull(),
    stock: integer().notNull().default(0),
    onShelf: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_mall_items_shelf_idx').on(t.onShelf, t.sort, t.id),
    check('points_mall_items_price_check', sql`${t.pointsPrice} > 0`),
    check('points_mall_items_stock_check', sql`${t.stock} >= 0`),
  ],
);

/** The company's points cart: one line per mall item. */
export const pointsCartItems = pgTable(
  'points_cart_items',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    accountId: accountRef(),
    itemId: integer()
      .notNull()
      .references(() => pointsMallItems.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_cart_items_line_key').on(t.companyId, t.itemId),
    check('points_cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Gift order numbers: GF + China date + sequence. */
export const giftNoSeq = pgSequence('gift_no_seq', { startWith: 1 });

/** A gift order: mall items paid with points, shipped by staff like an order. */
export const giftOrders = pgTable(
  'gift_orders',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    accountId: accountRef(),
    giftNo: text().notNull(),
    /** pending_shipment → shipped → received; pending_shipment → cancelled with its parts order. */
    status: text().notNull().default('pending_shipment'),
    pointsTotal: integer().notNull(),
    address: jsonb().$type<OrderAddressSnapshot>(),
    remark: text().notNull().default(''),
    /** The parts order placed with it, if any. */
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    carrier: text().notNull().default(''),
    trackingNo: text().notNull().default(''),
    /** The points cart lines it consumed (sorted ids) or the submit's idempotency key: a repeat finds it. */
    requestKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    shippedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_orders_no_key').on(t.giftNo),
    uniqueIndex('gift_orders_request_key').on(t.companyId, t.requestKey),
    index('gift_orders_company_time_idx').on(t.companyId, t.createdAt),
    index('gift_orders_status_idx').on(t.status, t.createdAt),
    check('gift_orders_status_check', sql`${t.status} in ('pending_shipment', 'shipped', 'received', 'cancelled')`),
    check('gift_orders_points_check', sql`${t.pointsTotal} > 0`),
  ],
);

export const giftOrderItems = pgTable(
  'gift_order_items',
  {
    id: serial().primaryKey(),
    giftOrderId: integer()
      .notNull()
      .references(() => giftOrders.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    itemId: integer()
      .notNull()
      .references(() => pointsMallItems.id),
    name: text().notNull(),
    pic: text().notNull().default(''),
    pointsPrice: integer().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [index('gift_order_items_gift_idx').on(t.giftOrderId)],
);
