import { sql } from 'drizzle-orm';
import { MESSAGE_CATEGORY, oneLine } from '@shop/core/api/messages';
import { compensationMessageTexts, PRICE_PROTECTION_TEXTS } from '@shop/core/price-protection';
import type { Delivered, Subscriber } from '../../lib/events';
import { writeMessages } from '../messages/delivery';
import type { PriceAdjustedEvent } from '../prices-stock/events';
import {
  compensatedMainAccounts,
  compensatePriceChanges,
  reverseForCancelledOrder,
  reverseForReturn,
  type PriceProtectedEvent,
  type ReturnRef,
} from './compensate';

/** Parts named in a compensation message; more are counted. */
const NAMED = 5;

/** price.adjusted (staff saved a price, an import batch was applied or rolled back): compensate the drops. */
export const compensationSubscriber: Subscriber = {
  name: 'price-protection',
  types: ['price.adjusted'],
  async handle(delivered, env) {
    const e = delivered as Delivered<PriceAdjustedEvent>;
    await compensatePriceChanges(
      env.db,
      env.variant,
      'batchId' in e ? { batchId: e.batchId } : { productIds: e.productIds },
    );
  },
};

/** return.completed: the compensation of the returned units is taken back; order.cancelled: all of the order's. */
export const reversalSubscriber: Subscriber = {
  name: 'price-protection-returns',
  types: ['return.completed', 'order.cancelled'],
  async handle(delivered, env) {
    if (delivered.type === 'order.cancelled') {
      const e = delivered as Delivered<{
        type: 'order.cancelled';
        companyId: number;
        orderId: number;
        ordersNo: string;
      }>;
      await reverseForCancelledOrder(env.db, e);
    } else await reverseForReturn(env.db, delivered as Delivered<ReturnRef & { type: 'return.completed' }>);
  },
};

/**
 * price.protected: one message to each compensated company's main account (category 5, leading
 * to the bill page); a redelivered event writes nothing (messages_event_key).
 */
export const compensationMessageSubscriber: Subscriber = {
  name: 'price-protection-messages',
  types: ['price.protected'],
  async handle(delivered, env) {
    const e = delivered as Delivered<PriceProtectedEvent>;
    const named = (
      await env.db.execute(sql`select distinct p.id, p.l_name_zh, p.frey_no from price_history h
        join products p on p.id = h.product_id where h.id = any(${sql.param(e.historyIds)}::bigint[])
        order by p.id`)
    ).rows as Record<string, unknown>[];
    if (named.length === 0) return;
    const names = named
      .slice(0, NAMED)
      .map((p) => `${String(p.l_name_zh)}（${String(p.frey_no)}）`)
      .join('、');
    const listed = named.length > NAMED ? `${names} 等 ${named.length} 个商品` : names;
    const texts = compensationMessageTexts(listed);
    const written = await writeMessages(env.db, e, compensatedMainAccounts(e.historyIds), {
      categoryId: MESSAGE_CATEGORY.bill,
      tipName: PRICE_PROTECTION_TEXTS.messageTitle,
      tipDescription: oneLine(texts.description),
      tipWord: texts.word,
      link: '/profile/bill',
      number: named.length === 1 ? String(named[0]!.frey_no) : '',
      orderId: null,
      isEject: 1,
      popType: 1,
    });
    if (written.length > 0) await env.realtime.pushMessages(written);
  },
};
