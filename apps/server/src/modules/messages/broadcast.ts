import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIENCE_COMPANIES_SHOWN,
  BROADCAST_TEXTS,
  type BroadcastAudienceOptions,
  MESSAGE_CATEGORY,
  oneLine,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastList,
  type BroadcastListQuery,
  type BroadcastRequest,
} from '@shop/core/api/messages';
import type { Db } from '../../db/client';
import type { Executor } from '../../lib/events';
import { chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import { refuse } from '../../lib/errors';
import { containsPattern } from '../../lib/like-pattern';
import type { MessageDelivery, RealtimePublisher } from '../../realtime/publisher';
import { writeAudit, type AuditActor } from '../staff/audit';
import { writeMessages, type MessageContent } from './delivery';

/**
 * Staff broadcasts: one message_broadcasts row and one message per receiving account, written by
 * one insert ... select in the transaction that writes the audit entry; pushed after the commit.
 * The client's request key is unique: the same key again answers the broadcast already sent.
 */
type Row = Record<string, unknown>;

/** The accounts a broadcast reaches (company_id, account_id): enabled accounts of live companies. */
function audienceAccounts(audience: BroadcastAudience): SQL {
  const base = sql`select a.company_id, a.id as account_id from accounts a
    join companies c on c.id = a.company_id where a.deleted_at is null and not a.disabled`;
  switch (audience.type) {
    case 'all':
      return base;
    case 'brand':
      return sql`${base} and ${audience.brand} = any(c.brand_groupings)`;
    case 'companies':
      return sql`${base} and a.company_id = any(${sql.param(audience.company_ids)}::int[])`;
  }
}

async function requireCompanies(db: Pick<Db, 'execute'>, ids: readonly number[]): Promise<void> {
  const found = (await db.execute(sql`select id from companies where id = any(${sql.param([...ids])}::int[])`))
    .rows as Row[];
  const known = new Set(found.map((r) => Number(r.id)));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) refuse(`${BROADCAST_TEXTS.unknownCompany}：${missing.slice(0, 10).join('、')}`);
}

const BROADCAST_COLUMNS = sql`b.id, b.staff_id, s.name as staff_name, b.tip_name, b.tip_description, b.tip_word,
  b.is_eject, b.pop_type, b.audience, b.recipients, b.created_at
  from message_broadcasts b join staff_members s on s.id = b.staff_id`;

function broadcastOf(r: Row): Broadcast {
  const audience = (typeof r.audience === 'string' ? JSON.parse(r.audience) : r.audience) as BroadcastAudience;
  return {
    id: Number(r.id),
    staff_id: Number(r.staff_id),
    staff_name: String(r.staff_name),
    tip_name: String(r.tip_name),
    tip_description: String(r.tip_description),
    tip_word: String(r.tip_word),
    is_eject: Number(r.is_eject),
    pop_type: Number(r.pop_type),
    audience,
    recipients: Number(r.recipients),
    created_at: chinaDateTimeOf(r.created_at),
  };
}

async function broadcastById(db: Pick<Db, 'execute'>, id: number): Promise<Broadcast> {
  const [row] = (await db.execute(sql`select ${BROADCAST_COLUMNS} where b.id = ${id}`)).rows as Row[];
  return broadcastOf(row!);
}

/**
 * Sends a broadcast: its row, its messages and the audit entry commit together, then the
 * messages are pushed. A request key already used answers that broadcast and sends nothing.
 */
export async function sendBroadcast(
  db: Db,
  realtime: RealtimePublisher,
  actor: AuditActor,
  input: BroadcastRequest,
): Promise<Broadcast> {
  if (input.audience.type === 'companies') await requireCompanies(db, input.audience.company_ids);
  // A second submit of the same key waits in writeBroadcast for the first to commit, then finds it.
  const outcome = await db.transaction((tx) => writeBroadcast(tx, actor, input));
  if (outcome.deliveries.length > 0) await realtime.pushMessages(outcome.deliveries);
  return broadcastById(db, outcome.id);
}

/**
 * A broadcast's row, its messages and its audit entry, in the caller's transaction (the demo data
 * writes its announcement with it); returns the pushes to make after the commit. A request key
 * already used answers that broadcast and writes nothing.
 */
export async function writeBroadcast(
  tx: Executor,
  actor: AuditActor,
  input: BroadcastRequest,
): Promise<{ id: number; deliveries: MessageDelivery[] }> {
  const tipDescription = input.tip_description || oneLine(input.tip_word);
  const content: MessageContent = {
    categoryId: MESSAGE_CATEGORY.announcement,
    tipName: input.tip_name,
    tipDescription,
    tipWord: input.tip_word,
    link: '',
    number: '',
    orderId: null,
    isEject: input.is_eject,
    popType: input.pop_type,
  };
  const [created] = (
    await tx.execute(sql`insert into message_broadcasts
      (staff_id, request_key, tip_name, tip_description, tip_word, is_eject, pop_type, audience)
      values (${actor.staffId}, ${input.request_key}, ${input.tip_name}, ${tipDescription}, ${input.tip_word},
        ${input.is_eject}, ${input.pop_type}, ${JSON.stringify(input.audience)}::jsonb)
      on conflict (request_key) do nothing returning id`)
  ).rows as Row[];
  if (!created) {
    const [existing] = (
      await tx.execute(sql`select id from message_broadcasts where request_key = ${input.request_key}`)
    ).rows as Row[];
    return { id: Number(existing!.id), deliveries: [] };
  }
  const id = Number(created.id);
  const deliveries = await writeMessages(tx, { broadcastId: id }, audienceAccounts(input.audience), content);
  if (deliveries.length === 0) refuse(BROADCAST_TEXTS.noRecipients);
  await tx.execute(sql`update message_broadcasts set recipients = ${deliveries.length} where id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'messages.broadcast',
    entityType: 'message_broadcast',
    entityId: String(id),
    before: null,
    after: {
      tip_name: input.tip_name,
      tip_description: tipDescription,
      is_eject: input.is_eject,
      pop_type: input.pop_type,
      audience: input.audience,
      recipients: deliveries.length,
    },
  });
  return { id, deliveries };
}

/** GET broadcasts: newest first. */
export async function listBroadcasts(db: Db, q: BroadcastListQuery): Promise<BroadcastList> {
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from message_broadcasts`,
    sql`select ${BROADCAST_COLUMNS} order by b.id desc`,
    broadcastOf,
  );
}

/** GET audience: the brand groupings to choose from and the companies matching the keyword. */
export async function audienceOptions(db: Db, keyword: string): Promise<BroadcastAudienceOptions> {
  const brands = (await db.execute(sql`select distinct unnest(brand_groupings) as brand from companies order by brand`))
    .rows as Row[];
  const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : 0;
  const match = keyword ? sql`where name ilike ${containsPattern(keyword)} or id = ${id}` : sql``;
  const companies = (
    await db.execute(sql`select id, name from companies ${match} order by id limit ${AUDIENCE_COMPANIES_SHOWN}`)
  ).rows as Row[];
  return {
    brands: brands.map((r) => String(r.brand)).filter((b) => b !== ''),
    companies: companies.map((r) => ({ id: Number(r.id), name: String(r.name) })),
  };
}
