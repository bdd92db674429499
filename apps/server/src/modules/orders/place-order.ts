import { CART_MESSAGES } from '@shop/core/api/cart-rules';
import { and, eq, or, sql } from 'drizzle-orm';
import { money } from '@shop/core/money';
import type { AddOrderResponse, LackItem } from '@shop/core/api/orders';
import { LACK_TYPE, LACK_TYPE_TEXT } from '@shop/core/order-status';
import type { Db } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { orders, type OrderAddressSnapshot } from '../../db/schema/orders';
import { refuse } from '../../lib/errors';
import { uniqueViolation } from '../../lib/unique-violation';
import type { DealerCaller, DealerRequestContext } from '../../platform/request-context';
import { executeNamed } from '../../db/named-query';
import { wakeDispatchers } from '../../lib/events';
import type { Executor } from './notifications';
import { applyOrderPoints, type OrderPointsResult } from '../points/gifts';
import { applyOrderVoucher, voucherOrdersIdOf } from '../coupon/redeem';
import { payableAmount } from '@shop/core/coupons';
import { STATEMENT_TEXTS } from '@shop/core/api/statements';
import { checkOrderCredit, lockCredit, type CreditOutcome } from '../statements/credit';

/**
 * Order placement (POST /api/Shop.Order/add; rules in docs/orders.md, 'Stock'): a read of the
 * chosen cart lines (the caller's company only) with today's prices, the addresses and whether the
 * company has a credit limit, checked here; then one statement that locks the lines with their stock rows, takes stock per warehouse
 * with a conditional update (never below 0) and writes the order (number SO + China date +
 * sequence), its lines and lack items, removes the cart lines and publishes order.placed (lib/events.ts).
 * A repeated submit of the same account is answered with its first order. Two statements, no lock held across a
 * round trip.
 */
export const CART_NOT_FOUND_TEXT = CART_MESSAGES.notFound;
export const NOTHING_SELECTED_TEXT = '请选择要结算的商品';
export const ADDRESS_REQUIRED_TEXT = '请选择收货地址';
export const BEIJING_ADDRESS_REQUIRED_TEXT = '请选择北京仓收货地址';
export const ADDRESS_NOT_FOUND_TEXT = '收货地址不存在，请重新选择';
export const BEIJING_NOT_ALLOWED_TEXT = '当前账号不能从北京仓下单';
export const NOTHING_IN_STOCK_TEXT = '所选商品均无库存，未生成订单，可在商品页订阅到货提醒';
export const ZERO_QUANTITY_TEXT = '商品数量必须大于 0';
export const NOT_ORDERABLE_TEXT = '商品暂不可订购，请从购物车移除后再结算';
export const BAD_IDEMPOTENCY_KEY_TEXT = '参数错误：Idempotency-Key 格式不正确';
export const IDEMPOTENCY_KEY_TAKEN_TEXT = '本次提交的编号已被其他账号使用，请刷新页面后重新提交';
export const ORDER_PLACED_TEXT = '下单成功';
export const ORDER_PLACED_SHORT_TEXT = '下单成功，部分商品库存不足';
export const ORDER_REPEATED_TEXT = '订单已提交，请勿重复提交';
/** Most lines in one order. */
export const ORDER_LINES_MAX = 500;

export interface PlaceOrderInput {
  cartIds: number[];
  addressId: number | undefined;
  otherAddressId: number | undefined;
  remark: string;
  beijingRemark: string;
  freyCoin: number;
  voucherOrdersId: string;
  pointsCartId: string;
  idempotencyKey: string | undefined;
  /** is_special_approval = 1: past the credit limit the order waits for finance staff instead of being refused. */
  specialApproval?: boolean;
}

export interface PlaceOrderResult extends AddOrderResponse {
  msg: string;
}

/** pd_cart_ids ('1,2,3') or the cart list's cart_id → distinct ids. */
export function cartIdsOf(pdCartIds: string | undefined, cart: { cart_id: number }[] | undefined): number[] {
  const text = pdCartIds?.trim() ? pdCartIds : (cart ?? []).map((c) => c.cart_id).join(',');
  const parts = text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) refuse(NOTHING_SELECTED_TEXT);
  if (!parts.every((p) => /^\d{1,9}$/.test(p))) refuse('参数错误：购物车编号格式不正确');
  const ids = [...new Set(parts.map(Number))].filter((n) => n > 0);
  if (ids.length === 0) refuse(NOTHING_SELECTED_TEXT);
  if (ids.length > ORDER_LINES_MAX) refuse(`一次最多结算 ${ORDER_LINES_MAX} 个商品`);
  return ids.sort((a, b) => a - b);
}

