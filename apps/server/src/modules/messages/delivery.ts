import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PushMessage } from '@shop/core/api/messages';
import type { Executor } from '../../lib/events';
import type { MessageDelivery, RealtimePublisher } from '../../realtime/publisher';

/**
 * Writing messages and telling the live connections about them. Every writer inserts with one
 * statement and gets back what it wrote (a redelivered event gets nothing back, so it pushes
 * nothing); the caller pushes after its transaction has committed.
 */

/** What a message says; the same for every account that receives it. */
export interface MessageContent {
  categoryId: number;
  tipName: string;
  tipDescription: string;
  tipWord: string;
  /** The web path it leads to ('' when none). */
  link: string;
  /** The order, return or part number it is about ('' when none). */
  number: string;
  orderId: number | null;
  isEject: 0 | 1;
  popType: number;
}

type Row = Record<string, unknown>;

/** A row the insert returned (id, account_id, created_at) as the push of its account. */
function deliveryOf(row: Row, m: MessageContent): MessageDelivery {
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at));
  const message: PushMessage = {
    tip_id: Number(row.id),
    category_id: m.categoryId,
    tip_name: m.tipName,
    pop_type: m.popType,
    tip_word: m.tipWord,
    tip_description: m.tipDescription,
    create_time: createdAt.toISOString(),
    is_eject: m.isEject,
    link: m.link,
    order_id: m.orderId,
  };
  return { accountId: Number(row.account_id), message };
}

/** The columns of a message's content, in the order of CONTENT_COLUMNS. */
function contentValues(m: MessageContent): SQL {
  return sql`${m.categoryId}, ${m.tipName}, ${m.tipDescription}, ${m.tipWord}, ${m.link}, ${m.number},
    ${m.orderId}::int, ${m.isEject}, ${m.popType}`;
}
const CONTENT_COLUMNS = sql.raw(
  'category_id, tip_name, tip_description, tip_word, link, number, order_id, is_eject, pop_type',
);

/** What a message is made from: an event (redelivered: no new rows) or a staff broadcast. */
export type MessageSource = { eventId: number; publishedAt: Date } | { broadcastId: number };

/**
 * Writes one message per recipient (`recipients`: a query of company_id, account_id, one row per
 * account; it may be an update ... returning, as it runs in the statement's WITH) with one statement; an account that already has this event's or broadcast's message
 * gets none (messages_event_key, messages_broadcast_key). Returns the pushes of the rows written.
 */
export async function writeMessages(
  db: Executor,
  source: MessageSource,
  recipients: SQL,
  m: MessageContent,
): Promise<MessageDelivery[]> {
  const [key, id, createdAt] =
    'eventId' in source
      ? [sql.raw('event_id'), source.eventId, sql`${source.publishedAt.toISOString()}::timestamptz`]
      : [sql.raw('broadcast_id'), source.broadcastId, sql`now()`];
  const rows = (
    await db.execute(sql`
      with r as (${recipients})
      insert into messages (company_id, account_id, ${CONTENT_COLUMNS}, ${key}, created_at)
      select r.company_id, r.account_id, ${contentValues(m)}, ${id}, ${createdAt}
      from r
      on conflict (${key}, account_id) do nothing
      returning id, account_id, created_at`)
  ).rows as Row[];
  return rows.map((r) => deliveryOf(r, m));
}

/** The account itself, when it still exists (a recipients query). */
export function theAccount(companyId: number, accountId: number): SQL {
  return sql`select a.company_id, a.id as account_id from accounts a
    where a.id = ${accountId} and a.company_id = ${companyId} and a.deleted_at is null`;
}

/** The account and its company's main account(s): one row each (a recipients query). */
export function theAccountAndMain(companyId: number, accountId: number): SQL {
  return sql`select a.company_id, a.id as account_id from accounts a
    where a.company_id = ${companyId} and (a.id = ${accountId} or a.is_main = 1) and a.deleted_at is null`;
}

/**
 * The live connections as a request uses them after its commit: a failed push is logged and is
 * never the request's failure (the messages are committed; a client catches up from the database
 * when it reconnects).
 */
export function pushesAfterCommit(realtime: RealtimePublisher, log: FastifyBaseLogger): RealtimePublisher {
  const logged = (err: unknown) => log.error({ err }, 'live push failed');
  return {
    pushMessages: (deliveries) => realtime.pushMessages(deliveries).catch(logged),
    clearPopups: (accountIds) => realtime.clearPopups(accountIds).catch(logged),
    closeSessions: (sessionIds) => realtime.closeSessions(sessionIds).catch(logged),
  };
}
