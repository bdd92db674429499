import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';
import { ownerColumns } from './owner-columns';
import { staffRef } from './staff';

/**
 * The dealers' messages (the message centre, spec.md 'System message'): one row per receiving
 * account, written by the messages module's subscribers from the outbox's events (`event_id`
 * makes a redelivered event a no-op) or by a staff broadcast. The live push only brings news of
 * rows that exist here; a client that reconnects asks for the rows after the last id it has.
 * Rows older than MESSAGE_KEEP_DAYS are deleted by a job.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    ...ownerColumns(),
    /** MESSAGE_CATEGORY of packages/core/src/api/messages.ts. */
    categoryId: smallint().notNull(),
    tipName: text().notNull(),
    tipDescription: text().notNull().default(''),
    tipWord: text().notNull().default(''),
    /** The web path it leads to ('' when none). */
    link: text().notNull().default(''),
    /** The order, return or part number it is about ('' when none), for the list's filter. */
    number: text().notNull().default(''),
    /** The order it is about (no foreign key: a message outlives nothing it names). */
    orderId: integer(),
    isEject: smallint().notNull().default(0),
    popType: smallint().notNull().default(1),
    /** The domain event it was made from (null for a broadcast). */
    eventId: bigint({ mode: 'number' }),
    /** The staff broadcast it belongs to (null otherwise). */
    broadcastId: integer(),
    readAt: moment(),
    createdAt: writtenAt(),
  },
  (t) => [
    index('messages_account_idx').on(t.accountId, t.id),
    index('messages_account_unread_idx')
      .on(t.accountId, t.categoryId)
      .where(sql`${t.readAt} is null`),
    index('messages_created_idx').on(t.createdAt),
    uniqueIndex('messages_event_key').on(t.eventId, t.accountId),
    uniqueIndex('messages_broadcast_key').on(t.broadcastId, t.accountId),
  ],
);

/**
 * A staff broadcast (POST /api/admin/messages/broadcast): what was sent, by whom, to which
 * audience and how many accounts received it; its messages carry its id (broadcast_id). The
 * client's request key is unique, so a double submit sends once.
 */
export const messageBroadcasts = pgTable(
  'message_broadcasts',
  {
    id: serial().primaryKey(),
    staffId: staffRef(),
    requestKey: text().notNull(),
    tipName: text().notNull(),
    tipDescription: text().notNull(),
    tipWord: text().notNull(),
    isEject: smallint().notNull(),
    popType: smallint().notNull(),
    /** The BroadcastAudience of packages/core/src/api/messages.ts as sent. */
    audience: jsonb().notNull(),
    recipients: integer().notNull().default(0),
    createdAt: writtenAt(),
  },
  (t) => [
    uniqueIndex('message_broadcasts_request_key').on(t.requestKey),
    index('message_broadcasts_created_idx').on(t.createdAt),
  ],
);