export function checkIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined || key === '') return undefined;
  if (!/^[\w.:-]{8,100}$/.test(key)) refuse(BAD_IDEMPOTENCY_KEY_TEXT);
  return key;
}

interface CartLine {
  cart_id: number;
  product_id: number;
  warehouse_id: number;
  quantity: number;
  price: string | null;
  frey_no: string;
  oe_number: string;
  l_name_zh: string;
  pic: string;
  is_orderable: number;
}

/** A lack item row as the database answers it (snake case; numbers may come as text). */
interface LackItemRow {
  id: unknown;
  product_id: unknown;
  warehouse_id: unknown;
  order_type: unknown;
  quantity: unknown;
  supplied_quantity: unknown;
  lack_quantity: unknown;
  price: unknown;
  is_apply: unknown;
}

/** The part fields a lack item shows. */
type LackItemPart = Pick<CartLine, 'frey_no' | 'oe_number' | 'l_name_zh' | 'pic'>;

/** A lack item (return_data entry) from its row and its part's fields. */
function lackItemOf(l: LackItemRow, p: LackItemPart): LackItem {
  const orderType = Number(l.order_type) === LACK_TYPE.short ? 2 : 1;
  return {
    lack_id: Number(l.id),
    product_id: Number(l.product_id),
    frey_no: String(p.frey_no),
    number: String(p.oe_number),
    l_name_zh: String(p.l_name_zh),
    pic: String(p.pic),
    warehouse_type: Number(l.warehouse_id) === 2 ? 2 : 1,
    order_type: orderType,
    order_type_cn: LACK_TYPE_TEXT[orderType],
    quantity: Number(l.quantity),
    supplied_number: Number(l.supplied_quantity),
    lack_number: Number(l.lack_quantity),
    price: money(l.price),
    is_apply: l.is_apply === true ? 1 : 0,
  };
}

/** The lack items of an order with their part fields (return_data). */
export async function loadLackItems(
  db: Executor,
  companyId: number,
  accountId: number,
  orderId: number,
): Promise<LackItem[]> {
  const result = await db.execute(sql`
    select l.id, l.product_id, l.warehouse_id, l.order_type, l.quantity, l.supplied_quantity, l.lack_quantity,
      l.price::text as price, p.frey_no, p.oe_number, p.l_name_zh, p.pic,
      exists(select 1 from restock_requests r where r.account_id = ${accountId} and r.company_id = ${companyId}
        and r.product_id = l.product_id and r.notified_at is null) as is_apply
    from order_lack_items l join products p on p.id = l.product_id
    where l.order_id = ${orderId} and l.company_id = ${companyId}
    order by l.id`);
  return (result.rows as unknown as (LackItemRow & LackItemPart)[]).map((r) => lackItemOf(r, r));
}

/**
 * The order a repeated submit answers: the caller's own account's order with the same
 * Idempotency-Key or the same cart lines. The guard is against a double click or a retry, which
 * come from the account that placed the order; another account of the company (even one that may
 * see that order) did not place it, and telling it 'your order was already submitted' with that
 * order's number and total would be false. Its submit is treated as new: the cart lines the other
 * order took are gone, so it is refused with 找不到购物车数据.
 */
async function existingOrder(
  tx: Executor,
  auth: DealerCaller,
  idempotencyKey: string | undefined,
  cartKey: string,
): Promise<PlaceOrderResult | undefined> {
  const match = idempotencyKey
    ? or(eq(orders.idempotencyKey, idempotencyKey), eq(orders.cartKey, cartKey))
    : eq(orders.cartKey, cartKey);
  const [found] = await tx
    .select({
      id: orders.id,
      ordersNo: orders.ordersNo,
      totalAmount: orders.totalAmount,
      voucher: orders.voucherAmount,
    })
    .from(orders)
    .where(and(eq(orders.companyId, auth.companyId), eq(orders.accountId, auth.accountId), match))
    .limit(1);
  if (!found) return undefined;
  return {
    order_id: found.id,
    orders_no: found.ordersNo,
    total_amount: money(found.totalAmount),
    voucher_amount: money(found.voucher),
    return_data: await loadLackItems(tx, auth.companyId, auth.accountId, found.id),
    repeated: 1,
    msg: ORDER_REPEATED_TEXT,
  };
}

