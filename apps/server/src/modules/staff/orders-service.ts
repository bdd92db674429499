import { sql, type SQL } from 'drizzle-orm';
import { money } from '@shop/core/money';
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrderSummary,
  CreateReturnRequest,
  ShipRequest,
  ShipResponse,
} from '@shop/core/api/admin';
import { isOrderCancellable, orderStatusText } from '@shop/core/order-status';
import type { Db } from '../../db/client';
import { chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import { refuse } from '../../lib/errors';
import { createReturn, markDelivered, moveReturn, shipOrder } from '../orders/staff-service';
import {
  cancelLockedOrder,
  NOT_CANCELLABLE_TEXT,
  ORDER_COINS_USED_SQL,
  ORDER_NOT_FOUND_TEXT,
  orderAmountsOf,
  orderHasPartSql,
  orderNoAndDaysSql,
} from '../orders/service';
import type { Executor } from '../../lib/events';
import type { StaffRequestContext } from '../../platform/request-context';
import { writeAudit, type AuditActor } from './audit';

/**
 * The admin API's order actions: the orders module's staff services (modules/orders/staff-service.ts,
 * which hold every rule) run in the request context's transaction, which also writes the audit
 * entry, with the entity read before and after (locked first, so 'before' is what the change
 * started from); their events are published after the commit.
 */
type Row = Record<string, unknown>;
type Tx = Executor;

const time = (v: unknown) => (v ? chinaDateTimeOf(v) : '');

async function rows(db: Pick<Db, 'execute'>, query: SQL): Promise<Row[]> {
  return (await db.execute(query)).rows as Row[];
}

const SUMMARY = sql`o.id, o.orders_no, o.company_id, c.name as company_name, a.username as account_name, o.status,
  o.total_amount::text as total_amount, o.voucher_amount::text as voucher_amount, ${ORDER_COINS_USED_SQL} as coins_used,
  o.created_at, o.cancel_reason
  from orders o join companies c on c.id = o.company_id join accounts a on a.id = o.account_id`;

function summaryOf(r: Row): AdminOrderSummary {
  return {
    id: Number(r.id),
    orders_no: String(r.orders_no),
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
    account_name: String(r.account_name),
    status: String(r.status),
    status_cn: orderStatusText(String(r.status)),
    ...orderAmountsOf(r),
    created_at: time(r.created_at),
    cancel_reason: String(r.cancel_reason ?? ''),
  };
}

/** Every company's orders, newest first. */
export async function listOrders(db: Db, q: AdminOrderListQuery): Promise<AdminOrderListResponse> {
  const where: SQL[] = [sql`true`];
  if (q.status) where.push(sql`o.status = ${q.status}`);
  if (q.company_id) where.push(sql`o.company_id = ${q.company_id}`);
  if (q.part) where.push(orderHasPartSql(q.part));
  where.push(...orderNoAndDaysSql(q));
  const condition = sql.join(where, sql` and `);
  return pagedList(
    db,
    q,
    sql`select count(*) as n from orders o where ${condition}`,
    sql`select ${SUMMARY} where ${condition} order by o.created_at desc, o.id desc`,
    summaryOf,
  );
}

export async function orderDetail(db: Db, ordersNo: string): Promise<AdminOrderDetail> {
  const [order] = await rows(db, sql`select ${SUMMARY} where o.orders_no = ${ordersNo}`);
  if (!order) refuse(`${ORDER_NOT_FOUND_TEXT}：${ordersNo}`);
  const id = Number(order.id);
  const items = await rows(
    db,
    sql`select i.product_id, p.frey_no, p.l_name_zh, i.warehouse_id, i.price::text as price, i.quantity,
      i.shipped_quantity, i.returned_quantity from order_items i join products p on p.id = i.product_id
      where i.order_id = ${id} order by i.id`,
  );
  const deliveries = await rows(
    db,
    sql`select delivery_no, warehouse_id, carrier, tracking_no, packages, status from deliveries
      where order_id = ${id} order by id`,
  );
  const returns = await rows(
    db,
    sql`select return_no, status, reason, staff_note, total_amount::text as total_amount from return_orders
      where order_id = ${id} order by id`,
  );
  return {
    order: summaryOf(order),
    items: items.map((i) => ({
      product_id: Number(i.product_id),
      frey_no: String(i.frey_no),
      l_name_zh: String(i.l_name_zh),
      warehouse_id: Number(i.warehouse_id),
      price: money(i.price),
      quantity: Number(i.quantity),
      shipped_quantity: Number(i.shipped_quantity),
      returned_quantity: Number(i.returned_quantity),
    })),
    deliveries: deliveries.map((d) => ({
      delivery_no: String(d.delivery_no),
      warehouse_id: Number(d.warehouse_id),
      carrier: String(d.carrier),
      tracking_no: String(d.tracking_no),
      packages: Number(d.packages),
      status: String(d.status),
    })),
    returns: returns.map((r) => ({
      return_no: String(r.return_no),
      status: String(r.status),
      reason: String(r.reason ?? ''),
      staff_note: String(r.staff_note ?? ''),
      total_amount: money(r.total_amount),
    })),
  };
}

// ---- snapshots for the audit log (null when the entity does not exist: the service refuses) ----

async function orderSnapshot(tx: Tx, ordersNo: string, lock: boolean) {
  const [o] = await rows(
    tx,
    sql`select id, status from orders where orders_no = ${ordersNo} ${lock ? sql`for update` : sql``}`,
  );
  if (!o) return null;
  const items = await rows(
    tx,
    sql`select product_id, warehouse_id, quantity, shipped_quantity, returned_quantity from order_items
      where order_id = ${Number(o.id)} order by id`,
  );
  const deliveries = await rows(
    tx,
    sql`select delivery_no, status from deliveries where order_id = ${Number(o.id)} order by id`,
  );
  return { orders_no: ordersNo, status: String(o.status), items, deliveries };
}

/** With `lock`, the package's order is locked first (the receipts' order: order, then its packages). */
async function deliverySnapshot(tx: Tx, deliveryNo: string, lock: boolean) {
  if (lock) {
    await tx.execute(sql`select o.id from orders o join deliveries d on d.order_id = o.id
      where d.delivery_no = ${deliveryNo} for update of o`);
  }
  const [d] = await rows(
    tx,
    sql`select d.delivery_no, d.status, d.received_at, o.orders_no, o.status as order_status
      from deliveries d join orders o on o.id = d.order_id where d.delivery_no = ${deliveryNo}`,
  );
  return d ? { ...d, received_at: time(d.received_at) } : null;
}

async function returnSnapshot(tx: Tx, returnNo: string, lock: boolean) {
  const [r] = await rows(
    tx,
    sql`select r.id, r.return_no, o.orders_no, r.status, r.staff_note, r.total_amount::text as total_amount
      from return_orders r join orders o on o.id = r.order_id where r.return_no = ${returnNo}
      ${lock ? sql`for update of r` : sql``}`,
  );
  if (!r) return null;
  const items = await rows(
    tx,
    sql`select product_id, quantity from return_order_items where return_order_id = ${Number(r.id)} order by id`,
  );
  const { id: _id, ...rest } = r;
  return { ...rest, items };
}

// ---- audited actions ----

export async function ship(
  ctx: StaffRequestContext,
  actor: AuditActor,
  ordersNo: string,
  input: ShipRequest,
): Promise<ShipResponse> {
  return ctx.transaction(async (tx, emit) => {
    const before = await orderSnapshot(tx, ordersNo, true);
    const result = await shipOrder(tx, emit, {
      ordersNo,
      carrier: input.carrier,
      trackingNo: input.tracking_no,
      packages: input.packages,
      ...(input.warehouse ? { warehouse: input.warehouse } : {}),
      ...(input.items ? { items: input.items.map((i) => ({ productId: i.product_id, quantity: i.quantity })) } : {}),
    });
    const after = await orderSnapshot(tx, ordersNo, false);
    await writeAudit(tx, actor, { action: 'order.ship', entityType: 'order', entityId: ordersNo, before, after });
    return { delivery_nos: result.deliveryNos, status: result.status };
  });
}

/**
 * Customer service cancels an order before anything shipped, with a reason: the dealer's cancel
 * (orders/service.ts cancelLockedOrder: stock back, the message with the reason), audited.
 */
export async function cancel(
  ctx: StaffRequestContext,
  actor: AuditActor,
  ordersNo: string,
  reason: string,
): Promise<string> {
  return ctx.transaction(async (tx, emit) => {
    const [o] = await rows(
      tx,
      sql`select id, company_id, account_id, status from orders where orders_no = ${ordersNo} for update`,
    );
    if (!o) refuse(`${ORDER_NOT_FOUND_TEXT}：${ordersNo}`);
    if (!isOrderCancellable(String(o.status))) refuse(NOT_CANCELLABLE_TEXT);
    const before = await orderSnapshot(tx, ordersNo, false);
    const order = { id: Number(o.id), companyId: Number(o.company_id), accountId: Number(o.account_id), ordersNo };
    const message = await cancelLockedOrder(tx, emit, order, reason);
    const after = await orderSnapshot(tx, ordersNo, false);
    await writeAudit(tx, actor, {
      action: 'order.cancel',
      entityType: 'order',
      entityId: ordersNo,
      before,
      after: { ...after, cancel_reason: reason },
    });
    return message;
  });
}

export async function deliver(ctx: StaffRequestContext, actor: AuditActor, deliveryNo: string): Promise<void> {
  await ctx.transaction(async (tx, emit) => {
    const before = await deliverySnapshot(tx, deliveryNo, true);
    await markDelivered(tx, emit, deliveryNo);
    const after = await deliverySnapshot(tx, deliveryNo, false);
    await writeAudit(tx, actor, {
      action: 'delivery.receive',
      entityType: 'delivery',
      entityId: deliveryNo,
      before,
      after,
    });
  });
}

export async function openReturn(
  ctx: StaffRequestContext,
  actor: AuditActor,
  ordersNo: string,
  input: CreateReturnRequest,
): Promise<{ return_no: string }> {
  return ctx.transaction(async (tx, emit) => {
    const { returnNo } = await createReturn(tx, emit, {
      ordersNo,
      reason: input.reason,
      ...(input.items ? { items: input.items.map((i) => ({ productId: i.product_id, quantity: i.quantity })) } : {}),
    });
    const after = await returnSnapshot(tx, returnNo, false);
    await writeAudit(tx, actor, {
      action: 'return.create',
      entityType: 'return',
      entityId: returnNo,
      before: null,
      after,
    });
    return { return_no: returnNo };
  });
}

export async function reviewReturn(
  ctx: StaffRequestContext,
  actor: AuditActor,
  returnNo: string,
  move: 'accept' | 'refuse' | 'complete',
  note: string,
): Promise<void> {
  await ctx.transaction(async (tx, emit) => {
    const before = await returnSnapshot(tx, returnNo, true);
    await moveReturn(tx, emit, returnNo, move, note);
    const after = await returnSnapshot(tx, returnNo, false);
    await writeAudit(tx, actor, { action: `return.${move}`, entityType: 'return', entityId: returnNo, before, after });
  });
}
