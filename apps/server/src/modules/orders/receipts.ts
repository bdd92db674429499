import { eq, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import type { Executor } from './notifications';
import type { OrderEmit } from './order-emit';

/** Package receipt and order completion, shared by the customer's calls and the staff actions. */
type Row = Record<string, unknown>;

/** A package already received (a second receipt of it). */
export const PACKAGE_RECEIVED_TEXT = '该包裹已签收';

/** After a package is received: the order is complete once everything is shipped and received. */
export async function completeIfAllReceived(tx: Executor, emit: OrderEmit, orderId: number): Promise<boolean> {
  const result = await tx.execute(sql`update orders o set status = 'completed', completed_at = now(), updated_at = now()
    where o.id = ${orderId} and o.status = 'shipped'
      and not exists(select 1 from deliveries d where d.order_id = o.id and d.status <> 'received')
    returning o.id, o.company_id, o.account_id, o.orders_no`);
  const r = result.rows[0] as Row | undefined;
  if (!r) return false;
  emit({
    type: 'order.completed',
    companyId: Number(r.company_id),
    accountId: Number(r.account_id),
    orderId,
    ordersNo: String(r.orders_no),
  });
  return true;
}

/**
 * Locks the orders of the company's shipped packages matching `where` (deliveries d), in id order.
 * Every receipt takes its order's lock before it touches a package: two receipts of one order's
 * last packages then run one after the other, and the second (its statements read after the
 * first committed) sees every package received and completes the order. Without it each saw the
 * other's package still shipped and the order stayed 'shipped' for good.
 */
export async function lockOrdersOfDeliveries(tx: Executor, companyId: number, where: SQL): Promise<void> {
  await tx.execute(sql`select o.id from orders o
    where o.id in (select d.order_id from deliveries d where d.company_id = ${companyId} and ${where})
    order by o.id for update of o`);
}

/**
 * Marks shipped packages received (the customer's receipt, or staff recording the carrier's
 * proof), their orders locked first; returns how many (0: someone received them meanwhile).
 */
export async function receiveDeliveries(tx: Executor, emit: OrderEmit, companyId: number, where: SQL): Promise<number> {
  await lockOrdersOfDeliveries(tx, companyId, where);
  const result = await tx.execute(sql`update deliveries d set status = 'received', received_at = now()
    where d.company_id = ${companyId} and d.status = 'shipped' and ${where}
    returning d.id, d.order_id, d.delivery_no`);
  const rows = result.rows as Row[];
  const orderIds = [...new Set(rows.map((r) => Number(r.order_id)))];
  for (const orderId of orderIds) {
    const [o] = await tx
      .select({ accountId: orders.accountId, ordersNo: orders.ordersNo })
      .from(orders)
      .where(eq(orders.id, orderId));
    const nos = rows.filter((r) => Number(r.order_id) === orderId).map((r) => String(r.delivery_no));
    emit({
      type: 'order.delivery_received',
      companyId,
      accountId: o!.accountId,
      orderId,
      ordersNo: o!.ordersNo,
      deliveryNos: nos,
    });
    await completeIfAllReceived(tx, emit, orderId);
  }
  return rows.length;
}
