import { sql } from 'drizzle-orm';
import { MESSAGE_CATEGORY, oneLine, POP_TYPE_SMALL } from '@shop/core/api/messages';
import type { Delivered, Subscriber, SubscriberEnv } from '../../lib/events';
import { notificationFor, ORDER_EVENT_TYPES, type OrderEvent } from '../orders/notifications';
import { theAccount, theAccountAndMain, writeMessages, type MessageContent } from './delivery';
import type { MessageEvent } from './events';

/**
 * The message centre's subscribers: each turns an event of the outbox into the messages of the
 * accounts it concerns, then pushes the rows it wrote to their live connections. A redelivered
 * event writes (and pushes) nothing (messages_event_key).
 */

async function writeAndPush(
  { db, realtime }: SubscriberEnv,
  event: Delivered,
  recipients: Parameters<typeof writeMessages>[2],
  m: MessageContent,
): Promise<void> {
  const written = await writeMessages(db, event, recipients, m);
  if (written.length > 0) await realtime.pushMessages(written);
}

/** Order events that pop up (order placed in the small popup). */
const EJECTED: ReadonlySet<OrderEvent['type']> = new Set([
  'order.placed',
  'order.shipped',
  'return.accepted',
  'return.refused',
]);

/** The message of an order or return event (the texts are the orders module's). */
export function orderMessage(event: OrderEvent): MessageContent {
  const n = notificationFor(event);
  const isReturn = 'returnNo' in event;
  return {
    categoryId: isReturn ? MESSAGE_CATEGORY.return : MESSAGE_CATEGORY.order,
    tipName: n.title,
    tipDescription: n.body,
    tipWord: n.body,
    link: n.link,
    number: isReturn ? event.returnNo : event.ordersNo,
    orderId: event.orderId,
    isEject: EJECTED.has(event.type) ? 1 : 0,
    popType: event.type === 'order.placed' ? POP_TYPE_SMALL : 1,
  };
}

/** Order and return events: a message to the ordering account and the company's main account (while the order exists). */
export const orderMessagesSubscriber: Subscriber = {
  name: 'order-messages',
  types: ORDER_EVENT_TYPES,
  async handle(delivered, env) {
    const event = delivered as Delivered<OrderEvent>;
    const recipients = sql`${theAccountAndMain(event.companyId, event.accountId)}
      and exists (select 1 from orders o where o.id = ${event.orderId} and o.company_id = ${event.companyId})`;
    await writeAndPush(env, delivered, recipients, orderMessage(event));
  },
};

/**
 * A part's stock went from none to some in a warehouse (published by the stock tables' trigger,
 * migration 0018): every open arrival reminder of the part for which that warehouse counts (the
 * Guangzhou warehouse for everyone, Beijing for regional accounts) is closed and its account gets
 * a message, in one statement.
 */
export const restockMessagesSubscriber: Subscriber = {
  name: 'restock-messages',
  types: ['stock.arrived'],
  async handle(delivered, env) {
    const event = delivered as Delivered<Extract<MessageEvent, { type: 'stock.arrived' }>>;
    const [part] = (await env.db.execute(sql`select frey_no, l_name_zh from products where id = ${event.productId}`))
      .rows as Record<string, unknown>[];
    if (!part) return;
    const name = `${String(part.l_name_zh)}（${String(part.frey_no)}）`;
    const m: MessageContent = {
      categoryId: MESSAGE_CATEGORY.restock,
      tipName: '到货提醒',
      tipDescription: `您订阅的商品 ${name} 已到货。`,
      tipWord: `您订阅的商品 ${name} 已到货，欢迎下单。`,
      link: `/parts/details?id=${event.productId}`,
      number: String(part.frey_no),
      orderId: null,
      isEject: 1,
      popType: 1,
    };
    const closed = sql`update restock_requests q set notified_at = now() from accounts a, companies c
      where q.account_id = a.id and c.id = a.company_id and q.product_id = ${event.productId}
        and q.notified_at is null and a.deleted_at is null
        and (${event.warehouseId}::int = 1 or c.is_regional_warehouse = 1)
      returning q.company_id, q.account_id`;
    await writeAndPush(env, delivered, closed, m);
  },
};

/** The staff answered a dealer's question about a part: a message to the account that asked. */
export const questionMessagesSubscriber: Subscriber = {
  name: 'question-messages',
  types: ['question.answered'],
  async handle(delivered, env) {
    const e = delivered as Delivered<Extract<MessageEvent, { type: 'question.answered' }>>;
    await writeAndPush(env, delivered, theAccount(e.companyId, e.accountId), {
      categoryId: MESSAGE_CATEGORY.question,
      tipName: '咨询已回复',
      tipDescription: oneLine(`${e.partName}（${e.freyNo}）：${e.answer}`),
      tipWord: `您的咨询：${e.question}\n回复：${e.answer}`,
      link: `/parts/details?id=${e.productId}`,
      number: e.freyNo,
      orderId: null,
      isEject: 1,
      popType: 1,
    });
  },
};

