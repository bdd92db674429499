import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { usesPoints } from '@shop/core/account-rights';
import type {
  LedgerEntry,
  LedgerList,
  PointsCartLine,
  PointsCartList,
  PointsOverview,
  PointsProductList,
  SignInResult,
} from '@shop/core/api/points';
import type { PointsCartItem } from '@shop/core/api/cart';
import {
  COIN_CAUSES,
  chinaDayOf,
  coinsForPoints,
  exchangeCost,
  FREY_COIN_DEDUCTION_RATIO,
  POINTS_CAUSES,
  POINTS_CART_QUANTITY_MAX,
  POINTS_PER_FREY_COIN,
  POINTS_TEXTS,
  pointsExpireAt,
  SIGN_IN_POINTS,
  signedDaysOfMonth,
} from '@shop/core/points-rules';
import { addDays, chinaDateTime, chinaDayStart } from '../../lib/china-time';
import { containsPattern } from '../../lib/like-pattern';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import { pagedList } from '../../lib/paged-list';
import type { DealerCaller, DealerRequestContext } from '../../platform/request-context';
import { changeBalance, type LedgerKind } from './ledger';

/** The dealer side of points (docs/points.md): overview, sign-in, the mall, its cart, the ledger, exchange. */

type Row = Record<string, unknown>;

/**
 * Points are the company's and only its main account uses them (spec.md sections 4 and 6), gift
 * orders included (decision 0049, core `usesPoints`).
 */
export function requireMainAccount(caller: DealerCaller): void {
  if (!usesPoints(caller)) refuse(POINTS_TEXTS.moduleMainOnly);
}

/** The hook of the Points and Gift controllers: a dealer's sub-account is refused on every route. */
export async function mainAccountOnly(request: FastifyRequest): Promise<void> {
  if (request.ctx.caller.kind === 'dealer') requireMainAccount(request.ctx.caller);
}

export const RULE_DESCRIPTION = [
  `1. 每日签到可得 ${SIGN_IN_POINTS} 积分，每个账号每天（北京时间）限签到一次。`,
  '2. 订单全部签收后，按实付配件金额每 10 元得 1 积分；订单商品退货完成后扣回相应积分。',
  '3. 积分有效期至获得日期次年的同一天 24:00（北京时间），到期未用自动作废，使用时先用最早到期的积分。',
  `4. ${POINTS_PER_FREY_COIN} 积分可兑换 1 个积分币；1 个积分币下单时抵扣 1 元，最多抵扣订单商品金额的 ${FREY_COIN_DEDUCTION_RATIO * 100}%，订单取消后退回。`,
  '5. 积分可在积分商城兑换赠品，赠品随单或单独发货，可在“我的赠品”查看物流并确认收货。',
].join('\n');

async function balancesOf(db: Executor, companyId: number): Promise<Row> {
  const { rows } = await db.execute(sql`select c.name,
      coalesce(a.points, 0) as points, coalesce(a.frey_coin, 0) as frey_coin,
      coalesce(a.consumed_points, 0) as consumed_points, coalesce(a.consumed_frey_coin, 0) as consumed_frey_coin
    from companies c left join points_accounts a on a.company_id = c.id where c.id = ${companyId}`);
  return (rows[0] as Row | undefined) ?? {};
}

