import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { idRef, replyStateColumns, writtenAt } from './columns';
import { companyRef, ownerColumns } from './owner-columns';
import { staffRef } from './staff';

/** Feedback sent from the side bar: a text and an optional image or video stored under DATA_DIR/uploads. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    text: text().notNull(),
    /** Path of the stored file relative to the uploads folder; '' without a file. */
    filePath: text().notNull().default(''),
    /** 'image', 'video' or ''. */
    fileType: text().notNull().default(''),
    fileMime: text().notNull().default(''),
    /** The name the file had on the user's machine (shown only). */
    fileName: text().notNull().default(''),
    fileSize: bigint({ mode: 'number' }).notNull().default(0),
    /** The latest staff reply ('' while there is none); every reply is in feedback_replies. */
    reply: text().notNull().default(''),
    ...replyStateColumns(),
    createdAt: writtenAt(),
  },
  (t) => [
    index('feedback_account_idx').on(t.companyId, t.accountId, t.createdAt),
    index('feedback_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.repliedAt} is null`),
  ],
);

/** The staff's replies to a feedback, oldest first (a feedback may get several). */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial().primaryKey(),
    feedbackId: idRef(() => feedback.id, { onDelete: 'cascade' }),
    staffId: staffRef(),
    content: text().notNull(),
    createdAt: writtenAt(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.id)],
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
    ...ownerColumns(),
    createdAt: writtenAt(),
  },
  (t) => [index('upload_events_account_idx').on(t.accountId, t.createdAt)],
);
