import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { idRef, replyStateColumns, writtenAt } from './columns';
import { accountRef, companyRef, ownerColumns } from './owner-columns';
import { staffRef } from './staff';

/**
 * 'I want to develop' (docs/decisions/0036): a dealer asks the brand to make a part it does not
 * sell yet. Every dealer of the shop sees the requests (without who asked) and may like each
 * once; the replies and the status are the asking account's to read.
 */

/** A stored picture of a request (upload kind 'development-picture'). */
export interface DevelopmentPicture {
  /** Key in the file storage. */
  key: string;
  mime: string;
  name: string;
  size: number;
}

export const developmentRequests = pgTable(
  'development_requests',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    partName: text().notNull(),
    vehicle: text().notNull().default(''),
    oeNumber: text().notNull().default(''),
    monthlyQuantity: integer().notNull(),
    description: text().notNull().default(''),
    pictures: jsonb().$type<DevelopmentPicture[]>().notNull().default([]),
    /** core DEVELOPMENT_STATUS key: pending, developing, launched, rejected. */
    status: text().notNull().default('pending'),
    /** Likes counted with the like in one transaction (development_likes holds who liked). */
    likeCount: integer().notNull().default(0),
    ...replyStateColumns(),
    createdAt: writtenAt(),
  },
  (t) => [
    index('development_requests_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.repliedAt} is null`),
    index('development_requests_created_idx').on(t.createdAt, t.id),
    index('development_requests_likes_idx').on(t.likeCount, t.id),
    index('development_requests_account_idx').on(t.accountId, t.createdAt),
    check('development_requests_quantity_positive', sql`${t.monthlyQuantity} > 0`),
    check('development_requests_likes_not_negative', sql`${t.likeCount} >= 0`),
  ],
);

/** One like of an account for a request (the key makes a second like a no-op). */
export const developmentLikes = pgTable(
  'development_likes',
  {
    requestId: idRef(() => developmentRequests.id, { onDelete: 'cascade' }),
    accountId: accountRef(),
    companyId: companyRef(),
    createdAt: writtenAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.accountId] })],
);

/** Staff replies and status changes of a request, oldest first. */
export const developmentReplies = pgTable(
  'development_replies',
  {
    id: serial().primaryKey(),
    requestId: idRef(() => developmentRequests.id, { onDelete: 'cascade' }),
    staffId: staffRef(),
    content: text().notNull(),
    /** The status it set, or '' for a reply only. */
    status: text().notNull().default(''),
    createdAt: writtenAt(),
  },
  (t) => [index('development_replies_request_idx').on(t.requestId, t.id)],
);