/** GET index. */
export async function pointsOverview(ctx: DealerRequestContext, now = new Date()): Promise<PointsOverview> {
  const { db, caller } = ctx;
  const today = chinaDayOf(now);
  const month = today.slice(0, 7);
  const b = await balancesOf(db, caller.companyId);
  const signed = await db.execute(sql`select day::text as day from points_sign_ins
    where account_id = ${caller.accountId} and day >= ${`${month}-01`}::date order by day`);
  const days = (signed.rows as { day: string }[]).map((r) => String(r.day).slice(0, 10));
  const soon = await db.execute(sql`select coalesce(sum(remaining), 0)::int as points, min(expires_at) as first
    from points_ledger where company_id = ${caller.companyId} and remaining > 0
      and expires_at <= ${new Date(now.getTime() + 30 * 86_400_000).toISOString()}::timestamptz`);
  const expiring = soon.rows[0] as Row;
  const pictures = await db.execute(sql`select pic from points_mall_items where on_shelf and pic <> ''
    order by sort, id limit 3`);
  const points = Number(b.points ?? 0);
  return {
    max_frey_coin: coinsForPoints(points),
    frey_coin: Number(b.frey_coin ?? 0),
    fullname: String(b.name ?? ''),
    points,
    rule_description: RULE_DESCRIPTION,
    todaySignedIn: days.includes(today) ? 1 : 0,
    consumed_frey_coin: Number(b.consumed_frey_coin ?? 0),
    consumed_points: Number(b.consumed_points ?? 0),
    carousels: (pictures.rows as { pic: string }[]).map((r) => ({ picture: r.pic, address: '/parts/points_mall' })),
    today,
    signed_days: signedDaysOfMonth(month, days),
    sign_in_points: SIGN_IN_POINTS,
    points_per_frey_coin: POINTS_PER_FREY_COIN,
    deduction_ratio: FREY_COIN_DEDUCTION_RATIO,
    expiring_points: Number(expiring.points ?? 0),
    expiring_at: expiring.first ? chinaDateTime(new Date(String(expiring.first))) : '',
  };
}

/**
 * POST signIn: once per account and China calendar day. The sign-in row's unique key (account,
 * day) decides: of simultaneous sign-ins one inserts it, the others find it and are refused.
 */
export async function signIn(ctx: DealerRequestContext, now = new Date()): Promise<SignInResult> {
  const { caller } = ctx;
  const day = chinaDayOf(now);
  return ctx.transaction(async (tx) => {
    const inserted = await tx.execute(sql`insert into points_sign_ins (company_id, account_id, day, points)
      values (${caller.companyId}, ${caller.accountId}, ${day}::date, ${SIGN_IN_POINTS})
      on conflict (account_id, day) do nothing returning id`);
    if (inserted.rows.length === 0) refuse(POINTS_TEXTS.alreadySignedIn);
    const balance = await changeBalance(
      tx,
      {
        kind: 'points',
        companyId: caller.companyId,
        accountId: caller.accountId,
        change: SIGN_IN_POINTS,
        cause: 'sign_in',
        ref: `${caller.accountId}:${day}`,
        note: `${day} 签到`,
        expiresAt: pointsExpireAt(now),
      },
      now,
    );
    if (balance === undefined) refuse(POINTS_TEXTS.alreadySignedIn);
    return { points: balance, sign_in_points: SIGN_IN_POINTS, todaySignedIn: 1 };
  });
}

