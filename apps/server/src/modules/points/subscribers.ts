import { sql } from 'drizzle-orm';
import { money, toCents, centsToMoney } from '@shop/core/money';
import { coinAmount, pointsExpireAt, pointsForAmount, pointsToTakeBack } from '@shop/core/points-rules';
import type { Delivered, Subscriber } from '../../lib/events';
import { runTransaction } from '../../platform/request-context';
import { changeBalance, lockBalances } from './ledger';

/**
 * What the order events do to points and coins (docs/points.md). Each is idempotent: its ledger
 * entry's (cause, ref) is unique, so a redelivered event changes nothing.
 */
interface OrderRef {
  companyId: number;
  accountId: number;
  orderId: number;
  ordersNo: string;
}
type Row = Record<string, unknown>;

/** order.completed (every package received): points for the goods kept, less the coins used. */
export async function earnForDeliveredOrder(env: { db: Parameters<typeof runTransaction>[0] }, e: OrderRef, now: Date) {
  await runTransaction(env.db, async (tx) => {
    const { rows } = await tx.execute(sql`select
        coalesce((select sum(i.price * (i.quantity - i.returned_quantity)) from order_items i
          where i.order_id = o.id), 0)::numeric(12, 2)::text as kept,
        coalesce((select -sum(change) from frey_coin_ledger c where c.order_id = o.id
          and c.cause in ('order_deduction', 'order_refund')), 0)::int as coins
      from orders o where o.id = ${e.orderId} and o.company_id = ${e.companyId}`);
    const r = rows[0] as Row | undefined;
    if (!r) return;
    const paid = (toCents(r.kept) ?? 0n) - (toCents(coinAmount(Number(r.coins))) ?? 0n);
    const points = pointsForAmount(centsToMoney(paid));
    if (points <= 0) return;
    await changeBalance(
      tx,
      {
        kind: 'points',
        companyId: e.companyId,
        accountId: e.accountId,
        change: points,
        cause: 'order_delivered',
        ref: String(e.orderId),
        orderId: e.orderId,
        note: `订单 ${e.ordersNo} 完成，商品金额 ¥${money(centsToMoney(paid))}`,
        expiresAt: pointsExpireAt(now),
      },
      now,
    );
  });
}

/** return.completed: the points the returned goods earned are taken back (never below 0). */
export async function takeBackForReturn(
  env: { db: Parameters<typeof runTransaction>[0] },
  e: OrderRef & { returnId: number; returnNo: string },
  now: Date,
) {
  await runTransaction(env.db, async (tx) => {
    const { points } = await lockBalances(tx, e.companyId);
    const { rows } = await tx.execute(sql`select r.total_amount::text as amount,
        coalesce((select sum(change) from points_ledger l where l.company_id = r.company_id and l.order_id = r.order_id
          and l.cause = 'order_delivered'), 0)::int as earned,
        coalesce((select -sum(change) from points_ledger l where l.company_id = r.company_id and l.order_id = r.order_id
          and l.cause = 'order_returned'), 0)::int as taken
      from return_orders r where r.id = ${e.returnId} and r.company_id = ${e.companyId}`);
    const r = rows[0] as Row | undefined;
    if (!r) return;
    const due = pointsToTakeBack(r.amount, Number(r.earned), Number(r.taken), points);
    if (due <= 0) return;
    await changeBalance(
      tx,
      {
        kind: 'points',
        companyId: e.companyId,
        change: -due,
        cause: 'order_returned',
        ref: String(e.returnId),
        orderId: e.orderId,
        note: `退货单 ${e.returnNo}（订单 ${e.ordersNo}）`,
      },
      now,
    );
  });
}

/** order.cancelled: the coins the order used come back. */
export async function refundCoinsOfCancelledOrder(env: { db: Parameters<typeof runTransaction>[0] }, e: OrderRef) {
  await runTransaction(env.db, async (tx) => {
    const { rows } = await tx.execute(sql`select coalesce(-sum(change), 0)::int as coins from frey_coin_ledger
      where company_id = ${e.companyId} and order_id = ${e.orderId} and cause = 'order_deduction'`);
    const coins = Number((rows[0] as Row).coins);
    if (coins <= 0) return;
    await changeBalance(tx, {
      kind: 'coin',
      companyId: e.companyId,
      change: coins,
      cause: 'order_refund',
      ref: String(e.orderId),
      orderId: e.orderId,
      note: `订单 ${e.ordersNo} 取消，退回积分币`,
      consumed: -coins,
    });
  });
}

export const pointsSubscriber: Subscriber = {
  name: 'points',
  types: ['order.completed', 'return.completed', 'order.cancelled'],
  async handle(event: Delivered, env) {
    const e = event as Delivered & OrderRef & { returnId?: number; returnNo?: string };
    if (e.type === 'order.completed') await earnForDeliveredOrder(env, e, e.publishedAt);
    else if (e.type === 'return.completed') {
      await takeBackForReturn(env, { ...e, returnId: e.returnId!, returnNo: e.returnNo ?? '' }, new Date());
    } else if (e.type === 'order.cancelled') await refundCoinsOfCancelledOrder(env, e);
  },
};