/** What the read found: the chosen lines (by cart id), the company's chosen addresses and whether it has a credit limit. */
interface ReadLines {
  lines: CartLine[];
  addresses: Map<number, OrderAddressSnapshot>;
  /**
   * The company has a credit limit (modules/statements/credit.ts, creditTerms): its order is then
   * placed in a transaction that locks its credit row first. Read here, not in a round trip of its
   * own; known when a line was found.
   */
  limited: boolean;
  /** Lines whose part has no stock row in that warehouse yet. */
  missingStockRows: number;
}

/** Step 1: the chosen cart lines of the caller's company with today's price, the addresses and the credit limit. No lock. */
async function readLines(db: Db, auth: DealerCaller, priceKey: string, input: PlaceOrderInput): Promise<ReadLines> {
  const addressIds = [input.addressId, input.otherAddressId].filter((id): id is number => id !== undefined);
  const { rows } = await executeNamed<Record<string, unknown>>(
    db,
    'order_lines_read',
    sql`
    with addr as (
      select coalesce(json_agg(json_build_object('address_id', a.id, 'contacts', a.contacts, 'mobile', a.mobile,
        'province', a.province, 'city', a.city, 'district', a.district, 'street', a.street)), '[]'::json) as list
      from addresses a where a.company_id = ${auth.companyId} and a.id = any(${sql.param(addressIds)}::int[])
    )
    select c.id as cart_id, c.product_id, c.warehouse_id, c.quantity, pp.amount::text as price,
      p.frey_no, p.oe_number, p.l_name_zh, p.pic, p.is_orderable, s.product_id is not null as has_stock_row,
      (select list from addr) as addresses,
      exists(select 1 from company_credit k where k.company_id = ${auth.companyId} and k.credit_limit is not null) as limited
    from cart_items c
    join products p on p.id = c.product_id
    left join product_stocks s on s.product_id = c.product_id and s.warehouse_id = c.warehouse_id
    left join product_prices pp on pp.product_id = c.product_id and pp.price_key = ${priceKey}
    where c.company_id = ${auth.companyId} and c.id = any(${sql.param(input.cartIds)}::int[])
    order by c.id`,
  );
  const lines = rows.map((r) => ({
    cart_id: Number(r.cart_id),
    product_id: Number(r.product_id),
    warehouse_id: Number(r.warehouse_id),
    quantity: Number(r.quantity),
    price: r.price === null ? null : String(r.price),
    frey_no: String(r.frey_no),
    oe_number: String(r.oe_number),
    l_name_zh: String(r.l_name_zh),
    pic: String(r.pic),
    is_orderable: Number(r.is_orderable),
  }));
  const found = jsonColumn<OrderAddressSnapshot[]>(rows[0]?.addresses) ?? [];
  return {
    lines,
    addresses: new Map(found.map((a) => [Number(a.address_id), a])),
    missingStockRows: rows.filter((r) => r.has_stock_row !== true).length,
    limited: rows[0]?.limited === true,
  };
}

/** What the one writing statement answers. */
interface WriteOutcome {
  /** The chosen lines found locked as read (all of them when the order was placed). */
  matched: number;
  /** Units taken from stock (0: nothing in stock, nothing written). */
  taken: number;
  id: number | null;
  orders_no: string | null;
  total: string | null;
  lack: string | LackItemRow[] | null;
  /** The voucher's deduction (set after the statement, in its transaction). */
  voucher?: string;
}

/**
 * Places the order with the request context's caller, variant and database. Its event is written
 * by the order statement itself (not ctx.transaction: the statement is its own transaction).
 */