/** GET getProductList: the items on shelf, in the staff's order. */
export async function productList(
  ctx: DealerRequestContext,
  q: { page: number; limit: number; keyword: string },
): Promise<PointsProductList> {
  const { db, caller } = ctx;
  const where = sql`i.on_shelf${q.keyword ? sql` and i.name ilike ${containsPattern(q.keyword)}` : sql``}`;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from points_mall_items i where ${where}`,
    sql`select i.id, i.name, i.pic, i.description, i.points_price, i.stock,
      coalesce(c.quantity, 0) as cart_number
    from points_mall_items i
    left join points_cart_items c on c.item_id = i.id and c.company_id = ${caller.companyId}
    where ${where} order by i.sort, i.id`,
    (r) => ({
      points_product_id: Number(r.id),
      l_name_zh: String(r.name),
      pic: String(r.pic),
      description: String(r.description),
      customer_sale_price: String(r.points_price),
      stock: Number(r.stock),
      cart_number: Number(r.cart_number),
    }),
  );
}

function cartLineOf(r: Row): PointsCartLine {
  return {
    points_cart_id: Number(r.id),
    points_product_id: Number(r.item_id),
    l_name_zh: String(r.name),
    pic: String(r.pic),
    customer_sale_price: String(r.points_price),
    quantity: Number(r.quantity),
    stock: Number(r.stock),
    is_on_shelf: r.on_shelf === true || r.on_shelf === 't' ? 1 : 0,
  };
}

const CART_COLUMNS = sql`c.id, c.item_id, c.quantity, i.name, i.pic, i.points_price, i.stock, i.on_shelf`;

async function cartLine(db: Executor, companyId: number, id: number): Promise<PointsCartLine> {
  const { rows } = await db.execute(sql`select ${CART_COLUMNS} from points_cart_items c
    join points_mall_items i on i.id = c.item_id where c.id = ${id} and c.company_id = ${companyId}`);
  if (rows.length === 0) refuse(POINTS_TEXTS.cartNotFound);
  return cartLineOf(rows[0] as Row);
}

/** POST addPointsCart: adds to the item's line (never above the cart's maximum or the stock). */
export async function addToPointsCart(
  ctx: DealerRequestContext,
  input: { points_product_id: number; quantity: number },
): Promise<PointsCartLine> {
  const { caller } = ctx;
  return ctx.transaction(async (tx) => {
    const item = await tx.execute(sql`select id, stock, on_shelf from points_mall_items
      where id = ${input.points_product_id}`);
    const r = item.rows[0] as Row | undefined;
    if (!r) refuse(POINTS_TEXTS.itemNotFound);
    if (!(r.on_shelf === true || r.on_shelf === 't')) refuse(POINTS_TEXTS.itemOffShelf);
    const { rows } = await tx.execute(sql`insert into points_cart_items (company_id, account_id, item_id, quantity)
      values (${caller.companyId}, ${caller.accountId}, ${input.points_product_id}, ${input.quantity})
      on conflict (company_id, item_id) do update set quantity = points_cart_items.quantity + excluded.quantity,
        updated_at = now()
      returning id, quantity`);
    const line = rows[0] as Row;
    if (Number(line.quantity) > POINTS_CART_QUANTITY_MAX) refuse(POINTS_TEXTS.quantity);
    if (Number(line.quantity) > Number(r.stock)) refuse(POINTS_TEXTS.itemNoStock);
    return cartLine(tx, caller.companyId, Number(line.id));
  });
}

/** POST updatePointsCartQuantity / decPointsCartNumber (one less; the line goes at 0). */
export async function setPointsCartQuantity(
  ctx: DealerRequestContext,
  id: number,
  quantity: number | 'less',
): Promise<PointsCartLine | null> {
  const { caller } = ctx;
  return ctx.transaction(async (tx) => {
    const current = await cartLine(tx, caller.companyId, id);
    const next = quantity === 'less' ? current.quantity - 1 : quantity;
    if (next <= 0) {
      await tx.execute(sql`delete from points_cart_items where id = ${id} and company_id = ${caller.companyId}`);
      return null;
    }
    if (next > current.quantity && next > current.stock) refuse(POINTS_TEXTS.itemNoStock);
    await tx.execute(sql`update points_cart_items set quantity = ${next}, updated_at = now()
      where id = ${id} and company_id = ${caller.companyId}`);
    return { ...current, quantity: next };
  });
}

/** GET delPointsCart: removes the company's lines among `ids` (others' ids are ignored as not found). */
export async function deletePointsCartLines(ctx: DealerRequestContext, ids: number[]): Promise<number> {
  const { rows } = await ctx.db.execute(sql`delete from points_cart_items
    where company_id = ${ctx.caller.companyId} and id = any(${sql.param(ids)}::int[]) returning id`);
  if (rows.length === 0) refuse(POINTS_TEXTS.cartNotFound);
  return rows.length;
}

/** GET pointsCartList (page 1, limit 999 from the cart page). */
export async function pointsCartList(
  ctx: DealerRequestContext,
  q: { page: number; limit: number },
): Promise<PointsCartList> {
  const { db, caller } = ctx;
  const page = await pagedList(
    db,
    q,
    sql`select count(*)::int as n from points_cart_items where company_id = ${caller.companyId}`,
    sql`select ${CART_COLUMNS} from points_cart_items c
    join points_mall_items i on i.id = c.item_id where c.company_id = ${caller.companyId}
    order by c.id`,
    cartLineOf,
  );
  const b = await balancesOf(db, caller.companyId);
  return { ...page, points: Number(b.points ?? 0) };
}

/** The points lines merged into a main account's cart (Shop.Cart/getList, spec.md section 4). */
export async function pointsCartItems(ctx: Pick<DealerRequestContext, 'db' | 'caller'>): Promise<PointsCartItem[]> {
  const { rows } = await ctx.db.execute(sql`select ${CART_COLUMNS} from points_cart_items c
    join points_mall_items i on i.id = c.item_id where c.company_id = ${ctx.caller.companyId} order by c.id`);
  return (rows as Row[]).map((r) => ({
    points_cart_id: Number(r.id),
    points_product_id: Number(r.item_id),
    l_name_zh: String(r.name),
    pic: String(r.pic ?? ''),
    customer_sale_price: String(r.points_price),
    quantity: Number(r.quantity),
    stock: Number(r.stock),
  }));
}

/** The ledger filters after parsing (LedgerQuery). */
export interface LedgerFilters {
  page: number;
  limit: number;
  kind: LedgerKind;
  cause: string;
  direction: number;
  start_date?: string;
  end_date?: string;
}

/** The ledger of a company (myPointsList, and the back office's view of a company). */
export async function ledgerPage(db: Executor, companyId: number, q: LedgerFilters): Promise<LedgerList> {
  const kind: LedgerKind = q.kind;
  const table = sql.raw(kind === 'points' ? 'points_ledger' : 'frey_coin_ledger');
  const conditions = [sql`company_id = ${companyId}`];
  if (q.cause) conditions.push(sql`cause = ${q.cause}`);
  if (q.direction === 1) conditions.push(sql`change > 0`);
  if (q.direction === 2) conditions.push(sql`change < 0`);
  if (q.start_date) conditions.push(sql`created_at >= ${chinaDayStart(q.start_date).toISOString()}::timestamptz`);
  if (q.end_date) {
    conditions.push(sql`created_at < ${chinaDayStart(addDays(q.end_date, 1)).toISOString()}::timestamptz`);
  }
  const where = sql.join(conditions, sql` and `);
  const expires = kind === 'points' ? sql`expires_at` : sql`null::timestamptz as expires_at`;
  const names: Record<string, string> = kind === 'points' ? POINTS_CAUSES : COIN_CAUSES;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from ${table} where ${where}`,
    sql`select id, change, balance_after, cause, note, created_at, ${expires}
    from ${table} where ${where} order by id desc`,
    (r): LedgerEntry => ({
      id: Number(r.id),
      change: Number(r.change),
      balance_after: Number(r.balance_after),
      cause: String(r.cause),
      cause_cn: names[String(r.cause)] ?? String(r.cause),
      note: String(r.note ?? ''),
      create_time: chinaDateTime(new Date(String(r.created_at))),
      expires_at: r.expires_at && Number(r.change) > 0 ? chinaDateTime(new Date(String(r.expires_at))) : '',
    }),
  );
}

/**
 * POST exchangeFreyCoin: `coins` frey coins for coins × 10 points, in one transaction under the
 * company's balance lock; a spend above the balance is refused and changes nothing.
 */
export async function exchangeFreyCoin(ctx: DealerRequestContext, coins: number, now = new Date()) {
  const { caller } = ctx;
  const cost = exchangeCost(coins);
  return ctx.transaction(async (tx) => {
    const points = await changeBalance(
      tx,
      {
        kind: 'points',
        companyId: caller.companyId,
        accountId: caller.accountId,
        change: -cost,
        cause: 'exchange',
        note: `兑换 ${coins} 个积分币`,
        consumed: cost,
      },
      now,
    );
    const freyCoin = await changeBalance(tx, {
      kind: 'coin',
      companyId: caller.companyId,
      accountId: caller.accountId,
      change: coins,
      cause: 'exchange',
      note: `${cost} 积分兑换`,
    });
    return { points: points!, frey_coin: freyCoin! };
  });
}
