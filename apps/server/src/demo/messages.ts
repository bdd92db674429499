import { sql } from 'drizzle-orm';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { Db } from '../db/client';
import { EventDispatcher } from '../lib/events';
import { MODULES } from '../modules';
import { writeBroadcast } from '../modules/messages/broadcast';
import { protectedPriceKey } from '../modules/price-protection/compensate';
import { writeAudit, type AuditActor } from '../modules/staff/audit';
import { moduleSubscribers } from '../platform/module';
import { NO_SOCKETS } from '../realtime/publisher';
import type { Executor } from './bulk-insert';

/**
 * The demo dealers' message centre, price adjustments, price protection and shared stock
 * (design.md section 5), made the way the shop makes them so that a fresh `npm start` shows the
 * badge, the categories, the price adjustment zone and record, the price-protection claims and
 * resource share without staff having to act first:
 *
 * - the events the shop would have published for the latest orders of each company (placed,
 *   shipped), its pending return, the answered development requests and questions, and a price
 *   drop (as the staff's price form writes it: the price, its history, the audit entry) of the part
 *   each company bought last, are written into the outbox at their times and delivered at once by
 *   the modules' own subscribers, in this transaction: they write the messages, and the drops'
 *   compensations (claims, ledger entries) and their 对账单 messages;
 * - a staff announcement, sent as the admin's broadcast;
 * - the messages older than two days before the reference date were read;
 * - two companies share some stock (an import published by their main account), where the brand
 *   has resource share.
 *
 * Deterministic but for the insertion times of what the subscribers write. Run last (after the
 * orders, their fulfilment, development, questions and statements).
 */

/** Orders of each company whose events are in the message centre (the latest). */
const ORDERS_PER_COMPANY = 3;
/** Answered questions of each company with a message (the latest). */
const QUESTIONS_PER_COMPANY = 2;
/** The drop of the dealers' price: the new price is this share of the lower of the price and what was paid. */
const DROP_FACTOR = '0.92';
/** Messages older than this before the reference date were read. */
const UNREAD_DAYS = 2;

const ANNOUNCEMENT = {
  tip_name: '系统升级通知',
  tip_word:
    '为提升下单体验，商城将于本周日 00:00–02:00 进行系统升级，期间暂停下单与支付，已提交的订单不受影响。给您带来的不便，敬请谅解。',
  tip_description: '',
  is_eject: 1,
  pop_type: 1,
  audience: { type: 'all' },
  request_key: 'demo-announcement-upgrade',
} as const;

/** Shared stock: [company key's index among the companies by id, part offset, quantity, price ('' for none)]. */
const SHARED: readonly [number, number, number, string][] = [
  [1, 11, 6, '128.00'],
  [1, 23, 2, ''],
  [1, 37, 15, '45.50'],
  [2, 52, 4, '260.00'],
  [2, 68, 10, ''],
];

export async function insertDemoMessages(tx: Executor, variant: BrandVariant, referenceDate: Date): Promise<void> {
  const staff = new Map(
    ((await tx.execute(sql`select login, id from staff_members`)).rows as { login: string; id: number }[]).map((r) => [
      r.login,
      Number(r.id),
    ]),
  );
  const catalog = staff.get('catalog');
  const admin = staff.get('admin');
  if (catalog === undefined || admin === undefined) return;
  const ref = referenceDate.toISOString();
  const demoActor = (staffId: number): AuditActor => ({ staffId, requestId: 'demo-data', ip: '' });

  await insertPriceDrops(tx, variant, catalog, ref, demoActor(catalog));
  await publishHistory(tx, ref);
  await deliverNow(tx, variant);
  await writeBroadcast(tx, demoActor(admin), { ...ANNOUNCEMENT, audience: { type: 'all' } });
  await tx.execute(sql`update messages set read_at = created_at + interval '2 hours'
    where created_at < ${ref}::timestamptz - make_interval(days => ${UNREAD_DAYS})`);
  if (variant.modules.resourceShare) await insertSharedStock(tx, ref);
}

