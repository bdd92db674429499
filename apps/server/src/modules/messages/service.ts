import { sql, type SQL } from 'drizzle-orm';
import {
  MESSAGE_CATEGORY,
  MESSAGE_CATEGORY_NAMES,
  MESSAGE_KEEP_DAYS,
  MESSAGE_TEXTS,
  READ_TIP_TYPE,
  TIP_LIST_TYPE,
  type MessageMenu,
  type ReadTipRequest,
  type SystemMessage,
  type TipList,
  type TipListRequest,
} from '@shop/core/api/messages';
import type { Db } from '../../db/client';
import type { Executor } from '../../lib/events';
import { refuse } from '../../lib/errors';
import { chinaDateTime, chinaDayOf } from '../../lib/china-time';
import type { DealerCaller } from '../../platform/request-context';
import type { RealtimePublisher } from '../../realtime/publisher';

/**
 * The message centre of a dealer's account (/api/Tip.Tip/*): messages are per account, so every
 * query is scoped to the caller's account (and company); another account's message answers as
 * not found.
 */
type Row = Record<string, unknown>;

const SHOWN = sql`m.category_id <> ${MESSAGE_CATEGORY.hidden}`;

function mine(caller: DealerCaller): SQL {
  return sql`m.account_id = ${caller.accountId} and m.company_id = ${caller.companyId}`;
}

async function unreadTotal(db: Executor, caller: DealerCaller): Promise<number> {
  const [row] = (
    await db.execute(
      sql`select count(*)::int as n from messages m where ${mine(caller)} and m.read_at is null and ${SHOWN}`,
    )
  ).rows as Row[];
  return Number(row?.n ?? 0);
}

/** GET menu_list: the shown categories with their unread counts, and the unread total. */
export async function messageMenu(db: Db, caller: DealerCaller): Promise<MessageMenu> {
  const [rows, newest] = await Promise.all([
    db.execute(sql`select m.category_id, count(*)::int as n from messages m
      where ${mine(caller)} and m.read_at is null group by m.category_id`),
    db.execute(sql`select max(m.id) as id from messages m where ${mine(caller)}`),
  ]);
  const unread = new Map((rows.rows as Row[]).map((r) => [Number(r.category_id), Number(r.n)]));
  const list = MESSAGE_CATEGORY_NAMES.map((c) => ({ id: c.id, name: c.name, unread_num: unread.get(c.id) ?? 0 }));
  return {
    list,
    unread_total: list.reduce((sum, c) => sum + c.unread_num, 0),
    last_tip_id: Number((newest.rows as Row[])[0]?.id ?? 0),
  };
}

/** Escapes LIKE's wildcards in a user's text. */
function likePart(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}

function systemMessageOf(r: Row): SystemMessage {
  const createdAt = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
  return {
    id: Number(r.id),
    category_id: Number(r.category_id),
    tip_name: String(r.tip_name),
    tip_description: String(r.tip_description),
    tip_word: String(r.tip_word),
    create_time: createdAt.toISOString(),
    create_time_text: chinaDateTime(createdAt).slice(0, 16),
    read: r.read_at ? 1 : 0,
    is_eject: Number(r.is_eject) === 1 ? 1 : 0,
    pop_type: Number(r.pop_type),
    link: String(r.link),
    number: String(r.number),
  };
}

/** POST shop_tip_list: the account's messages, newest first, filtered and paged. */
export async function listMessages(db: Db, caller: DealerCaller, q: TipListRequest): Promise<TipList> {
  const where: SQL[] = [mine(caller)];
  where.push(q.category_id ? sql`m.category_id = ${q.category_id}` : SHOWN);
  if (q.type === TIP_LIST_TYPE.unread) where.push(sql`m.read_at is null`);
  if (q.type === TIP_LIST_TYPE.read) where.push(sql`m.read_at is not null`);
  if (q.tip_name) where.push(sql`m.tip_name ilike ${likePart(q.tip_name)}`);
  if (q.number) where.push(sql`m.number ilike ${likePart(q.number)}`);
  if (q.adjust_price_time) where.push(sql`${chinaDayOf(sql`m.created_at`)} = ${q.adjust_price_time}::date`);
  if (q.tip_id) where.push(sql`m.id = ${q.tip_id}`);
  const condition = sql.join(where, sql` and `);
  const [count] = (await db.execute(sql`select count(*)::int as n from messages m where ${condition}`)).rows as Row[];
  const total = Number(count?.n ?? 0);
  const offset = (q.page - 1) * q.limit;
  const rows =
    offset >= total
      ? []
      : ((
          await db.execute(sql`select m.id, m.category_id, m.tip_name, m.tip_description, m.tip_word, m.created_at,
            m.read_at, m.is_eject, m.pop_type, m.link, m.number
            from messages m where ${condition} order by m.id desc limit ${q.limit} offset ${offset}`)
        ).rows as Row[]);
  if (q.tip_id && total === 0) refuse(MESSAGE_TEXTS.invalid);
  return { list: rows.map(systemMessageOf), total };
}

/**
 * POST readTip: type 1 marks the message tip_id read (another account's answers
 * '无效的消息，请反馈'); type 2 marks every message read (of category_id when given) and clears
 * the account's popups. Answers the unread total left.
 */
export async function readMessages(
  db: Db,
  realtime: RealtimePublisher,
  caller: DealerCaller,
  q: ReadTipRequest,
): Promise<{ unread_total: number }> {
  if (q.type === READ_TIP_TYPE.one) {
    if (!q.tip_id) refuse(MESSAGE_TEXTS.invalid);
    const found = (
      await db.execute(sql`update messages m set read_at = coalesce(m.read_at, now())
        where m.id = ${q.tip_id} and ${mine(caller)} returning m.id`)
    ).rows;
    if (found.length === 0) refuse(MESSAGE_TEXTS.invalid);
    return { unread_total: await unreadTotal(db, caller) };
  }
  const category = q.category_id ? sql`m.category_id = ${q.category_id}` : SHOWN;
  await db.execute(
    sql`update messages m set read_at = now() where ${mine(caller)} and m.read_at is null and ${category}`,
  );
  await realtime.clearPopups([caller.accountId]);
  return { unread_total: await unreadTotal(db, caller) };
}

/** The retention job: deletes messages older than MESSAGE_KEEP_DAYS. Returns how many. */
export async function deleteOldMessages(db: Db, days = MESSAGE_KEEP_DAYS): Promise<number> {
  const [row] = (
    await db.execute(sql`with gone as (
      delete from messages where created_at < now() - ${days} * interval '1 day' returning 1)
      select count(*)::int as n from gone`)
  ).rows as Row[];
  return Number(row?.n ?? 0);
}
