import { sql } from 'drizzle-orm';
import { usesPoints } from '@shop/core/account-rights';
import { MODULE_OFF_TEXT, moduleEnabled } from '@shop/core/brand-variants';
import { GIFT_STATUS, type GiftDetail, type GiftList, type GiftSummary } from '@shop/core/api/points';
import type { AddOrderResponse } from '@shop/core/api/orders';
import {
  coinAmount,
  coinDeductionRefusal,
  maxCoinDeduction,
  pointsExpireAt,
  POINTS_TEXTS,
  FREY_COIN_DEDUCTION_RATIO,
} from '@shop/core/points-rules';
import type { OrderAddressSnapshot } from '../../db/schema/orders';
import { jsonColumn } from '../../db/json-column';
import { chinaDateTimeOf } from '../../lib/china-time';
import { refuse } from '../../lib/errors';
import { uniqueViolation } from '../../lib/unique-violation';
import { pagedList } from '../../lib/paged-list';
import type { Executor } from '../../lib/events';
import { sheetFile } from '../../lib/xlsx';
import { COLUMN } from '../orders/sheet-columns';
import type { DealerCaller, DealerContext, DealerRequestContext } from '../../platform/request-context';
import { changeBalance, lockBalances } from './ledger';
import { requireMainAccount } from './service';

/**
 * Gift orders (docs/points.md, 'Gift orders'): points cart lines ordered through Shop.Order/add
 * (points_cart_id), alone or with a parts order in that order's transaction; staff ship them; the
 * dealer confirms receipt. Frey coins paying part of a parts order are spent here too.
 */
type Row = Record<string, unknown>;

/** The points cart ids of points_cart_id ('3,5'): distinct, sorted; refused when malformed. */
export function pointsCartIdsOf(text: string): number[] {
  const parts = text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (!parts.every((p) => /^\d{1,9}$/.test(p))) refuse('参数错误：积分商品编号格式不正确');
  return [...new Set(parts.map(Number))].filter((n) => n > 0).sort((a, b) => a - b);
}

interface GiftInput {
  cartIds: number[];
  address: OrderAddressSnapshot;
  remark: string;
  orderId: number | null;
  requestKey: string;
}

/**
 * Writes a gift order from the company's points cart lines, in the caller's transaction: locks
 * the lines, takes the items' stock with a guarded update, spends the points (guarded, oldest
 * lots first), writes the order and its lines and removes the cart lines. Returns undefined when
 * some line is gone (a repeated submit whose first order committed, or a foreign id).
 */
async function writeGift(tx: Executor, caller: DealerCaller, input: GiftInput) {
  const { rows } = await tx.execute(sql`select c.id, c.item_id, c.quantity, i.name, i.pic, i.points_price, i.on_shelf
    from points_cart_items c join points_mall_items i on i.id = c.item_id
    where c.company_id = ${caller.companyId} and c.id = any(${sql.param(input.cartIds)}::int[])
    order by c.item_id for update of c`);
  const lines = rows as Row[];
  if (lines.length !== input.cartIds.length) return undefined;
  const off = lines.find((l) => !(l.on_shelf === true || l.on_shelf === 't'));
  if (off) refuse(`${POINTS_TEXTS.itemOffShelf}：${String(off.name)}`);
  const taken = await tx.execute(sql`update points_mall_items i set stock = i.stock - w.quantity, updated_at = now()
    from unnest(${sql.param(lines.map((l) => Number(l.item_id)))}::int[], ${sql.param(lines.map((l) => Number(l.quantity)))}::int[])
      as w(item_id, quantity)
    where i.id = w.item_id and i.stock >= w.quantity returning i.id`);
  if (taken.rows.length !== lines.length) {
    const got = new Set((taken.rows as Row[]).map((r) => Number(r.id)));
    const short = lines.find((l) => !got.has(Number(l.item_id)));
    refuse(`${POINTS_TEXTS.itemNoStock}：${String(short?.name ?? '')}`);
  }
  const total = lines.reduce((sum, l) => sum + Number(l.points_price) * Number(l.quantity), 0);
  const created = await tx.execute(sql`insert into gift_orders (company_id, account_id, gift_no, points_total, address,
      remark, order_id, request_key)
    values (${caller.companyId}, ${caller.accountId},
      'GF' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('gift_no_seq')::text, 6, '0'),
      ${total}, ${JSON.stringify(input.address)}::jsonb, ${input.remark}, ${input.orderId}, ${input.requestKey})
    returning id, gift_no`);
  const gift = created.rows[0] as Row;
  const giftId = Number(gift.id);
  await tx.execute(sql`insert into gift_order_items (gift_order_id, company_id, item_id, name, pic, points_price, quantity)
    select ${giftId}, ${caller.companyId}, c.item_id, i.name, i.pic, i.points_price, c.quantity
    from points_cart_items c join points_mall_items i on i.id = c.item_id
    where c.company_id = ${caller.companyId} and c.id = any(${sql.param(input.cartIds)}::int[]) order by c.id`);
  await changeBalance(tx, {
    kind: 'points',
    companyId: caller.companyId,
    accountId: caller.accountId,
    change: -total,
    cause: 'gift_order',
    ref: String(giftId),
    note: `赠品订单 ${String(gift.gift_no)}`,
    giftOrderId: giftId,
    consumed: total,
  });
  await tx.execute(sql`delete from points_cart_items
    where company_id = ${caller.companyId} and id = any(${sql.param(input.cartIds)}::int[])`);
  return { giftId, giftNo: String(gift.gift_no), total };
}

