import { sql } from 'drizzle-orm';
import { linesAmount } from '@shop/core/money';
import { jsonColumn } from '../../db/json-column';
import { deliveries, deliveryItems, returnOrderItems, returnOrders } from '../../db/schema/orders';
import { refuse } from '../../lib/errors';
import type { Executor } from './notifications';
import type { OrderEmit } from './order-emit';
import { PACKAGE_RECEIVED_TEXT, receiveDeliveries } from './receipts';
import { nextDocumentNo } from './document-no';
import { openReturnUnits } from './return-units';

/**
 * What the warehouse and customer service do to orders (docs/orders.md, 'Staff actions'):
 * ship packages, record receipt, create and review purchase returns. Used by the staff command
 * (tools/staff/cli.ts) through the admin API (modules/staff/orders-service.ts), which runs each in
 * the transaction that also writes its audit entry: every action takes that transaction and the
 * `emit` of its events (published after the commit). Orders are named by number.
 */
type Row = Record<string, unknown>;

async function orderByNo(tx: Executor, ordersNo: string) {
  const [r] = (
    await tx.execute(sql`select id, company_id, account_id, status, address, other_address, is_split
      from orders where orders_no = ${ordersNo} for update`)
  ).rows as Row[];
  if (!r) refuse(`订单不存在：${ordersNo}`);
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    accountId: Number(r.account_id),
    status: String(r.status),
    address: r.address,
    otherAddress: r.other_address,
    isSplit: Number(r.is_split) === 1,
  };
}

/** An order line with its units still open to the action (to ship, to return). */
interface OpenLine {
  id: number;
  productId: number;
  open: number;
}

const lineOf = (l: Row): OpenLine => ({ id: Number(l.id), productId: Number(l.product_id), open: Number(l.open) });

/**
 * The units to take from each line: per product what `items` asks (spread over its lines in
 * order), or every open unit without items; refuses a product asked for more than its lines hold.
 */
function pickUnits<L extends OpenLine>(
  lines: L[],
  items: { productId: number; quantity: number }[] | undefined,
  tooMany: (productId: number) => string,
): (L & { quantity: number })[] {
  const wanted = new Map(items?.map((i) => [i.productId, i.quantity]));
  const picks: (L & { quantity: number })[] = [];
  for (const l of lines) {
    const ask = items ? (wanted.get(l.productId) ?? 0) : l.open;
    const quantity = Math.min(l.open, ask);
    if (items && wanted.has(l.productId)) wanted.set(l.productId, ask - quantity);
    if (quantity > 0) picks.push({ ...l, quantity });
  }
  for (const [productId, rest] of wanted) if (rest > 0) refuse(tooMany(productId));
  return picks;
}

/** A package's or a return's line taken from an order line. */
const lineValues = (p: OpenLine & { quantity: number }, companyId: number) => ({
  orderItemId: p.id,
  companyId,
  productId: p.productId,
  quantity: p.quantity,
});

export interface ShipInput {
  ordersNo: string;
  /** Ship this warehouse's lines (default: every warehouse with unshipped units, one package group each). */
  warehouse?: 1 | 2;
  carrier: string;
  trackingNo: string;
  packages: number;
  /** Units per product to ship (default: everything not yet shipped). */
  items?: { productId: number; quantity: number }[];
}