/** The staff replied to a dealer's feedback or development request: a message to the account that wrote it. */
export const replyMessagesSubscriber: Subscriber = {
  name: 'reply-messages',
  types: ['feedback.replied', 'development.replied'],
  async handle(delivered, env) {
    const e = delivered as Delivered<Extract<MessageEvent, { type: 'feedback.replied' | 'development.replied' }>>;
    const content =
      e.type === 'feedback.replied'
        ? { tipName: '反馈已回复', about: '您的反馈', link: `/profile/feedback/detail?id=${e.feedbackId}` }
        : {
            tipName: '开发需求已回复',
            about: `您提交的开发需求「${e.partName}」`,
            link: `/profile/product_develop/detail?id=${e.requestId}`,
          };
    await writeAndPush(env, delivered, theAccount(e.companyId, e.accountId), {
      categoryId: MESSAGE_CATEGORY.reply,
      tipName: content.tipName,
      tipDescription: oneLine(e.reply),
      tipWord: `${content.about}已回复：${e.reply}`,
      link: content.link,
      number: '',
      orderId: null,
      isEject: 1,
      popType: 1,
    });
  },
};

/** The staff took down a shared stock entry: the account that shared it is told why. */
export const resourceShareMessagesSubscriber: Subscriber = {
  name: 'resource-share-messages',
  types: ['resource_share.taken_down'],
  async handle(delivered, env) {
    const e = delivered as Delivered<Extract<MessageEvent, { type: 'resource_share.taken_down' }>>;
    const entry = `${e.name}（${e.number}）`;
    await writeAndPush(env, delivered, theAccount(e.companyId, e.accountId), {
      categoryId: MESSAGE_CATEGORY.announcement,
      tipName: '共享库存已下架',
      tipDescription: oneLine(`您共享的${entry}已被平台下架：${e.reason}`),
      tipWord: `您共享的${entry}已被平台下架，原因：${e.reason}`,
      link: '/parts/resource_share',
      number: '',
      orderId: null,
      isEject: 0,
      popType: 1,
    });
  },
};

/** Price-protection days at most (spec.md section 9): a company that bought a part since then is told of its new price. */
const PRICE_NEWS_DAYS = 180;
/** Parts named in a price message; more are counted. */
const PRICE_NEWS_NAMED = 5;

/**
 * The staff changed prices (one save or one import batch): one message per account concerned,
 * the main accounts of the companies that bought any of the parts within the price-protection
 * time and the accounts that keep any of them as a favourite.
 */
export const priceMessagesSubscriber: Subscriber = {
  name: 'price-messages',
  types: ['price.adjusted'],
  async handle(delivered, env) {
    const e = delivered as Delivered<Extract<MessageEvent, { type: 'price.adjusted' }>>;
    const parts =
      'batchId' in e
        ? sql`select distinct product_id from price_history where batch_id = ${e.batchId}`
        : sql`select unnest(${sql.param(e.productIds)}::int[]) as product_id`;
    const named = (
      await env.db.execute(sql`select p.id, p.l_name_zh, p.frey_no, (select count(*)::int from (${parts}) c) as n
        from products p where p.id in (${parts}) order by p.id limit ${PRICE_NEWS_NAMED}`)
    ).rows as Record<string, unknown>[];
    const count = Number(named[0]?.n ?? 0);
    if (count === 0) return;
    const names = named.map((p) => `${String(p.l_name_zh)}（${String(p.frey_no)}）`).join('、');
    const listed = count > named.length ? `${names} 等 ${count} 个商品` : names;
    const single = count === 1 ? named[0]! : null;
    const recipients = sql`with parts as (${parts})
      select a.company_id, a.id as account_id from accounts a
      where a.deleted_at is null and not a.disabled and (
        (a.is_main = 1 and exists (select 1 from order_items oi join parts on parts.product_id = oi.product_id
          where oi.company_id = a.company_id and oi.created_at > now() - make_interval(days => ${PRICE_NEWS_DAYS})))
        or exists (select 1 from favourites f join parts on parts.product_id = f.product_id where f.account_id = a.id))`;
    await writeAndPush(env, delivered, recipients, {
      categoryId: MESSAGE_CATEGORY.priceAdjust,
      tipName: '调价通知',
      tipDescription: oneLine(`${listed} 价格已调整`),
      tipWord: `您购买或收藏的 ${listed} 价格已调整，请以商城最新价格为准。`,
      link: single ? `/parts/details?id=${Number(single.id)}` : '/parts/price_adjustment',
      number: single ? String(single.frey_no) : '',
      orderId: null,
      isEject: 0,
      popType: 1,
    });
  },
};

export const MESSAGE_SUBSCRIBERS: readonly Subscriber[] = [
  orderMessagesSubscriber,
  restockMessagesSubscriber,
  questionMessagesSubscriber,
  replyMessagesSubscriber,
  priceMessagesSubscriber,
  resourceShareMessagesSubscriber,
];
