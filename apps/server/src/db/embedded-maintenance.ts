import { getTableName, sql } from 'drizzle-orm';
import type { Db } from './client';
import { loginAttempts, sessions } from './schema/accounts';
import { addresses } from './schema/addresses';
import { cartItems } from './schema/cart';
import { productStocks } from './schema/catalog';
import {
  browsingHistory,
  favourites,
  productQuestions,
  restockRequests,
  searchLogDays,
  searchLogs,
  stockViews,
} from './schema/customer-activity';
import {
  deliveries,
  deliveryItems,
  orderItems,
  orderLackItems,
  orders,
  returnOrderItems,
  returnOrders,
} from './schema/orders';
import { messages } from './schema/messages';
import { vinSearches } from './schema/vin';
import { domainEvents, jobRuns } from './schema/events';

/**
 * The embedded database (PGlite) runs without autovacuum, so the server does its work: every
 * EMBEDDED_MAINTENANCE_MS it vacuums the whole database (only pages changed since the last run are
 * read: ~40 ms at 100,000 parts when little changed) and refreshes the statistics of the tables
 * that change with use (stock, carts, orders, sessions, logs). The catalog's statistics are made
 * when it is loaded (demo/generate.ts); analysing it each time would hold the single connection
 * for seconds. PostgreSQL has autovacuum and needs none of this. It runs as the job
 * 'embedded-maintenance' (server.ts, lib/jobs.ts), on PGlite only.
 */
export const EMBEDDED_MAINTENANCE_MS = 10 * 60_000;

const ACTIVITY_TABLES = [
  productStocks,
  cartItems,
  orders,
  orderItems,
  orderLackItems,
  deliveries,
  deliveryItems,
  returnOrders,
  returnOrderItems,
  messages,
  sessions,
  loginAttempts,
  addresses,
  favourites,
  restockRequests,
  stockViews,
  browsingHistory,
  productQuestions,
  searchLogs,
  searchLogDays,
  vinSearches,
  domainEvents,
  jobRuns,
].map(getTableName);

export async function maintainEmbeddedDatabase(db: Db): Promise<void> {
  await db.execute(sql`vacuum`);
  await db.execute(sql.raw(`analyze ${ACTIVITY_TABLES.join(', ')}`));
}
