import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { money } from '@shop/core/money';
import {
  CART_BATCH_MAX,
  CART_MESSAGES,
  CART_QUANTITY_MAX,
  cartAddRefusal,
  checkCartQuantity,
  checkWarehouseType,
  lineTotal,
  parseCartIds,
  type CartAddRequest,
  type CartCount,
  type CartItem,
  type CartLineResult,
  type CartList,
  type CartParams,
  type PointsCartItem,
} from '@shop/core/api/cart';
import { beijingWarehouseEnabled, moduleEnabled } from '@shop/core/brand-variants';
import type { Db } from '../../db/client';
import { cartItems } from '../../db/schema/cart';
import { products, productStocks } from '../../db/schema/catalog';
import { refuse } from '../../lib/errors';
import type { DealerCaller, DealerContext } from '../../platform/request-context';
import { pointsCartItems } from '../points/service';

/**
 * The company's cart (spec.md sections 3, 4, 5 and 7 'Cart'). Every account of a company sees
 * and changes the same lines; every query is scoped to auth.companyId, so another company's
 * pd_cart_id answers '找不到购物车数据' like a missing one.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

function unwrap<T>(checked: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!checked.ok) refuse(checked.message);
  return checked.value;
}

/** Warehouse 2 only for a regional account in a variant with the Beijing warehouse. */
function allowedWarehouse(ctx: DealerContext, raw: string | number | undefined): 1 | 2 {
  const warehouse = unwrap(checkWarehouseType(raw));
  if (warehouse === 2 && !beijingWarehouseEnabled(ctx.variant, ctx.caller.isRegionalWarehouse)) {
    refuse(CART_MESSAGES.beijingNotAllowed);
  }
  return warehouse;
}

interface NewLine {
  productId: number;
  quantity: number;
  warehouse: 1 | 2;
  comingSoon: boolean;
}

/** Checks one add request (content rules, part exists and may be ordered) without writing. */
async function checkLines(db: Executor, ctx: DealerContext, requests: CartAddRequest[]): Promise<NewLine[]> {
  const variant = ctx.variant;
  const lines = requests.map((r) => ({
    productId: Number(r.product_id),
    quantity: unwrap(checkCartQuantity(r.quantity, 1)),
    warehouse: allowedWarehouse(ctx, r.warehouse_type),
    comingSoon:
      variant.comingSoonCartFlag && (r.is_coming_soon === 1 || r.is_coming_soon === '1' || r.is_coming_soon === true),
  }));
  const ids = [...new Set(lines.map((l) => l.productId))];
  const found = await db
    .select({ id: products.id, frey_no: products.freyNo, orderable: products.isOrderable })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const beijing = await beijingStocks(
    db,
    lines.filter((l) => l.warehouse === 2).map((l) => l.productId),
  );
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) refuse(CART_MESSAGES.productMissing);
    const refusal =
      product.orderable !== 1
        ? CART_MESSAGES.notOrderable
        : cartAddRefusal(line.warehouse, beijing.get(line.productId));
    if (refusal) refuse(lines.length > 1 ? `${product.frey_no}：${refusal}` : refusal);
  }
  return lines;
}

/** Adds to the line of the same part, warehouse and coming-soon flag, or creates it. */
async function upsertLine(db: Executor, auth: DealerCaller, line: NewLine): Promise<CartLineResult> {
  const rows = await db
    .insert(cartItems)
    .values({
      companyId: auth.companyId,
      accountId: auth.accountId,
      productId: line.productId,
      warehouseId: line.warehouse,
      quantity: line.quantity,
      isComingSoon: line.comingSoon,
    })
    .onConflictDoUpdate({
      target: [cartItems.companyId, cartItems.productId, cartItems.warehouseId, cartItems.isComingSoon],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${CART_QUANTITY_MAX}`,
    })
    .returning({ pd_cart_id: cartItems.id, quantity: cartItems.quantity });
  const row = rows[0];
  if (!row) refuse(CART_MESSAGES.quantityTooLarge);
  return row;
}

/** POST add. */
export async function addToCart(db: Db, ctx: DealerContext, request: CartAddRequest): Promise<CartLineResult> {
  const [line] = await checkLines(db, ctx, [request]);
  return upsertLine(db, ctx.caller, line!);
}

/** POST batchAdd: every line is checked first; all are added in one transaction, or none. */
export async function batchAddToCart(db: Db, ctx: DealerContext, list: CartAddRequest[]): Promise<CartLineResult[]> {
  if (list.length === 0) refuse(CART_MESSAGES.batchEmpty);
  if (list.length > CART_BATCH_MAX) refuse(CART_MESSAGES.batchTooMany);
  const lines = await checkLines(db, ctx, list);
  // The same part and warehouse twice in one batch becomes one line.
  const merged = new Map<string, NewLine>();
  for (const l of lines) {
    const key = `${l.productId}:${l.warehouse}:${l.comingSoon}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, quantity: prev.quantity + l.quantity } : l);
  }
  return db.transaction(async (tx) => {
    const results: CartLineResult[] = [];
    for (const line of merged.values()) {
      if (line.quantity > CART_QUANTITY_MAX) refuse(CART_MESSAGES.quantityTooLarge);
      results.push(await upsertLine(tx, ctx.caller, line));
    }
    return results;
  });
}