function checkPointsCaller(ctx: DealerContext): void {
  if (!moduleEnabled(ctx.variant, 'points')) refuse(MODULE_OFF_TEXT);
  requireMainAccount(ctx.caller);
}

export interface OrderPointsInput {
  freyCoin: number;
  pointsCartId: string;
}

export interface OrderPointsResult {
  gift_order_id?: number;
  frey_coin?: number;
}

/**
 * The order's hook (called by orders/place-order.ts inside the order's transaction once the
 * order is written): spends the frey coins (bounded by the balance and by the ratio of the
 * order's goods total, refused otherwise, so the whole order rolls back) and writes the gift
 * order of the points cart lines sent with it.
 */
export async function applyOrderPoints(
  tx: Executor,
  ctx: DealerContext,
  order: { orderId: number; total: string; address: OrderAddressSnapshot; remark: string },
  input: OrderPointsInput,
): Promise<OrderPointsResult> {
  const cartIds = pointsCartIdsOf(input.pointsCartId);
  if (input.freyCoin === 0 && cartIds.length === 0) return {};
  checkPointsCaller(ctx);
  const { caller } = ctx;
  const result: OrderPointsResult = {};
  if (input.freyCoin !== 0) {
    const { freyCoin } = await lockBalances(tx, caller.companyId);
    const refusal = coinDeductionRefusal(input.freyCoin, order.total, freyCoin);
    if (refusal) refuse(refusal);
    await changeBalance(tx, {
      kind: 'coin',
      companyId: caller.companyId,
      accountId: caller.accountId,
      change: -input.freyCoin,
      cause: 'order_deduction',
      ref: String(order.orderId),
      orderId: order.orderId,
      note: `订单抵扣 ¥${coinAmount(input.freyCoin)}`,
      consumed: input.freyCoin,
    });
    result.frey_coin = input.freyCoin;
  }
  if (cartIds.length > 0) {
    const gift = await writeGift(tx, caller, {
      cartIds,
      address: order.address,
      remark: order.remark,
      orderId: order.orderId,
      requestKey: `order:${order.orderId}`,
    });
    if (!gift) refuse(POINTS_TEXTS.cartNotFound);
    result.gift_order_id = gift.giftId;
  }
  return result;
}

export const GIFT_PLACED_TEXT = '兑换成功，赠品订单已生成';
export const GIFT_REPEATED_TEXT = '赠品订单已提交，请勿重复提交';

/**
 * Shop.Order/add with points cart lines only (no parts): a gift order alone. A repeated submit
 * (same idempotency key, or the same lines) answers the first gift order.
 */
