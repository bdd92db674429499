import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { idRef, timestamps, writtenAt } from './columns';
import { ownerColumns } from './owner-columns';

/** Marketing posters (Shop.GeneratePicture) and today's marketing (/parts/marketing). */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const posterCategories = pgTable(
  'poster_categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('poster_categories_sort_idx').on(t.sort, t.id)],
);

/** A poster template staff manage: its colours, headline and how many parts it holds. */
export const posterTemplates = pgTable(
  'poster_templates',
  {
    id: serial().primaryKey(),
    categoryId: idRef(() => posterCategories.id),
    name: text().notNull(),
    headline: text().notNull(),
    subline: text().notNull().default(''),
    /** Background gradient and accent, '#rrggbb'. */
    colorFrom: text().notNull(),
    colorTo: text().notNull(),
    accent: text().notNull(),
    /** Parts a poster of this template shows (1 to 6). */
    maxParts: smallint().notNull().default(4),
    published: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('poster_templates_sort_idx').on(t.sort, t.id),
    check('poster_templates_parts_check', sql`${t.maxParts} between 1 and 6`),
    check(
      'poster_templates_colors_check',
      sql`${t.colorFrom} ~ '^#[0-9a-f]{6}$' and ${t.colorTo} ~ '^#[0-9a-f]{6}$' and ${t.accent} ~ '^#[0-9a-f]{6}$'`,
    ),
  ],
);

/** Today's marketing: the brand's campaigns and materials, shown on their days. */
export const marketingItems = pgTable(
  'marketing_items',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    /** Picture path ('' for none). */
    picture: text().notNull().default(''),
    /** Shown from this day to that day (China dates), both included. */
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    /** The template the item suggests for a poster (optional). */
    templateId: integer().references(() => posterTemplates.id, { onDelete: 'set null' }),
    published: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('marketing_items_days_idx').on(t.startsOn, t.endsOn),
    check('marketing_items_days_check', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** A poster a dealer generated (makeList): what it shows and the PNG, the company's own. */
export const posters = pgTable(
  'posters',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    templateId: idRef(() => posterTemplates.id),
    productIds: integer().array().notNull(),
    /** The price label shown ('' for none). */
    priceKey: text().notNull().default(''),
    png: bytea().notNull(),
    createdAt: writtenAt(),
  },
  (t) => [index('posters_company_idx').on(t.companyId, t.id)],
);