/**
 * The part each company bought last (a line not cancelled nor returned) goes down under the
 * dealers' price in the hours before the reference date, as the staff's price form saves it
 * (price, history, audit).
 */
async function insertPriceDrops(
  tx: Executor,
  variant: BrandVariant,
  staffId: number,
  ref: string,
  actor: AuditActor,
): Promise<void> {
  const { key } = protectedPriceKey(variant);
  const drops = (
    await tx.execute(sql`
      with last_bought as (
        select distinct on (o.company_id) o.company_id, i.product_id, i.price
        from order_items i join orders o on o.id = i.order_id
        where o.status <> 'cancelled' and i.quantity > i.returned_quantity and i.created_at < ${ref}::timestamptz
        order by o.company_id, i.created_at desc, i.id desc
      )
      select distinct on (l.product_id) l.product_id, pp.amount::text as old_amount,
        round(least(pp.amount, l.price) * ${DROP_FACTOR}::numeric, 2)::text as new_amount
      from last_bought l join product_prices pp on pp.product_id = l.product_id and pp.price_key = ${key}
      order by l.product_id`)
  ).rows as { product_id: number; old_amount: string; new_amount: string }[];
  for (const [i, d] of drops.entries()) {
    const productId = Number(d.product_id);
    await tx.execute(sql`update product_prices set amount = ${d.new_amount}::numeric
      where product_id = ${productId} and price_key = ${key}`);
    await tx.execute(sql`insert into price_history (product_id, price_key, old_amount, new_amount, staff_id, source, at)
      values (${productId}, ${key}, ${d.old_amount}::numeric, ${d.new_amount}::numeric, ${staffId}, 'manual',
        ${ref}::timestamptz - make_interval(hours => ${drops.length - i}))`);
    await writeAudit(tx, actor, {
      action: 'prices.set',
      entityType: 'product',
      entityId: String(productId),
      before: { [key]: d.old_amount },
      after: { [key]: d.new_amount },
    });
  }
}

/**
 * The events of the demo's recent history, in the outbox in the order they happened (the
 * messages are numbered in that order): orders placed and shipped, returns requested, development
 * requests and questions answered, the price drops, up to the reference date (a shipment the demo
 * dates after it has not happened yet). Their payloads are those the modules publish.
 */
