import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { warehouseRef } from './catalog';
import { accountRef, companyRef, productRef } from './owner-columns';

/**
 * The cart of a company (spec.md section 7 'Cart'): every account of the company sees the same
 * lines, and each line remembers who added it (`account_id` → user_name). One line per part,
 * warehouse and coming-soon flag; adding the same part again adds to its quantity.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    /** pd_cart_id. */
    id: serial().primaryKey(),
    companyId: companyRef(),
    /** The account that added the line (shown as user_name, filter user_name). */
    accountId: accountRef(),
    productId: productRef(),
    /** warehouse_type: 1 广州仓, 2 北京仓. */
    warehouseId: warehouseRef(),
    quantity: integer().notNull(),
    /** is_coming_soon=1 saves (main variant). */
    isComingSoon: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(t.companyId, t.productId, t.warehouseId, t.isComingSoon),
    index('cart_items_company_time_idx').on(t.companyId, t.createdAt),
    check('cart_items_quantity_check', sql`${t.quantity} >= 0`),
  ],
);
