import { bigint, date, index, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Bytes of uploaded files stored per company and China day: the daily upload quota. A file's
 * size is added (guarded by the quota, in one statement) before it is written and taken off again
 * when the upload is refused; rows of past days are deleted as the company uploads again.
 */
export const uploadDays = pgTable(
  'upload_days',
  {
    companyId: companyRef(),
    day: date({ mode: 'string' }).notNull(),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** Each account's uploads of the last minutes (the upload rate); older ones are deleted as it uploads. */
export const uploadEvents = pgTable(
  'upload_events',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    accountId: accountRef(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_events_account_idx').on(t.accountId, t.createdAt)],
);