async function lineOf(db: Executor, auth: DealerCaller, pdCartId: number, lock = false) {
  const query = db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      warehouseId: cartItems.warehouseId,
      quantity: cartItems.quantity,
      isComingSoon: cartItems.isComingSoon,
    })
    .from(cartItems)
    .where(and(eq(cartItems.id, pdCartId), eq(cartItems.companyId, auth.companyId)));
  const [line] = lock ? await query.for('update') : await query;
  if (!line) refuse(CART_MESSAGES.notFound);
  return line;
}

/** The Beijing stock of the parts (a part without a Beijing stock row is missing: none). */
async function beijingStocks(db: Executor, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productStocks.productId, available: productStocks.available })
    .from(productStocks)
    .where(and(inArray(productStocks.productId, [...new Set(productIds)]), eq(productStocks.warehouseId, 2)));
  return new Map(rows.map((r) => [r.productId, r.available]));
}

async function beijingStock(db: Executor, productId: number): Promise<number | undefined> {
  return (await beijingStocks(db, [productId])).get(productId);
}

/**
 * POST addMore: sets a line's quantity (plus, minus or typed; 0 allowed, spec.md section 4).
 * Raising a Beijing line with no Beijing stock is refused (cartAddRefusal: '北京仓暂无库存').
 */
export async function setLineQuantity(
  db: Db,
  ctx: DealerContext,
  pdCartId: number,
  rawQuantity: string | number,
): Promise<CartLineResult> {
  const quantity = unwrap(checkCartQuantity(rawQuantity, 0));
  return db.transaction(async (tx) => {
    const line = await lineOf(tx, ctx.caller, pdCartId, true);
    if (line.warehouseId === 2 && quantity > line.quantity) {
      const refusal = cartAddRefusal(2, await beijingStock(tx, line.productId));
      if (refusal) refuse(refusal);
    }
    await tx
      .update(cartItems)
      .set({ quantity, updatedAt: sql`now()` })
      .where(and(eq(cartItems.id, line.id), eq(cartItems.companyId, ctx.caller.companyId)));
    return { pd_cart_id: line.id, quantity };
  });
}

/**
 * POST updateWarehouse: moves a line; a line of the same part already there absorbs it. Moving to
 * Beijing is refused when the part has no Beijing stock (cartAddRefusal).
 */
export async function moveLineToWarehouse(
  db: Db,
  ctx: DealerContext,
  pdCartId: number,
  rawWarehouse: string | number,
): Promise<CartLineResult> {
  const warehouse = allowedWarehouse(ctx, rawWarehouse);
  return db.transaction(async (tx) => {
    const line = await lineOf(tx, ctx.caller, pdCartId, true);
    if (line.warehouseId === warehouse) return { pd_cart_id: line.id, quantity: line.quantity };
    // Moving a line to Beijing adds its quantity there: the same rule as add.
    if (warehouse === 2) {
      const refusal = cartAddRefusal(2, await beijingStock(tx, line.productId));
      if (refusal) refuse(refusal);
    }
    const [target] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.companyId, ctx.caller.companyId),
          eq(cartItems.productId, line.productId),
          eq(cartItems.warehouseId, warehouse),
          eq(cartItems.isComingSoon, line.isComingSoon),
        ),
      )
      .for('update');
    if (!target) {
      await tx
        .update(cartItems)
        .set({ warehouseId: warehouse, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id));
      return { pd_cart_id: line.id, quantity: line.quantity };
    }
    const quantity = target.quantity + line.quantity;
    if (quantity > CART_QUANTITY_MAX) refuse(CART_MESSAGES.quantityTooLarge);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    await tx
      .update(cartItems)
      .set({ quantity, updatedAt: sql`now()` })
      .where(eq(cartItems.id, target.id));
    return { pd_cart_id: target.id, quantity };
  });
}

/** POST delete: all the ids must be the company's lines, else nothing is deleted. */
export async function deleteLines(
  db: Db,
  auth: DealerCaller,
  raw: string | number | readonly (string | number)[],
): Promise<number> {
  const ids = parseCartIds(raw);
  if (!ids) refuse(CART_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.companyId, auth.companyId), inArray(cartItems.id, ids)))
      .returning({ id: cartItems.id });
    if (deleted.length !== ids.length) refuse(CART_MESSAGES.notFound);
    return deleted.length;
  });
}

interface LineRow {
  pd_cart_id: number;
  product_id: number;
  frey_no: string;
  number: string;
  l_name_zh: string;
  l_model_zh: string;
  pic: string;
  price: string | null;
  quantity: number;
  warehouse_type: number;
  stock: number | null;
  beijing_stock: number | null;
  is_delisting: number;
  is_orderable: number;
  is_coming_soon: boolean;
  user_name: string;
  created_at: Date | string;
}

