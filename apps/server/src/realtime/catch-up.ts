import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { PushMessage } from '@shop/core/api/messages';
import type { Db } from '../db/client';
import { messages } from '../db/schema/messages';
import type { MessageDelivery } from './publisher';

/**
 * What a live socket missed: the database is the truth, the socket only brings news
 * (docs/decisions/0035). A client that reconnects names the last tip_id it has; a hub that lost
 * its Redis subscription asks for what its sockets' accounts received meanwhile.
 */

/** Messages pushed to a reconnecting socket at most: the newest ones (the centre lists them all). */
export const CATCH_UP_MAX = 200;

const pushColumns = {
  id: messages.id,
  accountId: messages.accountId,
  categoryId: messages.categoryId,
  tipName: messages.tipName,
  tipDescription: messages.tipDescription,
  tipWord: messages.tipWord,
  link: messages.link,
  orderId: messages.orderId,
  isEject: messages.isEject,
  popType: messages.popType,
  createdAt: messages.createdAt,
};

type PushRow = { [K in keyof typeof pushColumns]: (typeof messages.$inferSelect)[K] };

/** A row of `messages` as the socket pushes it (spec.md 'Live push message'). */
export function toPushMessage(row: Omit<PushRow, 'accountId'>): PushMessage {
  return {
    tip_id: row.id,
    category_id: row.categoryId,
    tip_name: row.tipName,
    pop_type: row.popType,
    tip_word: row.tipWord,
    tip_description: row.tipDescription,
    create_time: row.createdAt.toISOString(),
    is_eject: row.isEject === 1 ? 1 : 0,
    link: row.link,
    order_id: row.orderId,
  };
}

/** The account's messages after `afterId`: the newest CATCH_UP_MAX of them, oldest first. */
export async function missedMessages(db: Db, accountId: number, afterId: number): Promise<PushMessage[]> {
  const rows = await db
    .select(pushColumns)
    .from(messages)
    .where(and(eq(messages.accountId, accountId), gt(messages.id, afterId)))
    .orderBy(desc(messages.id))
    .limit(CATCH_UP_MAX);
  return rows.reverse().map(toPushMessage);
}

/**
 * The messages of these accounts after `afterId`, oldest first, at most `limit` (the caller
 * asks one more to know there were too many).
 */
export async function missedDeliveries(
  db: Db,
  accountIds: readonly number[],
  afterId: number,
  limit: number,
): Promise<MessageDelivery[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select(pushColumns)
    .from(messages)
    .where(and(gt(messages.id, afterId), sql`${messages.accountId} = any(${sql.param([...accountIds])}::int[])`))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map((row) => ({ accountId: row.accountId, message: toPushMessage(row) }));
}

/** The highest message id so far (0 when none). */
export async function lastMessageId(db: Db): Promise<number> {
  const [row] = await db.select({ id: messages.id }).from(messages).orderBy(desc(messages.id)).limit(1);
  return row?.id ?? 0;
}
