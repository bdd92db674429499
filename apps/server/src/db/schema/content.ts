import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Shop content managed by the brand: the home carousel and the hot keywords under the search box. */

export const bannerFileType = pgEnum('banner_file_type', ['image', 'video']);

/** An item of the home banner carousel (shop_carousel_list). */
export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    /** Picture or video path / URL. */
    picture: text().notNull(),
    fileType: bannerFileType().notNull().default('image'),
    /** Link opened on click ('' for none). */
    address: text().notNull().default(''),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_sort_idx').on(t.sort, t.id)],
);

/** Suggested search words shown below the search box. */
export const hotKeywords = pgTable(
  'hot_keywords',
  {
    id: serial().primaryKey(),
    keyword: text().notNull(),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
  },
  (t) => [index('hot_keywords_sort_idx').on(t.sort, t.id)],
);