async function publishHistory(tx: Executor, ref: string): Promise<void> {
  await tx.execute(sql`
    with recent as (
      select o.*, row_number() over (partition by o.company_id order by o.created_at desc, o.id desc) as n
      from orders o where o.status <> 'cancelled' and o.created_at < ${ref}::timestamptz
    ), orders_of as (select * from recent where n <= ${ORDERS_PER_COMPANY}),
    happened as (
      select o.created_at as at, o.company_id, jsonb_build_object('type', 'order.placed', 'companyId', o.company_id,
          'accountId', o.account_id, 'orderId', o.id, 'ordersNo', o.orders_no,
          'supplied', (select count(*)::int from order_items i where i.order_id = o.id),
          'lacking', (select count(*)::int from order_lack_items l where l.order_id = o.id),
          'total', o.total_amount::text) as payload
      from orders_of o
      union all
      select o.shipped_at, o.company_id, jsonb_build_object('type', 'order.shipped', 'companyId', o.company_id,
          'accountId', o.account_id, 'orderId', o.id, 'ordersNo', o.orders_no, 'status', 'shipped',
          'carrier', d.carrier, 'trackingNo', d.tracking_no, 'packages', d.packages, 'deliveryNos', d.nos)
      from orders_of o join lateral (select min(carrier) as carrier, min(tracking_no) as tracking_no,
          sum(packages)::int as packages, jsonb_agg(delivery_no order by id) as nos
        from deliveries where order_id = o.id) d on d.nos is not null
      where o.shipped_at is not null
      union all
      select r.created_at, r.company_id, jsonb_build_object('type', 'return.requested', 'companyId', r.company_id,
          'accountId', r.account_id, 'orderId', r.order_id, 'ordersNo', o.orders_no, 'returnId', r.id,
          'returnNo', r.return_no, 'by', 'dealer')
      from return_orders r join orders o on o.id = r.order_id where r.created_at < ${ref}::timestamptz
      union all
      select y.created_at, q.company_id, jsonb_build_object('type', 'development.replied', 'companyId', q.company_id,
          'accountId', q.account_id, 'requestId', q.id, 'partName', q.part_name, 'reply', y.content)
      from development_replies y join development_requests q on q.id = y.request_id
      union all
      select q.reply_time, q.company_id, jsonb_build_object('type', 'question.answered', 'companyId', q.company_id,
          'accountId', q.account_id, 'questionId', q.id, 'productId', q.product_id, 'freyNo', p.frey_no,
          'partName', p.l_name_zh, 'question', q.ask_questions, 'answer', q.reply_content)
      from (select q.*, row_number() over (partition by q.company_id order by q.reply_time desc, q.id desc) as n
          from product_questions q where q.reply_content is not null and q.reply_time is not null) q
        join products p on p.id = q.product_id
      where q.n <= ${QUESTIONS_PER_COMPANY}
      union all
      select h.at, null, jsonb_build_object('type', 'price.adjusted', 'productIds', jsonb_build_array(h.product_id))
      from price_history h
    )
    insert into domain_events (type, payload, company_id, created_at)
    select payload ->> 'type', payload, company_id, at from happened where at < ${ref}::timestamptz
    order by at, payload ->> 'type', payload::text`);
}

/**
 * Delivers the outbox now, in this transaction, with the modules' subscribers (as a server's
 * dispatcher would after the commit), until what they publish in turn (price.protected) is
 * delivered too. A failing subscriber fails the demo data.
 */
async function deliverNow(tx: Executor, variant: BrandVariant): Promise<void> {
  // The subscribers take the database; in the demo's transaction theirs nest (savepoints).
  const dispatcher = new EventDispatcher(tx as Db, moduleSubscribers(MODULES, variant), {
    variant,
    realtime: NO_SOCKETS,
    onError: (err) => {
      throw err;
    },
  });
  while ((await dispatcher.dispatchOnce()) > 0);
}

/** Stock lines shared by the second and third companies' main accounts (published imports). */
async function insertSharedStock(tx: Executor, ref: string): Promise<void> {
  const owners = (
    await tx.execute(sql`select c.id as company_id, a.id as account_id, a.phone, c.contact_name
      from companies c join lateral (select id, phone from accounts where company_id = c.id and is_main = 1
        order by id limit 1) a on true order by c.id`)
  ).rows as { company_id: number; account_id: number; phone: string; contact_name: string }[];
  for (const [index, owner] of owners.entries()) {
    const lines = SHARED.filter(([company]) => company === index);
    if (lines.length === 0) continue;
    const contact = `${owner.contact_name} ${owner.phone}`;
    const at = sql`${ref}::timestamptz - make_interval(days => ${3 + index})`;
    const [imp] = (
      await tx.execute(sql`insert into resource_share_imports (company_id, account_id, contact, file_name, created_at, published_at)
        values (${owner.company_id}, ${owner.account_id}, ${contact}, '库存共享.xlsx', ${at}, ${at}) returning id`)
    ).rows as { id: number }[];
    for (const [, offset, quantity, price] of lines) {
      await tx.execute(sql`insert into resource_shares (import_id, company_id, account_id, number, number_norm, name,
          quantity, price, contact, status, created_at, updated_at)
        select ${imp!.id}, ${owner.company_id}, ${owner.account_id}, p.frey_no, p.frey_no_norm, p.l_name_zh, ${quantity},
          ${price === '' ? null : price}::numeric, ${contact}, 'active', ${at}, ${at}
        from products p order by p.id offset ${offset} limit 1`);
    }
  }
}
