import { sql, type SQL } from 'drizzle-orm';
import { FREY_COIN_YUAN } from '@shop/core/points-rules';
import type { Executor } from '../../lib/events';
import { postLedgerEntries, type LedgerEntry } from './ledger';

/**
 * What the order events post to the company ledger (docs/statements.md, 'Posting'). Each entry's
 * (kind, source_key) is unique, so a redelivered event posts nothing new.
 *
 * - order.completed (every package received): the goods delivered ('delivery', order:<id>), and
 *   the order's voucher and frey-coin deductions as credits of their own ('voucher', 'frey_coin').
 * - return.completed: the goods taken back ('return', return:<id>), a credit.
 */
type Row = Record<string, unknown>;

/** The entries of a completed order, dated at its completion. Nothing for an order not completed. */
export function postCompletedOrder(tx: Executor, companyId: number, orderId: number): Promise<number> {
  return postCompletedOrders(tx, sql`o.id = ${orderId} and o.company_id = ${companyId}`);
}

/**
 * The entries of every completed order that `which` (a condition over orders o) picks, in one read
 * and one insert: the subscriber's one order, the demo's history.
 */
export async function postCompletedOrders(tx: Executor, which: SQL): Promise<number> {
  const { rows } = await tx.execute(sql`select o.id, o.company_id, o.orders_no, o.completed_at,
      o.voucher_amount::text as voucher,
      coalesce((select sum(i.price * i.shipped_quantity) from order_items i where i.order_id = o.id), 0)::numeric(14, 2)::text
        as goods,
      coalesce((select -sum(c.change) from frey_coin_ledger c where c.order_id = o.id and c.company_id = o.company_id
        and c.cause in ('order_deduction', 'order_refund')), 0)::int as coins
    from orders o where ${which} and o.status = 'completed' order by o.completed_at, o.id`);
  return postLedgerEntries(tx, (rows as Row[]).flatMap(completedOrderEntries));
}

function completedOrderEntries(r: Row): LedgerEntry[] {
  const companyId = Number(r.company_id);
  const at = r.completed_at instanceof Date ? r.completed_at : new Date(String(r.completed_at));
  const no = String(r.orders_no);
  const key = `order:${String(r.id)}`;
  const entries: LedgerEntry[] = [];
  const goods = String(r.goods);
  if (Number(goods) !== 0) {
    entries.push({
      companyId,
      kind: 'delivery',
      amount: goods,
      occurredAt: at,
      sourceKey: key,
      description: `订单 ${no} 发货签收`,
    });
  }
  const voucher = String(r.voucher);
  if (Number(voucher) > 0) {
    entries.push({
      companyId,
      kind: 'voucher',
      amount: `-${voucher}`,
      occurredAt: at,
      sourceKey: key,
      description: `订单 ${no} 优惠券抵扣`,
    });
  }
  const coins = Number(r.coins);
  if (coins > 0) {
    entries.push({
      companyId,
      kind: 'frey_coin',
      amount: `-${coins * FREY_COIN_YUAN}.00`,
      occurredAt: at,
      sourceKey: key,
      description: `订单 ${no} 积分币抵扣 ${coins} 个`,
    });
  }
  return entries;
}

/** The credit of a completed return, dated at its completion. */
export async function postCompletedReturn(tx: Executor, companyId: number, returnId: number): Promise<number> {
  const { rows } = await tx.execute(sql`select r.return_no, r.completed_at, r.total_amount::text as amount, o.orders_no
    from return_orders r join orders o on o.id = r.order_id
    where r.id = ${returnId} and r.company_id = ${companyId} and r.status = 'completed'`);
  const r = rows[0] as Row | undefined;
  if (!r || Number(r.amount) === 0) return 0;
  const at = r.completed_at instanceof Date ? r.completed_at : new Date(String(r.completed_at ?? new Date()));
  return postLedgerEntries(tx, [
    {
      companyId,
      kind: 'return',
      amount: `-${String(r.amount)}`,
      occurredAt: at,
      sourceKey: `return:${returnId}`,
      description: `退货单 ${String(r.return_no)}（订单 ${String(r.orders_no)}）`,
    },
  ]);
}
