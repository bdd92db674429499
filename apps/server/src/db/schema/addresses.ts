import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accountRef, companyRef } from './owner-columns';

/**
 * Delivery addresses of a company (spec.md section 3 'Address'). `is_main` is the default for the
 * Guangzhou warehouse and `other_is_main` the default for the Beijing warehouse; at most one
 * address of a company carries each flag, and one address never carries both (spec.md section 5).
 */
export const addresses = pgTable(
  'addresses',
  {
    /** address_id. */
    id: serial().primaryKey(),
    companyId: companyRef(),
    /** The account that created it. */
    accountId: accountRef(),
    contacts: text().notNull(),
    mobile: text().notNull(),
    /** Names as shown, with their area codes (from the area-data package) for the picker. */
    province: text().notNull(),
    city: text().notNull(),
    district: text().notNull(),
    areaCode: text().notNull(),
    street: text().notNull(),
    isMain: boolean().notNull().default(false),
    otherIsMain: boolean().notNull().default(false),
    /** Only for the one brand that asks for it. */
    logisticsInformation: text(),
    ...timestamps(),
  },
  (t) => [
    index('addresses_company_idx').on(t.companyId, t.id),
    // At most one Guangzhou default and one Beijing default per company, never both on one address.
    uniqueIndex('addresses_company_main_key')
      .on(t.companyId)
      .where(sql`${t.isMain}`),
    uniqueIndex('addresses_company_other_main_key')
      .on(t.companyId)
      .where(sql`${t.otherIsMain}`),
    check('addresses_one_default_check', sql`not (${t.isMain} and ${t.otherIsMain})`),
  ],
);
