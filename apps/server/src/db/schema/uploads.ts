import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';
import { ownerColumns } from './owner-columns';

/**
 * Every stored upload (feedback files, return pictures, POST /api/Base/upload pictures): the
 * company owns it, and only that company is served it. An upload nothing claims is deleted. `key` is where the file storage keeps it
 * (uploads/storage.ts), e.g. 'pictures/12/<uuid>.png'.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    /** The upload kind (uploads/kinds.ts): 'feedback', 'return-picture', 'picture'. */
    kind: text().notNull(),
    key: text().notNull(),
    /** The type found in the content ('image/png'). */
    mediaType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** The name the file had on the user's machine (shown only). */
    originalName: text().notNull().default(''),
    createdAt: writtenAt(),
    /**
     * When something that uses the file took it (uploads/unclaimed.ts); null: nothing references
     * it, and the job 'delete-unclaimed-uploads' deletes it once it is older than a day.
     */
    claimedAt: moment(),
  },
  (t) => [
    uniqueIndex('uploads_key_idx').on(t.key),
    index('uploads_company_idx').on(t.companyId, t.createdAt),
    index('uploads_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.claimedAt} is null`),
  ],
);