export async function placeOrder(ctx: DealerRequestContext, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { db, caller: auth, variant } = ctx;
  // A voucher (coupon module), frey coins and points cart lines (points module) are spent in the
  // order's own transaction: the voucher first, then the coins on what is left to pay.
  const voucherId = voucherOrdersIdOf(input.voucherOrdersId);
  const withPoints = input.freyCoin !== 0 || input.pointsCartId.trim() !== '';
  const priceKey = variant.priceLabels[0]!.key;
  const cartKey = input.cartIds.join(',');
  const beijingAllowed = variant.beijingWarehouse && auth.isRegionalWarehouse;

  const attempt = async (): Promise<PlaceOrderResult | 'changed'> => {
    // 1. Read and check the lines and addresses (no lock: step 2 writes only if the lines are still as read).
    const read = await readLines(db, auth, priceKey, input);
    const { lines } = read;
    if (lines.length !== input.cartIds.length) {
      // The lines are gone: a repeated submit whose first order has committed, or a bad id.
      const repeated = await existingOrder(db, auth, input.idempotencyKey, cartKey);
      if (repeated) return repeated;
      refuse(CART_NOT_FOUND_TEXT);
    }
    const zero = lines.find((l) => l.quantity <= 0);
    if (zero) refuse(`${ZERO_QUANTITY_TEXT}：${zero.l_name_zh}（${zero.frey_no}）`);
    const hasGuangzhou = lines.some((l) => l.warehouse_id === 1);
    const hasBeijing = lines.some((l) => l.warehouse_id === 2);
    if (hasBeijing && !beijingAllowed) refuse(BEIJING_NOT_ALLOWED_TEXT);
    const closed = lines.find((l) => l.is_orderable !== 1);
    if (closed) refuse(`${NOT_ORDERABLE_TEXT}：${closed.l_name_zh}（${closed.frey_no}）`);
    const noPrice = lines.find((l) => l.price === null);
    if (noPrice) refuse(`商品暂无价格，不能下单：${noPrice.l_name_zh}（${noPrice.frey_no}）`);
    // Addresses: address_id for the Guangzhou lines (or an order of Beijing lines only),
    // other_address_id for the Beijing lines of an order with both warehouses.
    const isSplit = hasGuangzhou && hasBeijing;
    const mainAddressId = input.addressId ?? (!hasGuangzhou ? input.otherAddressId : undefined);
    if (!mainAddressId) refuse(ADDRESS_REQUIRED_TEXT);
    if (isSplit && !input.otherAddressId) refuse(BEIJING_ADDRESS_REQUIRED_TEXT);
    const mainAddress = read.addresses.get(mainAddressId);
    if (!mainAddress) refuse(ADDRESS_NOT_FOUND_TEXT);
    const otherAddress = isSplit ? read.addresses.get(input.otherAddressId!) : undefined;
    if (isSplit && !otherAddress) refuse(ADDRESS_NOT_FOUND_TEXT);
    if (read.missingStockRows > 0) {
      // A part without a stock row in that warehouse has none: give it an empty row.
      await db.execute(sql`insert into product_stocks (product_id, warehouse_id, available)
        select c.product_id, c.warehouse_id, 0 from cart_items c
        where c.company_id = ${auth.companyId} and c.id = any(${sql.param(input.cartIds)}::int[])
        on conflict do nothing`);
    }

    // 2. One statement, atomic on its own: lock the lines and their stock rows, take stock, write the order.
    // A company with a credit limit orders in a transaction that locks its credit row first, so its
    // orders are checked one after the other and never pass the limit together.
    const limited = read.limited;
    const order = { mainAddress, otherAddress, isSplit, hasBeijing };
    const placed = (o: WriteOutcome) => Number(o.matched) === lines.length && Number(o.taken) > 0;
    let points: OrderPointsResult = {};
    let credit = 'within' as CreditOutcome;
    const outcome =
      voucherId === undefined && !withPoints && !limited
        ? await writeOrder(db, auth, input, cartKey, lines, order)
        : await db.transaction(async (tx) => {
            const limit = limited ? await lockCredit(tx, auth.companyId) : null;
            const written = await writeOrder(tx as unknown as Db, auth, input, cartKey, lines, order);
            if (!placed(written)) return written;
            if (voucherId !== undefined)
              written.voucher = await applyOrderVoucher(tx, ctx, Number(written.id), voucherId);
            if (withPoints) {
              const due = payableAmount(String(written.total), written.voucher ?? '0.00');
              const orderId = Number(written.id);
              points = await applyOrderPoints(
                tx,
                ctx,
                { orderId, total: due, address: mainAddress, remark: input.remark },
                input,
              );
            }
            if (limit !== null) {
              credit = await checkOrderCredit(
                tx,
                auth.companyId,
                Number(written.id),
                limit,
                input.specialApproval === true,
              );
            }
            return written;
          });
    if (Number(outcome.matched) !== lines.length) return 'changed';
    if (Number(outcome.taken) === 0) refuse(NOTHING_IN_STOCK_TEXT);
    // The statement has committed its order.placed event.
    wakeDispatchers();
    const lackRows = jsonColumn<LackItemRow[]>(outcome.lack) ?? [];
    const partOf = new Map(lines.map((l) => [l.product_id, l]));
    return {
      order_id: Number(outcome.id),
      orders_no: String(outcome.orders_no),
      total_amount: String(outcome.total),
      voucher_amount: outcome.voucher ?? '0.00',
      return_data: lackRows.map((l) => lackItemOf(l, partOf.get(Number(l.product_id))!)),
      repeated: 0,
      ...points,
      ...(credit === 'awaiting_approval' ? { awaiting_approval: 1 as const } : {}),
      msg:
        credit === 'awaiting_approval'
          ? STATEMENT_TEXTS.awaitingApproval
          : lackRows.length > 0
            ? ORDER_PLACED_SHORT_TEXT
            : ORDER_PLACED_TEXT,
    };
  };

  try {
    // A line changed between the read and the write (another account of the company edited the cart,
    // or a repeated submit placed the order first): read again; that read finds the first order.
    for (let tries = 0; tries < 3; tries++) {
      const result = await attempt();
      if (result !== 'changed') return result;
    }
    refuse(CART_NOT_FOUND_TEXT);
  } catch (err) {
    // If a unique key collides (the same Idempotency-Key or lines at the same moment), the first order has committed.
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    const again = await existingOrder(db, auth, input.idempotencyKey, cartKey);
    if (again) return again;
    // It is another account's order (the keys are the company's): its key was sent again, or it took
    // these lines at the same moment.
    refuse(constraint === 'orders_idempotency_key' ? IDEMPOTENCY_KEY_TAKEN_TEXT : CART_NOT_FOUND_TEXT);
  }
}