export interface CartFilters {
  l_model_zh?: string;
  user_name?: string;
}

/** The company's lines, newest first, with the caller's price (the variant's first price label). */
export async function cartLines(db: Db, ctx: DealerContext, filters: CartFilters = {}): Promise<CartItem[]> {
  const priceKey = ctx.variant.priceLabels[0]!.key;
  const model = filters.l_model_zh?.trim() ?? '';
  const user = filters.user_name?.trim() ?? '';
  const result = await db.execute(sql`
    select c.id as pd_cart_id, c.product_id, p.frey_no, p.oe_number as number, p.l_name_zh, p.l_model_zh, p.pic,
      pp.amount::text as price, c.quantity, c.warehouse_id as warehouse_type,
      s.available as stock, sb.available as beijing_stock,
      p.is_delisting, p.is_orderable, c.is_coming_soon, a.username as user_name, c.created_at
    from cart_items c
      join products p on p.id = c.product_id
      join accounts a on a.id = c.account_id
      left join product_prices pp on pp.product_id = c.product_id and pp.price_key = ${priceKey}
      left join product_stocks s on s.product_id = c.product_id and s.warehouse_id = c.warehouse_id
      left join product_stocks sb on sb.product_id = c.product_id and sb.warehouse_id = 2
    where c.company_id = ${ctx.caller.companyId}
      ${model ? sql`and p.l_model_zh = ${model}` : sql``}
      ${user ? sql`and a.username = ${user}` : sql``}
    order by c.created_at desc, c.id desc`);
  return (result.rows as unknown as LineRow[]).map((r) => {
    const price = money(r.price);
    return {
      pd_cart_id: Number(r.pd_cart_id),
      product_id: Number(r.product_id),
      frey_no: r.frey_no,
      number: r.number,
      l_name_zh: r.l_name_zh,
      l_model_zh: r.l_model_zh,
      pic: r.pic,
      price,
      quantity: Number(r.quantity),
      tootal_price: lineTotal(price, Number(r.quantity)),
      warehouse_type: Number(r.warehouse_type) === 2 ? 2 : 1,
      stock: Number(r.stock ?? 0),
      beijing_stock: Number(r.beijing_stock ?? 0),
      is_delisting: Number(r.is_delisting) === 1 ? 1 : 0,
      is_orderable: Number(r.is_orderable) === 1 ? 1 : 0,
      is_coming_soon: r.is_coming_soon === true || String(r.is_coming_soon) === 't' ? 1 : 0,
      user_name: r.user_name,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
}

/**
 * Points-mall lines merged into a main account's cart when the variant enables points
 * (spec.md section 4; the points module's cart).
 */
export async function pointsCartLines(db: Db, ctx: DealerContext): Promise<PointsCartItem[]> {
  if (!ctx.caller.isMain || !moduleEnabled(ctx.variant, 'points')) return [];
  return pointsCartItems({ db, caller: ctx.caller });
}

/** POST getList. */
export async function cartList(db: Db, ctx: DealerContext, filters: CartFilters): Promise<CartList> {
  const [cart_list, points_cart_list] = await Promise.all([cartLines(db, ctx, filters), pointsCartLines(db, ctx)]);
  const settleable = cart_list.some((l) => l.quantity > 0 && l.is_orderable === 1);
  return { cart_list, points_cart_list, is_settlement: settleable ? 1 : 0 };
}

/**
 * cart_number of a home card: how many of the part (`productId`, a column of the enclosing query)
 * the company's cart holds, both warehouses together, as a scalar subquery. (Part rows read it
 * with the caller's other data, once per statement: catalog/product-rows.ts, row_marks.)
 */
export function partQuantityInCart(companyId: number, productId: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(c.quantity), 0)::int from cart_items c
    where c.company_id = ${companyId} and c.product_id = ${productId})`;
}

/** The header's cartNumber: lines and total quantity of the company's cart. */
export async function cartCount(db: Db, auth: DealerCaller): Promise<CartCount> {
  const [row] = await db
    .select({ lines: sql<number>`count(*)::int`, quantity: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.companyId, auth.companyId));
  return { cart_number: Number(row?.lines ?? 0), total_quantity: Number(row?.quantity ?? 0) };
}

/** GET paramsList: the vehicle models and the adders present in the cart. */
export async function cartParams(db: Db, auth: DealerCaller): Promise<CartParams> {
  const models = await db.execute(sql`
    select distinct p.l_model_zh as v from cart_items c join products p on p.id = c.product_id
    where c.company_id = ${auth.companyId} and p.l_model_zh <> '' order by 1`);
  const users = await db.execute(sql`
    select distinct a.username as v from cart_items c join accounts a on a.id = c.account_id
    where c.company_id = ${auth.companyId} order by 1`);
  const values = (rows: unknown[]) => (rows as { v: string }[]).map((r) => r.v);
  return { l_model_zh_list: values(models.rows), user_name_list: values(users.rows) };
}