/** Ships units of an order: one delivery per warehouse; the order becomes partially_shipped or shipped. */
export async function shipOrder(
  tx: Executor,
  emit: OrderEmit,
  input: ShipInput,
): Promise<{ deliveryNos: string[]; status: string }> {
  if (!input.carrier.trim()) refuse('请填写承运商');
  if (!/^[A-Za-z0-9-]{4,40}$/.test(input.trackingNo)) refuse('运单号格式不正确');
  if (!Number.isInteger(input.packages) || input.packages < 1 || input.packages > 999) refuse('包裹数必须是 1 到 999');
  const order = await orderByNo(tx, input.ordersNo);
  if (!['pending_shipment', 'partially_shipped', 'pending_payment'].includes(order.status)) {
    refuse(`订单状态不能发货：${order.status}`);
  }
  const lines = (
    await tx.execute(sql`select id, product_id, warehouse_id, quantity - shipped_quantity as open
      from order_items where order_id = ${order.id} and quantity > shipped_quantity order by id for update`)
  ).rows as Row[];
  const picks = pickUnits(
    lines
      .map((l) => ({ ...lineOf(l), warehouseId: Number(l.warehouse_id) }))
      .filter((l) => !input.warehouse || l.warehouseId === input.warehouse),
    input.items,
    (productId) => `商品 ${productId} 发货数量超过未发数量`,
  );
  if (picks.length === 0) refuse('没有可发货的商品');
  const deliveryNos: string[] = [];
  for (const warehouseId of [...new Set(picks.map((p) => p.warehouseId))].sort()) {
    const deliveryNo = await nextDocumentNo(tx, 'FH');
    const address = order.isSplit && warehouseId === 2 ? order.otherAddress : order.address;
    const [d] = await tx
      .insert(deliveries)
      .values({
        orderId: order.id,
        companyId: order.companyId,
        deliveryNo,
        warehouseId,
        carrier: input.carrier.trim(),
        trackingNo: input.trackingNo,
        packages: input.packages,
        address: jsonColumn(address) as never,
      })
      .returning({ id: deliveries.id });
    const mine = picks.filter((p) => p.warehouseId === warehouseId);
    await tx.insert(deliveryItems).values(mine.map((p) => ({ deliveryId: d!.id, ...lineValues(p, order.companyId) })));
    for (const p of mine) {
      await tx.execute(
        sql`update order_items set shipped_quantity = shipped_quantity + ${p.quantity} where id = ${p.id}`,
      );
    }
    deliveryNos.push(deliveryNo);
  }
  const [rest] = (
    await tx.execute(
      sql`select count(*) as n from order_items where order_id = ${order.id} and quantity > shipped_quantity`,
    )
  ).rows as Row[];
  const status = Number(rest!.n) > 0 ? 'partially_shipped' : 'shipped';
  await tx.execute(sql`update orders set status = ${status}, shipped_at = coalesce(shipped_at, now()), updated_at = now()
    where id = ${order.id}`);
  emit({
    type: 'order.shipped',
    companyId: order.companyId,
    accountId: order.accountId,
    orderId: order.id,
    ordersNo: input.ordersNo,
    status,
    carrier: input.carrier.trim(),
    trackingNo: input.trackingNo,
    packages: input.packages,
    deliveryNos,
  });
  return { deliveryNos, status };
}

/** The carrier reports delivery: the package is received (as if the customer confirmed it). */
export async function markDelivered(tx: Executor, emit: OrderEmit, deliveryNo: string): Promise<void> {
  const [d] = (await tx.execute(sql`select id, company_id, status from deliveries where delivery_no = ${deliveryNo}`))
    .rows as Row[];
  if (!d) refuse(`发货单不存在：${deliveryNo}`);
  // Received meanwhile (the dealer's click): receiveDeliveries, under the order's lock, finds none.
  if (
    String(d.status) !== 'shipped' ||
    (await receiveDeliveries(tx, emit, Number(d.company_id), sql`d.id = ${Number(d.id)}`)) === 0
  )
    refuse(PACKAGE_RECEIVED_TEXT);
}

export interface CreateReturnInput {
  ordersNo: string;
  reason: string;
  /** Units per product to return (default: every shipped unit not yet returned). */
  items?: { productId: number; quantity: number }[];
}