/**
 * Step 2 of placing an order, one statement (atomic without BEGIN/COMMIT, and no lock is held
 * across a round trip): the chosen cart lines and their stock rows are locked in (product,
 * warehouse) order, so concurrent orders never deadlock. If every line is still as read
 * (product, warehouse, quantity) and some stock is there, each line takes what the locked stock
 * allows (two lines of one part share the row, in cart id order), the stock is decremented with a
 * conditional update (never below 0), and the order (number SO + China date + sequence), its
 * lines, its lack items, the removal of the cart lines and the order.placed event are written.
 * Otherwise nothing is written, and `matched` and `taken` say why.
 */
async function writeOrder(
  db: Db,
  auth: DealerCaller,
  input: PlaceOrderInput,
  cartKey: string,
  lines: CartLine[],
  order: {
    mainAddress: OrderAddressSnapshot;
    otherAddress: OrderAddressSnapshot | undefined;
    isSplit: boolean;
    hasBeijing: boolean;
  },
): Promise<WriteOutcome> {
  const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;
  const { rows } = await executeNamed<Record<string, unknown>>(
    db,
    'order_write',
    sql`
    with wanted as (
      select * from unnest(${ints(lines.map((l) => l.cart_id))}, ${ints(lines.map((l) => l.product_id))},
        ${ints(lines.map((l) => l.warehouse_id))}, ${ints(lines.map((l) => l.quantity))},
        ${sql.param(lines.map((l) => l.price))}::numeric[])
        as w(cart_id, product_id, warehouse_id, quantity, price)
    ),
    locked as (
      select c.id as cart_id, c.product_id, c.warehouse_id, c.quantity, s.available
      from cart_items c
      join product_stocks s on s.product_id = c.product_id and s.warehouse_id = c.warehouse_id
      where c.company_id = ${auth.companyId} and c.id = any(${ints(input.cartIds)})
      order by c.product_id, c.warehouse_id, c.id
      for update of c, s
    ),
    lines as (
      select w.cart_id, w.product_id, w.warehouse_id, w.quantity, w.price,
        greatest(0, least(w.quantity, l.available - coalesce(sum(w.quantity) over (
          partition by w.product_id, w.warehouse_id order by w.cart_id
          rows between unbounded preceding and 1 preceding), 0)))::int as take
      from wanted w join locked l on l.cart_id = w.cart_id and l.product_id = w.product_id
        and l.warehouse_id = w.warehouse_id and l.quantity = w.quantity
    ),
    summary as (
      select count(*)::int as matched, coalesce(sum(take), 0)::int as taken,
        coalesce(sum(price * take), 0)::numeric(12, 2) as total,
        count(*) filter (where take > 0)::int as supplied, count(*) filter (where take < quantity)::int as lacking
      from lines
    ),
    go as (select * from summary where matched = ${lines.length} and taken > 0),
    decrements as (
      select l.product_id, l.warehouse_id, sum(l.take)::int as take
      from lines l, go group by l.product_id, l.warehouse_id having sum(l.take) > 0
    ),
    upd as (
      update product_stocks s set available = s.available - d.take, updated_at = now()
      from decrements d
      where s.product_id = d.product_id and s.warehouse_id = d.warehouse_id and s.available >= d.take
      returning s.product_id
    ),
    o as (
      insert into orders (company_id, account_id, orders_no, status, total_amount, address, other_address,
        remark, beijing_remark, is_split, idempotency_key, cart_key)
      select ${auth.companyId}, ${auth.accountId},
        'SO' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 7, '0'),
        'pending_shipment', go.total, ${JSON.stringify(order.mainAddress)}::jsonb,
        ${order.otherAddress ? JSON.stringify(order.otherAddress) : null}::jsonb, ${input.remark},
        ${order.hasBeijing ? input.beijingRemark : ''}, ${order.isSplit ? 1 : 0}, ${input.idempotencyKey ?? null},
        ${cartKey}
      from go
      returning id, orders_no, created_at
    ),
    items as (
      insert into order_items (order_id, company_id, product_id, warehouse_id, quantity, price, created_at)
      select o.id, ${auth.companyId}, l.product_id, l.warehouse_id, l.take, l.price, o.created_at
      from o, lines l where l.take > 0
      order by l.cart_id
      returning id
    ),
    lack as (
      insert into order_lack_items (order_id, company_id, product_id, warehouse_id, order_type, quantity,
        supplied_quantity, lack_quantity, price, created_at)
      select o.id, ${auth.companyId}, l.product_id, l.warehouse_id,
        case when l.take = 0 then ${LACK_TYPE.outOfStock}::smallint else ${LACK_TYPE.short}::smallint end,
        l.quantity, l.take, l.quantity - l.take, l.price, o.created_at
      from o, lines l where l.take < l.quantity
      order by l.cart_id
      returning id, product_id, warehouse_id, order_type, quantity, supplied_quantity, lack_quantity, price
    ),
    gone as (
      delete from cart_items c using o
      where c.company_id = ${auth.companyId} and c.id = any(${ints(input.cartIds)})
      returning c.id
    ),
    event as (
      insert into domain_events (type, payload, company_id)
      select 'order.placed', jsonb_build_object('type', 'order.placed', 'companyId', ${auth.companyId}::int,
          'accountId', ${auth.accountId}::int, 'orderId', o.id, 'ordersNo', o.orders_no, 'supplied', go.supplied,
          'lacking', go.lacking, 'total', go.total::text), ${auth.companyId}
      from o, go
      returning id
    )
    select summary.matched, summary.taken, o.id, o.orders_no, go.total::text as total,
      (select coalesce(json_agg(json_build_object('id', k.id, 'product_id', k.product_id, 'warehouse_id', k.warehouse_id,
          'order_type', k.order_type, 'quantity', k.quantity, 'supplied_quantity', k.supplied_quantity,
          'lack_quantity', k.lack_quantity, 'price', k.price::text,
          'is_apply', exists(select 1 from restock_requests r where r.account_id = ${auth.accountId}
            and r.company_id = ${auth.companyId} and r.product_id = k.product_id and r.notified_at is null))
        order by k.id), '[]'::json) from lack k) as lack,
      -- Under the row locks every conditional update applies; anything else is a bug, not a race,
      -- and this error (a failed cast, evaluated only then) undoes the whole statement.
      case when (select count(*) from upd) <> (select count(*) from decrements)
        then ('stock changed under a row lock: ' || (select count(*) from upd))::int end as checked
    from summary left join go on true left join o on true`,
  );
  return rows[0] as unknown as WriteOutcome;
}
