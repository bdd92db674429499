import { bigint, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef, companyRef } from './owner-columns';

/**
 * Every stored upload (feedback files, return pictures, POST /api/Base/upload pictures): the
 * company owns it, and only that company is served it. `key` is where the file storage keeps it
 * (uploads/storage.ts), e.g. 'pictures/12/<uuid>.png'.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    accountId: accountRef(),
    /** The upload kind (uploads/kinds.ts): 'feedback', 'return-picture', 'picture'. */
    kind: text().notNull(),
    key: text().notNull(),
    /** The type found in the content ('image/png'). */
    mediaType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** The name the file had on the user's machine (shown only). */
    originalName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_key_idx').on(t.key), index('uploads_company_idx').on(t.companyId, t.createdAt)],
);