export async function placeGiftOrderAlone(
  ctx: DealerRequestContext,
  input: {
    pointsCartId: string;
    addressId: number | undefined;
    remark: string;
    freyCoin: number;
    idempotencyKey?: string;
  },
): Promise<AddOrderResponse & { msg: string }> {
  checkPointsCaller(ctx);
  if (input.freyCoin !== 0) refuse(POINTS_TEXTS.coinsWithoutParts);
  const cartIds = pointsCartIdsOf(input.pointsCartId);
  if (cartIds.length === 0) refuse(POINTS_TEXTS.cartNotFound);
  if (!input.addressId) refuse(POINTS_TEXTS.addressRequired);
  const { caller } = ctx;
  const requestKey = input.idempotencyKey ?? `points:${cartIds.join(',')}`;
  const answer = (g: { giftId: number; giftNo: string; total: number }, repeated: boolean) => ({
    order_id: 0,
    orders_no: g.giftNo,
    total_amount: '0.00',
    voucher_amount: '0.00',
    return_data: [],
    repeated: repeated ? (1 as const) : (0 as const),
    gift_order_id: g.giftId,
    points_total: g.total,
    msg: repeated ? GIFT_REPEATED_TEXT : GIFT_PLACED_TEXT,
  });
  const earlier = async (db: Executor) => {
    const { rows } = await db.execute(sql`select id, gift_no, points_total from gift_orders
      where company_id = ${caller.companyId} and request_key = ${requestKey}`);
    const r = rows[0] as Row | undefined;
    return r
      ? answer({ giftId: Number(r.id), giftNo: String(r.gift_no), total: Number(r.points_total) }, true)
      : undefined;
  };
  try {
    return await ctx.transaction(async (tx) => {
      const found = await tx.execute(sql`select id as address_id, contacts, mobile, province, city, district, street
        from addresses where id = ${input.addressId!} and company_id = ${caller.companyId}`);
      const a = found.rows[0] as OrderAddressSnapshot | undefined;
      if (!a) refuse(POINTS_TEXTS.addressNotFound);
      const gift = await writeGift(tx, caller, {
        cartIds,
        address: { ...a, address_id: Number(a.address_id) },
        remark: input.remark,
        orderId: null,
        requestKey,
      });
      if (gift) return answer(gift, false);
      return (await earlier(tx)) ?? refuse(POINTS_TEXTS.cartNotFound);
    });
  } catch (err) {
    // The same request key at the same moment: the first gift order has committed.
    if (uniqueViolation(err) === undefined) throw err;
    return (await earlier(ctx.db)) ?? refuse(POINTS_TEXTS.cartNotFound);
  }
}

/** What the order's cancel says about the gift orders placed with it (docs/points.md, 'Gift orders'). */
export const GIFT_CANCEL_TEXTS = {
  cancelled: (giftNo: string) => `随单赠品订单 ${giftNo} 已一并取消，积分已退回`,
  kept: (giftNo: string, statusCn: string) => `随单赠品订单 ${giftNo} ${statusCn}，不随订单取消`,
};

/**
 * The gift orders placed with a parts order that is being cancelled (called by the orders
 * module's cancelLockedOrder, in its transaction, with the order row locked). A gift still
 * waiting for shipment is cancelled with it: the mall stock comes back, then the points (a
 * `gift_cancelled` entry, once per gift by its ref; the lot expires as the points it paid with
 * would at the latest: a year after the gift order). A gift already shipped or received stays;
 * the answer says so. Returns one sentence per gift order, for the cancel's message.
 */