/** A purchase return request for shipped units (customer service records it for the customer). */
export async function createReturn(
  tx: Executor,
  emit: OrderEmit,
  input: CreateReturnInput,
): Promise<{ returnNo: string }> {
  const order = await orderByNo(tx, input.ordersNo);
  const lines = (
    await tx.execute(sql`select i.id, i.product_id, i.price::text as price,
        i.shipped_quantity - i.returned_quantity - ${openReturnUnits('i')} as open
      from order_items i where i.order_id = ${order.id} order by i.id`)
  ).rows as Row[];
  const picks = pickUnits(
    lines.map((l) => ({ ...lineOf(l), price: String(l.price) })),
    input.items,
    (productId) => `商品 ${productId} 退货数量超过已发货数量`,
  );
  if (picks.length === 0) refuse('没有可退货的商品（只能退已发货的商品）');
  const returnNo = await nextDocumentNo(tx, 'TH');
  const [r] = await tx
    .insert(returnOrders)
    .values({
      companyId: order.companyId,
      accountId: order.accountId,
      orderId: order.id,
      returnNo,
      reason: input.reason.trim(),
      totalAmount: linesAmount(picks),
    })
    .returning({ id: returnOrders.id });
  await tx
    .insert(returnOrderItems)
    .values(picks.map((p) => ({ returnOrderId: r!.id, ...lineValues(p, order.companyId), price: p.price })));
  emit({
    type: 'return.requested',
    companyId: order.companyId,
    accountId: order.accountId,
    orderId: order.id,
    ordersNo: input.ordersNo,
    returnId: r!.id,
    returnNo,
    by: 'staff',
  });
  return { returnNo };
}

const RETURN_MOVES = {
  accept: { from: 'pending_review', to: 'accepted', event: 'return.accepted' },
  refuse: { from: 'pending_review', to: 'refused', event: 'return.refused' },
  complete: { from: 'accepted', to: 'completed', event: 'return.completed' },
} as const;

/**
 * accept / refuse a pending return; complete an accepted one (goods back in the warehouse: the
 * units go back to stock and count as returned on the order lines).
 */
export async function moveReturn(
  tx: Executor,
  emit: OrderEmit,
  returnNo: string,
  move: keyof typeof RETURN_MOVES,
  note = '',
): Promise<void> {
  const m = RETURN_MOVES[move];
  const [r] = (
    await tx.execute(sql`select r.id, r.status, r.company_id, r.account_id, r.order_id, o.orders_no
      from return_orders r join orders o on o.id = r.order_id
      where r.return_no = ${returnNo} for update of r`)
  ).rows as Row[];
  if (!r) refuse(`退货单不存在：${returnNo}`);
  if (String(r.status) !== m.from) refuse(`退货单状态不允许该操作：${String(r.status)}`);
  const id = Number(r.id);
  await tx.execute(sql`update return_orders set status = ${m.to},
      staff_note = case when ${note} = '' then staff_note else ${note} end,
      reviewed_at = case when ${m.from} = 'pending_review' then now() else reviewed_at end,
      completed_at = case when ${m.to} = 'completed' then now() else completed_at end
    where id = ${id}`);
  if (m.to === 'completed') {
    await tx.execute(sql`update order_items i set returned_quantity = i.returned_quantity + ri.quantity
      from return_order_items ri where ri.return_order_id = ${id} and ri.order_item_id = i.id`);
    await tx.execute(sql`update product_stocks s set available = s.available + q.quantity, updated_at = now()
      from (select i.product_id, i.warehouse_id, sum(ri.quantity)::int as quantity from return_order_items ri
            join order_items i on i.id = ri.order_item_id where ri.return_order_id = ${id}
            group by i.product_id, i.warehouse_id order by i.product_id, i.warehouse_id) q
      where s.product_id = q.product_id and s.warehouse_id = q.warehouse_id`);
  }
  emit({
    type: m.event,
    companyId: Number(r.company_id),
    accountId: Number(r.account_id),
    orderId: Number(r.order_id),
    ordersNo: String(r.orders_no),
    returnId: id,
    returnNo,
    note,
  });
}
