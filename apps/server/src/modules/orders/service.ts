import { and, eq, sql, type SQL } from 'drizzle-orm';
import { lineAmount, money } from '@shop/core/money';
import { payableAmount } from '@shop/core/coupons';
import { coinAmount } from '@shop/core/points-rules';
import { moduleEnabled } from '@shop/core/brand-variants';
import type {
  AddressSnapshot,
  BuyAgainResponse,
  DeliveryDetail,
  DeliverySummary,
  OrderDetail,
  OrderLine,
  OrderSummary,
  PurchaseListResponse,
  RepurchaseProductInfo,
  ReturnDetail,
  ReturnListResponse,
  ReturnSummary,
} from '@shop/core/api/orders';
import { CART_MESSAGES, CART_QUANTITY_MAX } from '@shop/core/api/cart';
import {
  deliveryStatusText,
  isOrderCancellable,
  mayCancelOrder,
  NOT_YOUR_ORDER_TO_CANCEL_TEXT,
  ORDER_STATUSES,
  orderStatusText,
  returnStatusText,
} from '@shop/core/order-status';
import { jsonColumn } from '../../db/json-column';
import { chinaDateTime } from '../../lib/china-time';
import { orders } from '../../db/schema/orders';
import { refuse } from '../../lib/errors';
import type { DealerCaller, DealerRequestContext } from '../../platform/request-context';
import { requestRestockBatch } from '../parts/restock-service';
import { visibleOrderSql } from './visibility';
import { rowContext } from '../catalog/product-rows';
import type { Executor } from './notifications';
import { completeIfAllReceived, PACKAGE_RECEIVED_TEXT, receiveDeliveries } from './receipts';
import type { OrderEmit } from './order-emit';
import { returnableUnits, returnPictureUrl } from './return-units';
import { loadLackItems } from './place-order';
import { releaseOrderVoucher } from '../coupon/redeem';
import { cancelGiftsOfOrder } from '../points/gifts';

export const ORDER_NOT_FOUND_TEXT = '订单不存在';
export const DELIVERY_NOT_FOUND_TEXT = '发货单不存在';
export const RETURN_NOT_FOUND_TEXT = '退货单不存在';
export const NOT_CANCELLABLE_TEXT = '订单已发货或已结束，不能取消';
export const CANCELLED_TEXT = '订单已取消，库存已退回';
export const RECEIPT_DONE_TEXT = '已确认收货';
export const ORDER_COMPLETED_TEXT = '订单已完成';
export const NOTHING_TO_RECEIVE_TEXT = '没有待签收的包裹';

type Row = Record<string, unknown>;

export function dateTime(value: unknown): string {
  if (value === null || value === undefined) return '';
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  return chinaDateTime(d);
}

/** The part of a line (selected with p.frey_no, p.oe_number, p.l_name_zh, p.pic and the line's product_id). */
const partOf = (r: Row) => ({
  product_id: Number(r.product_id),
  frey_no: String(r.frey_no),
  number: String(r.oe_number),
  l_name_zh: String(r.l_name_zh),
  pic: String(r.pic),
});
const wh = (v: unknown): 1 | 2 => (Number(v) === 2 ? 2 : 1);

/**
 * The order of the caller's company, locked for update when asked; another company's, or one the
 * caller may not see (visibility.ts): not found.
 */
async function ownOrder(tx: Executor, auth: DealerCaller, orderId: number, lock = false) {
  const result = await tx.execute(sql`select id, account_id, orders_no, status from orders o
    where id = ${orderId} and company_id = ${auth.companyId} and ${visibleOrderSql(auth)}
    ${lock ? sql`for update` : sql``}`);
  const row = result.rows[0] as Row | undefined;
  if (!row) refuse(ORDER_NOT_FOUND_TEXT);
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    ordersNo: String(row.orders_no),
    status: String(row.status),
  };
}