export async function cancelGiftsOfOrder(tx: Executor, companyId: number, orderId: number): Promise<string[]> {
  const { rows } = await tx.execute(sql`select id, gift_no, status, points_total, account_id, created_at
    from gift_orders where order_id = ${orderId} and company_id = ${companyId} order by id for update`);
  const notes: string[] = [];
  for (const g of rows as Row[]) {
    const giftNo = String(g.gift_no);
    const status = String(g.status) as keyof typeof GIFT_STATUS;
    if (status === 'cancelled') continue;
    if (status !== 'pending_shipment') {
      notes.push(GIFT_CANCEL_TEXTS.kept(giftNo, GIFT_STATUS[status] ?? status));
      continue;
    }
    const giftId = Number(g.id);
    await tx.execute(sql`update gift_orders set status = 'cancelled', cancelled_at = now()
      where id = ${giftId} and status = 'pending_shipment'`);
    await tx.execute(sql`update points_mall_items i set stock = i.stock + q.quantity, updated_at = now()
      from (select item_id, sum(quantity)::int as quantity from gift_order_items where gift_order_id = ${giftId}
            group by item_id order by item_id) q
      where i.id = q.item_id`);
    const total = Number(g.points_total);
    const createdAt = g.created_at instanceof Date ? g.created_at : new Date(String(g.created_at));
    await changeBalance(tx, {
      kind: 'points',
      companyId,
      accountId: Number(g.account_id),
      change: total,
      cause: 'gift_cancelled',
      ref: String(giftId),
      note: `赠品订单 ${giftNo} 随订单取消`,
      orderId,
      giftOrderId: giftId,
      expiresAt: pointsExpireAt(createdAt),
      consumed: -total,
    });
    notes.push(GIFT_CANCEL_TEXTS.cancelled(giftNo));
  }
  return notes;
}

/** POST Shop.Order/getUserMaxFreyCoin: the balance, the ratio, and what an order of `amount` may use. */
export async function maxFreyCoin(ctx: DealerRequestContext, amount: string | undefined) {
  const empty = { max_frey_coin: 0, frey_coin: 0, deduction_ratio: 0 };
  if (!moduleEnabled(ctx.variant, 'points') || !usesPoints(ctx.caller)) return empty;
  const { rows } = await ctx.db.execute(
    sql`select frey_coin from points_accounts where company_id = ${ctx.caller.companyId}`,
  );
  const balance = Number((rows[0] as Row | undefined)?.frey_coin ?? 0);
  return {
    max_frey_coin: amount === undefined ? balance : maxCoinDeduction(amount, balance),
    frey_coin: balance,
    deduction_ratio: FREY_COIN_DEDUCTION_RATIO,
  };
}

// ---- the dealer's gift orders (Shop.Gift) ----

const SUMMARY = sql`g.id, g.gift_no, g.status, g.points_total, coalesce(g.order_id, 0) as order_id, g.created_at,
  g.address, g.remark, g.carrier, g.tracking_no, g.shipped_at, g.received_at,
  (select coalesce(sum(quantity), 0)::int from gift_order_items x where x.gift_order_id = g.id) as quantity,
  (select x.name from gift_order_items x where x.gift_order_id = g.id order by x.id limit 1) as first_name,
  (select x.pic from gift_order_items x where x.gift_order_id = g.id order by x.id limit 1) as first_pic`;

const time = (v: unknown) => (v ? chinaDateTimeOf(v) : '');

export function giftSummaryOf(r: Row): GiftSummary {
  const status = String(r.status) as keyof typeof GIFT_STATUS;
  return {
    gift_id: Number(r.id),
    gift_no: String(r.gift_no),
    status,
    status_cn: GIFT_STATUS[status] ?? status,
    points_total: Number(r.points_total),
    quantity: Number(r.quantity),
    order_id: Number(r.order_id),
    create_time: time(r.created_at),
    first_name: String(r.first_name ?? ''),
    first_pic: String(r.first_pic ?? ''),
  };
}

export function giftDetailOf(r: Row, items: Row[]): GiftDetail {
  return {
    ...giftSummaryOf(r),
    items: items.map((i) => ({
      points_product_id: Number(i.item_id),
      l_name_zh: String(i.name),
      pic: String(i.pic),
      points_price: Number(i.points_price),
      quantity: Number(i.quantity),
      points_amount: Number(i.points_price) * Number(i.quantity),
    })),
    address: jsonColumn<OrderAddressSnapshot>(r.address),
    remark: String(r.remark ?? ''),
    carrier: String(r.carrier ?? ''),
    tracking_no: String(r.tracking_no ?? ''),
    shipped_at: time(r.shipped_at),
    received_at: time(r.received_at),
  };
}

