import { bigint, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, companyRef } from './owner-columns';

/** Feedback sent from the side bar: a text and an optional image or video stored under DATA_DIR/uploads. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    accountId: accountRef(),
    text: text().notNull(),
    /** Path of the stored file relative to the uploads folder; '' without a file. */
    filePath: text().notNull().default(''),
    /** 'image', 'video' or ''. */
    fileType: text().notNull().default(''),
    fileMime: text().notNull().default(''),
    /** The name the file had on the user's machine (shown only). */
    fileName: text().notNull().default(''),
    fileSize: bigint({ mode: 'number' }).notNull().default(0),
    reply: text().notNull().default(''),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_account_idx').on(t.companyId, t.accountId, t.createdAt)],
);