const SUMMARY_COLUMNS = sql`o.id, o.orders_no, o.status, o.account_id, o.created_at, o.total_amount::text as total_amount,
  o.voucher_amount::text as voucher_amount, o.remark,
  a.username as user_name,
  (select count(*) from order_items i where i.order_id = o.id) as item_count,
  (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id) as total_quantity,
  (select count(*) from order_lack_items l where l.order_id = o.id) as lack_count,
  (select coalesce(json_agg(distinct i.warehouse_id), '[]'::json) from order_items i where i.order_id = o.id) as warehouses,
  (select count(*) from deliveries d where d.order_id = o.id) as delivery_count,
  exists(select 1 from deliveries d where d.order_id = o.id and d.status = 'shipped') as can_receipt`;

/** The frey coins the order `o` used (its deduction entry; a cancel's refund leaves it as history). */
export const ORDER_COINS_USED_SQL = sql`(select coalesce(-sum(c.change), 0) from frey_coin_ledger c
  where c.order_id = o.id and c.cause = 'order_deduction')`;

/** The summary's columns; the frey coins an order used are looked up only where the brand has points. */
function summaryColumns(variant: DealerRequestContext['variant']): SQL {
  const coins = moduleEnabled(variant, 'points') ? ORDER_COINS_USED_SQL : sql`0`;
  return sql`${SUMMARY_COLUMNS}, ${coins} as coins_used`;
}

/**
 * An order's amounts from its row (total_amount, voucher_amount, coins_used): the lines' sum, the
 * two deductions and what is left to pay (core payableAmount). The list, the detail and both
 * exports show these.
 */
export function orderAmountsOf(r: Row): {
  total_amount: string;
  voucher_amount: string;
  frey_coin_amount: string;
  pay_amount: string;
} {
  const total = money(r.total_amount);
  const voucher = money(r.voucher_amount);
  const coins = coinAmount(Number(r.coins_used ?? 0));
  return {
    total_amount: total,
    voucher_amount: voucher,
    frey_coin_amount: coins,
    pay_amount: payableAmount(total, voucher, coins),
  };
}

function summaryOf(r: Row, auth: DealerCaller): OrderSummary {
  const status = String(r.status);
  return {
    orders_id: Number(r.id),
    orders_no: String(r.orders_no),
    status,
    status_cn: orderStatusText(status),
    create_date: dateTime(r.created_at),
    ...orderAmountsOf(r),
    item_count: Number(r.item_count),
    total_quantity: Number(r.total_quantity),
    lack_count: Number(r.lack_count),
    warehouse_types: (jsonColumn<number[]>(r.warehouses) ?? []).map(wh).sort(),
    user_name: String(r.user_name ?? ''),
    remark: String(r.remark ?? ''),
    is_cancellable: isOrderCancellable(status) ? 1 : 0,
    can_cancel: mayCancelOrder(auth, { accountId: Number(r.account_id), status }) ? 1 : 0,
    can_receipt: r.can_receipt === true ? 1 : 0,
    delivery_count: Number(r.delivery_count),
  };
}

export interface PurchaseFilters {
  status: string;
  orders_no: string;
  keyword: string;
  start_date: string;
  end_date: string;
  warehouse_type: number;
}

/**
 * The conditions on orders `o` of a list's filters that the dealers' and the staff's lists share:
 * part of the number, and the China days from and to (either may be empty).
 */
