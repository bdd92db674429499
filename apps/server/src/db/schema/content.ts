import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';

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
    /** The schedule: shown on the dealers' home from starts_at until ends_at (either open). */
    startsAt: moment(),
    endsAt: moment(),
    createdAt: writtenAt(),
  },
  (t) => [
    index('banners_sort_idx').on(t.sort, t.id),
    check('banners_schedule_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
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