/** The lines of gift orders (any company's: the caller has scoped the orders). */
export async function giftItems(db: Executor, giftId: number): Promise<Row[]> {
  const { rows } = await db.execute(sql`select item_id, name, pic, points_price, quantity from gift_order_items
    where gift_order_id = ${giftId} order by id`);
  return rows as Row[];
}

/** GET Shop.Gift/list: the company's gift orders, newest first (main account only: the controller's hook). */
export async function giftList(
  ctx: DealerRequestContext,
  q: { page: number; limit: number; status: string },
): Promise<GiftList> {
  const where = sql`g.company_id = ${ctx.caller.companyId}${q.status ? sql` and g.status = ${q.status}` : sql``}`;
  return pagedList(
    ctx.db,
    q,
    sql`select count(*)::int as n from gift_orders g where ${where}`,
    sql`select ${SUMMARY} from gift_orders g where ${where} order by g.id desc`,
    giftSummaryOf,
  );
}

/** GET Shop.Gift/detail: another company's gift answers as not found. */
export async function giftDetail(
  ctx: Pick<DealerRequestContext, 'db' | 'caller'>,
  giftId: number,
): Promise<GiftDetail> {
  const { rows } = await ctx.db.execute(sql`select ${SUMMARY} from gift_orders g
    where g.id = ${giftId} and g.company_id = ${ctx.caller.companyId}`);
  const r = rows[0] as Row | undefined;
  if (!r) refuse(POINTS_TEXTS.giftNotFound);
  return giftDetailOf(r, await giftItems(ctx.db, giftId));
}

/** GET Shop.Gift/confirmReceipt: a shipped gift becomes received (a second call is refused, nothing changes). */
export async function confirmGiftReceipt(ctx: DealerRequestContext, giftId: number): Promise<void> {
  const { rows } = await ctx.db.execute(sql`update gift_orders set status = 'received', received_at = now()
    where id = ${giftId} and company_id = ${ctx.caller.companyId} and status = 'shipped' returning id`);
  if (rows.length > 0) return;
  const gift = await giftDetail(ctx, giftId);
  refuse(gift.status === 'received' ? POINTS_TEXTS.giftAlreadyReceived : POINTS_TEXTS.giftNotShipped);
}

/** GET Shop.Gift/export: the company's gift orders with their lines as .xlsx. */
export async function giftsWorkbook(ctx: DealerRequestContext, status: string): Promise<Buffer> {
  const page = await giftList(ctx, { page: 1, limit: 20_000, status });
  if (page.list.length === 0) refuse('没有可导出的赠品订单');
  // Every listed gift's lines in one query (not one per gift).
  const { rows: items } = await ctx.db.execute(sql`select gift_order_id, name, points_price, quantity
    from gift_order_items where gift_order_id = any(${sql.param(page.list.map((g) => g.gift_id))}::int[])
    order by id`);
  const byGift = new Map<number, Row[]>();
  for (const i of items as Row[]) {
    const id = Number(i.gift_order_id);
    byGift.set(id, [...(byGift.get(id) ?? []), i]);
  }
  const rows = page.list.flatMap((g) =>
    (byGift.get(g.gift_id) ?? []).map((i) => ({
      gift_no: g.gift_no,
      create_time: g.create_time,
      status_cn: g.status_cn,
      name: String(i.name),
      points_price: Number(i.points_price),
      quantity: Number(i.quantity),
      points_amount: Number(i.points_price) * Number(i.quantity),
    })),
  );
  return sheetFile(
    '赠品订单',
    [
      { header: '赠品单号', key: 'gift_no', width: 22 },
      { header: '兑换时间', key: 'create_time', width: 20 },
      COLUMN.status,
      { header: '商品名称', key: 'name', width: 26 },
      { header: '积分单价', key: 'points_price', width: 10 },
      COLUMN.quantity,
      { header: '积分', key: 'points_amount', width: 10 },
    ],
    rows,
  );
}
