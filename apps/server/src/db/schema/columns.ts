import { integer, numeric, timestamp, type AnyPgColumn, type ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * Column shapes every table writes alike. Each call makes a new column (drizzle names it from
 * its key, snake_case), so the SQL is the same as writing the builder out.
 */

/** A moment, with the time zone; null until it happens. */
export const moment = () => timestamp({ withTimezone: true });

/** When the row was written (created_at, updated_at, viewed_at …): now() unless given. */
export const writtenAt = () => moment().notNull().defaultNow();

/** created_at and updated_at of a row that is edited later. */
export const timestamps = () => ({ createdAt: writtenAt(), updatedAt: writtenAt() });

/** An amount of money (yuan, two decimals; a string in JS: core/money.ts computes with it). */
export const money = () => numeric({ precision: 12, scale: 2 });

/** A required reference to another table's integer id (company_id, make_id, order_id …). */
export const idRef = (column: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer().notNull().references(column, actions);

/**
 * The reply state of a dealer's request that customer service answers (feedback, development
 * requests): when staff last replied (or changed its status); when the dealer last saw the
 * replies (unread while replied_at is later, or this is null); when customer service first
 * opened or answered it (null: unread by staff, the service queue).
 */
export const replyStateColumns = () => ({ repliedAt: moment(), readAt: moment(), staffReadAt: moment() });
