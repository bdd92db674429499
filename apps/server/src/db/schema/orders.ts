import { index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, warehouses } from './catalog';
import { accountRef, companyRef } from './owner-columns';

/**
 * Orders and their lines. The catalog issue needs them for purchase records, 'bought' tags and
 * hot sales; the cart-and-orders issue extends them (addresses, delivery, returns, idempotency).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    accountId: accountRef(),
    /** Order number shown to the user. */
    ordersNo: text().notNull(),
    /** Order status key; its Chinese text is status_cn. */
    status: text().notNull(),
    totalAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('orders_no_key').on(t.ordersNo), index('orders_company_time_idx').on(t.companyId, t.createdAt)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Denormalised from the order so purchase records and hot sales need no join. */
    companyId: companyRef(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    warehouseId: smallint()
      .notNull()
      .references(() => warehouses.id),
    quantity: integer().notNull(),
    price: numeric({ precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_company_product_idx').on(t.companyId, t.productId, t.createdAt),
    index('order_items_product_time_idx').on(t.productId, t.createdAt),
  ],
);
