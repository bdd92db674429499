import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { categories, products } from './catalog';
import { orders } from './orders';
import { staffMembers } from './staff';
import { accountRef, companyRef } from './owner-columns';

/**
 * Vouchers and activities (module 'coupon', docs/coupons.md, docs/decisions/0046).
 *
 * - vouchers: the template (value, threshold, China days valid from/to, scope, uses per company
 *   and in all, issued by staff or claimed in a campaign);
 * - voucher_grants: a company's usable instance (the dealer's voucher_orders_id) with the uses it
 *   holds and has used; counted with guarded updates (`used < uses`);
 * - voucher_redemptions: one per order that used a voucher; cancelling the order releases it once
 *   (released_at);
 * - activities: time-boxed promotions with an image, their featured parts and their vouchers.
 */

export const activities = pgTable(
  'activities',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** The activity image (nav entry, slides, activity badge on its parts). */
    image: text().notNull().default(''),
    description: text().notNull().default(''),
    /** China days, inclusive. */
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    /** 'active' or 'stopped' (staff stopped it early). */
    status: text().notNull().default('active'),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_running_idx').on(t.status, t.endsOn),
    check('activities_days_check', sql`${t.startsOn} <= ${t.endsOn}`),
    check('activities_status_check', sql`${t.status} in ('active', 'stopped')`),
  ],
);

/** The parts an activity features (the activity zone's list, getActivityVoucherProduct). */
export const activityProducts = pgTable(
  'activity_products',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.productId] }), index('activity_products_product_idx').on(t.productId)],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    value: numeric({ precision: 12, scale: 2 }).notNull(),
    threshold: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    /** China days, inclusive. */
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }).notNull(),
    /** 'all' | 'parts' | 'categories' (voucher_scope_items). */
    scope: text().notNull().default('all'),
    /** 'issued' (staff hand it out) | 'campaign' (dealers claim it). */
    kind: text().notNull().default('issued'),
    /** Uses one company may hold (issued: given at once; campaign: claimed one by one). */
    perCompanyUses: integer().notNull().default(1),
    /** Uses handed out to all companies together (null: no limit). */
    totalUses: integer(),
    /** Uses handed out so far (sum of the grants' uses), guarded by total_uses. */
    grantedUses: integer().notNull().default(0),
    /** Uses redeemed and not given back. */
    usedCount: integer().notNull().default(0),
    activityId: integer().references(() => activities.id, { onDelete: 'set null' }),
    /** 'active' | 'stopped'. */
    status: text().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vouchers_activity_idx').on(t.activityId),
    check('vouchers_value_check', sql`${t.value} > 0 and ${t.threshold} >= 0`),
    check('vouchers_days_check', sql`${t.validFrom} <= ${t.validTo}`),
    check('vouchers_scope_check', sql`${t.scope} in ('all', 'parts', 'categories')`),
    check('vouchers_kind_check', sql`${t.kind} in ('issued', 'campaign')`),
    check('vouchers_status_check', sql`${t.status} in ('active', 'stopped')`),
    check(
      'vouchers_counts_check',
      sql`${t.perCompanyUses} > 0 and ${t.grantedUses} >= 0 and ${t.usedCount} >= 0
        and (${t.totalUses} is null or (${t.grantedUses} <= ${t.totalUses} and ${t.usedCount} <= ${t.totalUses}))`,
    ),
  ],
);

/** The parts (scope 'parts') or categories (scope 'categories', any level) a voucher covers. */
export const voucherScopeItems = pgTable(
  'voucher_scope_items',
  {
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('voucher_scope_items_product_key')
      .on(t.voucherId, t.productId)
      .where(sql`${t.productId} is not null`),
    uniqueIndex('voucher_scope_items_category_key')
      .on(t.voucherId, t.categoryId)
      .where(sql`${t.categoryId} is not null`),
    check('voucher_scope_items_one_check', sql`(${t.productId} is null) <> (${t.categoryId} is null)`),
  ],
);

/** A company's voucher (voucher_orders_id): the uses it holds and has used. */
export const voucherGrants = pgTable(
  'voucher_grants',
  {
    id: serial().primaryKey(),
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    uses: integer().notNull(),
    used: integer().notNull().default(0),
    /** The staff member who issued it (null: claimed by the dealer). */
    issuedBy: integer().references(() => staffMembers.id),
    /** The account that claimed it last (campaign). */
    claimedBy: integer().references(() => accounts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_grants_voucher_company_key').on(t.voucherId, t.companyId),
    index('voucher_grants_company_idx').on(t.companyId, t.id),
    check('voucher_grants_uses_check', sql`${t.used} >= 0 and ${t.used} <= ${t.uses}`),
  ],
);

/** An order's use of a grant; released once when the order is cancelled. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial().primaryKey(),
    grantId: integer()
      .notNull()
      .references(() => voucherGrants.id),
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id),
    companyId: companyRef(),
    accountId: accountRef(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One voucher per order.
    uniqueIndex('voucher_redemptions_order_key').on(t.orderId),
    index('voucher_redemptions_grant_idx').on(t.grantId),
    index('voucher_redemptions_voucher_idx').on(t.voucherId),
    check('voucher_redemptions_amount_check', sql`${t.amount} > 0`),
  ],
);