export function orderNoAndDaysSql(f: { orders_no?: string; start_date?: string; end_date?: string }): SQL[] {
  const parts: SQL[] = [];
  if (f.orders_no) parts.push(sql`o.orders_no ilike ${`%${f.orders_no.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (f.start_date) parts.push(sql`o.created_at >= (${f.start_date}::date::timestamp at time zone 'Asia/Shanghai')`);
  if (f.end_date) parts.push(sql`o.created_at < ((${f.end_date}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
  return parts;
}

function filterSql(auth: DealerCaller, f: PurchaseFilters, withStatus = true): SQL {
  const parts: SQL[] = [sql`o.company_id = ${auth.companyId}`, visibleOrderSql(auth)];
  if (withStatus && f.status) parts.push(sql`o.status = ${f.status}`);
  parts.push(...orderNoAndDaysSql(f));
  if (f.warehouse_type) {
    parts.push(
      sql`exists(select 1 from order_items i where i.order_id = o.id and i.warehouse_id = ${f.warehouse_type})`,
    );
  }
  if (f.keyword) parts.push(orderHasPartSql(f.keyword));
  return sql.join(parts, sql` and `);
}

/** The order (alias o) has a line whose part's name, own number or OE number contains `keyword`. */
export function orderHasPartSql(keyword: string): SQL {
  const like = `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;
  const norm = keyword.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return sql`exists(select 1 from order_items i join products p on p.id = i.product_id
    where i.order_id = o.id and (p.l_name_zh ilike ${like}
      ${norm ? sql`or p.frey_no_norm like ${`%${norm}%`} or p.oe_number_norm like ${`%${norm}%`}` : sql``}))`;
}

/** POST getPurchaseList: the company's orders, newest first, with counts per status for the tabs. */
export async function purchaseList(
  ctx: DealerRequestContext,
  f: PurchaseFilters & { page: number; limit: number },
): Promise<PurchaseListResponse> {
  const { db, caller: auth } = ctx;
  const where = filterSql(auth, f);
  const counts = await db.execute(
    sql`select o.status, count(*) as n from orders o where ${filterSql(auth, f, false)} group by o.status`,
  );
  const status_counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  let all = 0;
  for (const r of counts.rows as Row[]) {
    status_counts[String(r.status)] = Number(r.n);
    all += Number(r.n);
  }
  status_counts.all = all;
  const total = f.status ? (status_counts[f.status] ?? 0) : all;
  const offset = (f.page - 1) * f.limit;
  const rows =
    offset < total
      ? (
          await db.execute(sql`select ${summaryColumns(ctx.variant)} from orders o join accounts a on a.id = o.account_id
            where ${where} order by o.created_at desc, o.id desc limit ${f.limit} offset ${offset}`)
        ).rows
      : [];
  return { total, page: f.page, limit: f.limit, list: (rows as Row[]).map((r) => summaryOf(r, auth)), status_counts };
}

async function orderLines(db: Executor, companyId: number, orderId: number): Promise<OrderLine[]> {
  const result = await db.execute(sql`select i.id, i.product_id, i.warehouse_id, i.price::text as price, i.quantity,
      i.shipped_quantity, i.returned_quantity, ${returnableUnits('i')} as returnable, p.frey_no, p.oe_number,
      p.l_name_zh, p.pic
    from order_items i join products p on p.id = i.product_id
    where i.order_id = ${orderId} and i.company_id = ${companyId} order by i.id`);
  return (result.rows as Row[]).map((r) => ({
    order_item_id: Number(r.id),
    ...partOf(r),
    warehouse_type: wh(r.warehouse_id),
    price: money(r.price),
    quantity: Number(r.quantity),
    total_price: lineAmount(r.price, Number(r.quantity)),
    shipped_quantity: Number(r.shipped_quantity),
    returned_quantity: Number(r.returned_quantity),
    returnable_quantity: Number(r.returnable),
  }));
}

const DELIVERY_COLUMNS = sql`d.id, d.delivery_no, d.order_id, o.orders_no, d.warehouse_id, d.carrier, d.tracking_no,
  d.packages, d.status, d.shipped_at, d.received_at, d.address,
  (select count(*) from delivery_items di where di.delivery_id = d.id) as item_count,
  (select coalesce(sum(di.quantity), 0) from delivery_items di where di.delivery_id = d.id) as total_quantity`;

function deliveryOf(r: Row): DeliverySummary {
  return {
    delivery_id: Number(r.id),
    delivery_no: String(r.delivery_no),
    orders_id: Number(r.order_id),
    orders_no: String(r.orders_no),
    warehouse_type: wh(r.warehouse_id),
    carrier: String(r.carrier),
    tracking_no: String(r.tracking_no),
    packages: Number(r.packages),
    status: String(r.status),
    status_cn: deliveryStatusText(String(r.status)),
    shipped_at: dateTime(r.shipped_at),
    received_at: dateTime(r.received_at),
    item_count: Number(r.item_count),
    total_quantity: Number(r.total_quantity),
  };
}

/** GET orderIdGetDeliveryList: the packages of an order. */
export function deliveryList(ctx: DealerRequestContext, orderId: number): Promise<DeliverySummary[]> {
  return orderDeliveries(ctx.db, ctx.caller, orderId);
}

async function orderDeliveries(db: Executor, auth: DealerCaller, orderId: number): Promise<DeliverySummary[]> {
  await ownOrder(db, auth, orderId);
  const result = await db.execute(sql`select ${DELIVERY_COLUMNS} from deliveries d join orders o on o.id = d.order_id
    where d.order_id = ${orderId} and d.company_id = ${auth.companyId} order by d.id`);
  return (result.rows as Row[]).map(deliveryOf);
}

/** The frey coins an order used (points module); nothing without coins (the yuan are in orderAmountsOf). */
function coinsUsedOf(r: Row): { frey_coin?: number } {
  const coins = Number(r.coins_used);
  return coins > 0 ? { frey_coin: coins } : {};
}

/** GET getDetail. */
export async function orderDetail(ctx: DealerRequestContext, orderId: number): Promise<OrderDetail> {
  const { db, caller: auth } = ctx;
  const result =
    await db.execute(sql`select ${summaryColumns(ctx.variant)}, o.address, o.other_address, o.beijing_remark, o.is_split,
      o.cancelled_at, o.completed_at
    from orders o join accounts a on a.id = o.account_id
    where o.id = ${orderId} and o.company_id = ${auth.companyId} and ${visibleOrderSql(auth)}`);
  const r = result.rows[0] as Row | undefined;
  if (!r) refuse(ORDER_NOT_FOUND_TEXT);
  return {
    ...summaryOf(r, auth),
    address: jsonColumn<AddressSnapshot>(r.address),
    other_address: jsonColumn<AddressSnapshot>(r.other_address),
    beijing_remark: String(r.beijing_remark ?? ''),
    is_split: Number(r.is_split) === 1 ? 1 : 0,
    items: await orderLines(db, auth.companyId, orderId),
    lack_items: await loadLackItems(db, auth.companyId, auth.accountId, orderId),
    deliveries: await orderDeliveries(db, auth, orderId),
    cancelled_at: dateTime(r.cancelled_at),
    completed_at: dateTime(r.completed_at),
    ...coinsUsedOf(r),
  };
}

/** GET getDeliveryDetail. */
export async function deliveryDetail(ctx: DealerRequestContext, deliveryId: number): Promise<DeliveryDetail> {
  const { db, caller: auth } = ctx;
  const result = await db.execute(sql`select ${DELIVERY_COLUMNS} from deliveries d join orders o on o.id = d.order_id
    where d.id = ${deliveryId} and d.company_id = ${auth.companyId} and ${visibleOrderSql(auth)}`);
  const r = result.rows[0] as Row | undefined;
  if (!r) refuse(DELIVERY_NOT_FOUND_TEXT);
  const items = await db.execute(sql`select di.product_id, di.quantity, p.frey_no, p.oe_number, p.l_name_zh, p.pic
    from delivery_items di join products p on p.id = di.product_id
    where di.delivery_id = ${deliveryId} and di.company_id = ${auth.companyId} order by di.id`);
  return {
    ...deliveryOf(r),
    address: jsonColumn<AddressSnapshot>(r.address),
    items: (items.rows as Row[]).map((i) => ({
      ...partOf(i),
      quantity: Number(i.quantity),
    })),
  };
}

/**
 * POST cancelOrder (and changeStatus to cancelled): only before anything has shipped, and only by
 * the account that placed the order or the company's main account (mayCancelOrder). The
 * supplied units go back to stock in the same transaction.
 */
export async function cancelOrder(ctx: DealerRequestContext, orderId: number, reason: string): Promise<string> {
  const auth = ctx.caller;
  return ctx.transaction(async (tx, emit: OrderEmit) => {
    const order = await ownOrder(tx, auth, orderId, true);
    if (!isOrderCancellable(order.status)) refuse(NOT_CANCELLABLE_TEXT);
    if (!mayCancelOrder(auth, order)) refuse(NOT_YOUR_ORDER_TO_CANCEL_TEXT);
    return cancelLockedOrder(tx, emit, { ...order, companyId: auth.companyId }, reason);
  });
}

/** The cancel's message: CANCELLED_TEXT and what happened to the gift orders placed with it. */
export function cancelledText(giftNotes: readonly string[]): string {
  return [CANCELLED_TEXT, ...giftNotes].join('；');
}

/**
 * Cancels an order already locked and checked by the caller (the dealer's cancelOrder, the staff's
 * cancel): its unshipped units go back to stock, the order becomes cancelled with the reason, and
 * order.cancelled (the dealer's message with the reason) is published after the commit. Its voucher
 * use comes back and the gift orders placed with it are cancelled unless shipped (points module).
 * Answers the cancel's message.
 */
export async function cancelLockedOrder(
  tx: Executor,
  emit: OrderEmit,
  order: { id: number; companyId: number; accountId: number; ordersNo: string },
  reason: string,
): Promise<string> {
  await tx.execute(sql`update product_stocks s set available = s.available + q.quantity, updated_at = now()
    from (select product_id, warehouse_id, sum(quantity - shipped_quantity)::int as quantity from order_items
          where order_id = ${order.id} group by product_id, warehouse_id order by product_id, warehouse_id) q
    where s.product_id = q.product_id and s.warehouse_id = q.warehouse_id`);
  await releaseOrderVoucher(tx, order.companyId, order.id);
  const giftNotes = await cancelGiftsOfOrder(tx, order.companyId, order.id);
  await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date(), cancelReason: reason })
    .where(and(eq(orders.id, order.id), eq(orders.companyId, order.companyId)));
  emit({
    type: 'order.cancelled',
    companyId: order.companyId,
    accountId: order.accountId,
    orderId: order.id,
    ordersNo: order.ordersNo,
    reason,
  });
  return cancelledText(giftNotes);
}

/** GET packaReceipt: confirm receipt of one package. */
export async function receivePackage(ctx: DealerRequestContext, deliveryId: number): Promise<void> {
  const auth = ctx.caller;
  await ctx.transaction(async (tx, emit: OrderEmit) => {
    const [d] = (
      await tx.execute(sql`select d.id, d.status from deliveries d join orders o on o.id = d.order_id
        where d.id = ${deliveryId} and d.company_id = ${auth.companyId} and ${visibleOrderSql(auth)}`)
    ).rows as Row[];
    if (!d) refuse(DELIVERY_NOT_FOUND_TEXT);
    // Received meanwhile (a second click, the carrier's proof): receiveDeliveries, under the order's lock, finds none.
    if (
      String(d.status) !== 'shipped' ||
      (await receiveDeliveries(tx, emit, auth.companyId, sql`d.id = ${deliveryId}`)) === 0
    )
      refuse(PACKAGE_RECEIVED_TEXT);
  });
}

/** POST receiptAll: every shipped package of the given orders. */
export async function receiveAll(ctx: DealerRequestContext, orderIds: number[]): Promise<number> {
  const auth = ctx.caller;
  return ctx.transaction(async (tx, emit: OrderEmit) => {
    const own = await tx.execute(
      sql`select id from orders o where company_id = ${auth.companyId} and ${visibleOrderSql(auth)}
        and id = any(${sql.param(orderIds)}::int[])`,
    );
    if (own.rows.length !== orderIds.length) refuse(ORDER_NOT_FOUND_TEXT);
    const n = await receiveDeliveries(tx, emit, auth.companyId, sql`d.order_id = any(${sql.param(orderIds)}::int[])`);
    if (n === 0) refuse(NOTHING_TO_RECEIVE_TEXT);
    return n;
  });
}

/** GET changeStatus: the customer's own moves (completed after full shipment, or cancelled). */
export async function changeStatus(
  ctx: DealerRequestContext,
  orderId: number,
  status: 'completed' | 'cancelled',
): Promise<string> {
  if (status === 'cancelled') return cancelOrder(ctx, orderId, '');
  const auth = ctx.caller;
  await ctx.transaction(async (tx, emit: OrderEmit) => {
    const order = await ownOrder(tx, auth, orderId, true);
    // Completed meanwhile by the last package's receipt (a click a moment earlier, the carrier's proof).
    if (order.status === 'completed') refuse(ORDER_COMPLETED_TEXT);
    if (order.status !== 'shipped') refuse('订单尚未全部发货，不能确认完成');
    await receiveDeliveries(tx, emit, auth.companyId, sql`d.order_id = ${orderId}`);
    await completeIfAllReceived(tx, emit, orderId);
  });
  return RECEIPT_DONE_TEXT;
}

/** GET getRepurchaseProductInfo: an order's lines with today's price and stock. */
export async function repurchaseInfo(ctx: DealerRequestContext, orderId: number): Promise<RepurchaseProductInfo> {
  const { db, caller: auth } = ctx;
  const order = await ownOrder(db, auth, orderId);
  const priceKey = ctx.variant.priceLabels[0]!.key;
  const result = await db.execute(sql`select i.id, i.product_id, i.warehouse_id, i.quantity, p.frey_no, p.oe_number,
      p.l_name_zh, p.pic, p.is_orderable, p.is_delisting, pp.amount::text as price, coalesce(s.available, 0) as stock
    from order_items i join products p on p.id = i.product_id
    left join product_prices pp on pp.product_id = i.product_id and pp.price_key = ${priceKey}
    left join product_stocks s on s.product_id = i.product_id and s.warehouse_id = i.warehouse_id
    where i.order_id = ${orderId} and i.company_id = ${auth.companyId} order by i.id`);
  return {
    orders_id: order.id,
    orders_no: order.ordersNo,
    list: (result.rows as Row[]).map((r) => ({
      order_item_id: Number(r.id),
      ...partOf(r),
      warehouse_type: wh(r.warehouse_id),
      quantity: Number(r.quantity),
      price: money(r.price),
      stock: Number(r.stock),
      is_orderable: Number(r.is_orderable) === 1 && r.price !== null ? 1 : 0,
    })),
  };
}

/**
 * POST buyAgain: the order's lines (or the chosen ones) go back into the cart, adding to a line of
 * the same part and warehouse. Beijing lines of an account that lost the Beijing warehouse go to
 * Guangzhou. Lines without a price are skipped and reported.
 */
export async function buyAgain(
  ctx: DealerRequestContext,
  orderId: number,
  itemIds: number[],
): Promise<BuyAgainResponse> {
  const auth = ctx.caller;
  const info = await repurchaseInfo(ctx, orderId);
  const beijingAllowed = ctx.variant.beijingWarehouse && auth.isRegionalWarehouse;
  const chosen = itemIds.length > 0 ? info.list.filter((l) => itemIds.includes(l.order_item_id)) : info.list;
  if (chosen.length === 0) refuse('请选择要再次购买的商品');
  const skipped = chosen
    .filter((l) => l.is_orderable === 0)
    .map((l) => ({ product_id: l.product_id, l_name_zh: l.l_name_zh, reason: '商品暂不可订购' }));
  const wanted = new Map<string, { product_id: number; warehouse_type: 1 | 2; quantity: number }>();
  for (const l of chosen.filter((x) => x.is_orderable === 1)) {
    const w: 1 | 2 = l.warehouse_type === 2 && beijingAllowed ? 2 : 1;
    const key = `${l.product_id}:${w}`;
    const prev = wanted.get(key);
    wanted.set(key, { product_id: l.product_id, warehouse_type: w, quantity: (prev?.quantity ?? 0) + l.quantity });
  }
  const lines = [...wanted.values()];
  // The cart's own limit per line (as POST Cart/add): a line that would pass it refuses all, changing nothing.
  if (lines.some((l) => l.quantity > CART_QUANTITY_MAX)) refuse(CART_MESSAGES.quantityTooLarge);
  if (lines.length > 0) {
    await ctx.transaction(async (tx) => {
      const written =
        await tx.execute(sql`insert into cart_items (company_id, account_id, product_id, warehouse_id, quantity, is_coming_soon)
        select ${auth.companyId}, ${auth.accountId}, t.product_id, t.warehouse_id, t.quantity, false
        from unnest(${sql.param(lines.map((l) => l.product_id))}::int[], ${sql.param(lines.map((l) => l.warehouse_type))}::int[],
                    ${sql.param(lines.map((l) => l.quantity))}::int[]) as t(product_id, warehouse_id, quantity)
        on conflict (company_id, product_id, warehouse_id, is_coming_soon)
        do update set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
          where cart_items.quantity + excluded.quantity <= ${CART_QUANTITY_MAX}
        returning id`);
      if (written.rows.length !== lines.length) refuse(CART_MESSAGES.quantityTooLarge);
    });
  }
  return { repurchaseProduct: lines, skipped };
}

/** GET addToSubscription: restock alerts for the order's lack items (the parts module's rules). */
export async function subscribeLackItems(ctx: DealerRequestContext, orderId: number, lackIds: number[]) {
  const { db, caller: auth } = ctx;
  await ownOrder(db, auth, orderId);
  const lack = await loadLackItems(db, auth.companyId, auth.accountId, orderId);
  const chosen = lackIds.length > 0 ? lack.filter((l) => lackIds.includes(l.lack_id)) : lack;
  if (chosen.length === 0) refuse('该订单没有缺货商品');
  const ids = [...new Set(chosen.map((l) => l.product_id))];
  return requestRestockBatch(db, rowContext(ctx, undefined), ids);
}

const RETURN_COLUMNS = sql`r.id, r.return_no, r.order_id, o.orders_no, r.status, r.reason, r.staff_note,
  r.total_amount::text as total_amount, r.created_at, r.reviewed_at,
  (select coalesce(sum(ri.quantity), 0) from return_order_items ri where ri.return_order_id = r.id) as total_quantity`;

function returnOf(r: Row): ReturnSummary {
  return {
    return_id: Number(r.id),
    return_no: String(r.return_no),
    orders_id: Number(r.order_id),
    orders_no: String(r.orders_no),
    status: String(r.status),
    status_cn: returnStatusText(String(r.status)),
    reason: String(r.reason ?? ''),
    staff_note: String(r.staff_note ?? ''),
    total_amount: money(r.total_amount),
    total_quantity: Number(r.total_quantity),
    create_date: dateTime(r.created_at),
    reviewed_at: dateTime(r.reviewed_at),
  };
}

/** POST getReturnOrderList. */
export async function returnList(
  ctx: DealerRequestContext,
  f: { page: number; limit: number; status: string; keyword: string },
): Promise<ReturnListResponse> {
  const { db, caller: auth } = ctx;
  const parts: SQL[] = [sql`r.company_id = ${auth.companyId}`, visibleOrderSql(auth)];
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    parts.push(sql`(r.return_no ilike ${like} or o.orders_no ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const [c] = (
    await db.execute(sql`select count(*) as n from return_orders r join orders o on o.id = r.order_id where ${where}`)
  ).rows as Row[];
  const total = Number(c?.n ?? 0);
  const offset = (f.page - 1) * f.limit;
  const rows =
    offset < total
      ? (
          await db.execute(sql`select ${RETURN_COLUMNS} from return_orders r join orders o on o.id = r.order_id
            where ${where} order by r.created_at desc, r.id desc limit ${f.limit} offset ${offset}`)
        ).rows
      : [];
  return { total, page: f.page, limit: f.limit, list: (rows as Row[]).map(returnOf) };
}

/** POST getReturnOrderDetail. */
export async function returnDetail(ctx: DealerRequestContext, returnId: number): Promise<ReturnDetail> {
  const { db, caller: auth } = ctx;
  const [r] = (
    await db.execute(sql`select ${RETURN_COLUMNS}, r.source, jsonb_array_length(r.pictures) as picture_count
      from return_orders r join orders o on o.id = r.order_id
      where r.id = ${returnId} and r.company_id = ${auth.companyId} and ${visibleOrderSql(auth)}`)
  ).rows as Row[];
  if (!r) refuse(RETURN_NOT_FOUND_TEXT);
  const items = await db.execute(sql`select ri.product_id, ri.quantity, ri.price::text as price, p.frey_no, p.oe_number,
      p.l_name_zh, p.pic
    from return_order_items ri join products p on p.id = ri.product_id
    where ri.return_order_id = ${returnId} and ri.company_id = ${auth.companyId} order by ri.id`);
  return {
    ...returnOf(r),
    source: r.source === 'dealer' ? 'dealer' : 'staff',
    pictures: Array.from({ length: Number(r.picture_count ?? 0) }, (_, index) => returnPictureUrl(returnId, index)),
    items: (items.rows as Row[]).map((i) => ({
      ...partOf(i),
      quantity: Number(i.quantity),
      price: money(i.price),
      total_price: lineAmount(i.price, Number(i.quantity)),
    })),
  };
}
