import { and, eq, or, sql } from 'drizzle-orm';
import type { AddOrderResponse, LackItem } from '@shop/core/api/orders';
import { getBrandVariant, type BrandKey } from '@shop/core/brand-variants';
import { LACK_TYPE, LACK_TYPE_TEXT } from '@shop/core/order-status';
import type { Db } from '../../db/client';
import { orders, type OrderAddressSnapshot } from '../../db/schema/orders';
import { refuse } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { executeNamedInTx } from '../../db/named-query';
import type { Executor } from './notifications';

/**
 * Order placement (POST /api/Shop.Order/add; rules in docs/orders.md), one transaction:
 * locks the chosen cart lines (the caller's company only) with their stock rows, answers a
 * repeated submit with the first order, takes today's prices from the catalog, takes stock per
 * warehouse with a conditional update (never below 0), and in one statement writes the order
 * (number SO + China date + sequence), its lines and lack items, removes the cart lines and
 * queues the account's message. Two statements (plus BEGIN and COMMIT) in the common case.
 */
export const CART_NOT_FOUND_TEXT = '找不到购物车数据';
export const NOTHING_SELECTED_TEXT = '请选择要结算的商品';
export const ADDRESS_REQUIRED_TEXT = '请选择收货地址';
export const BEIJING_ADDRESS_REQUIRED_TEXT = '请选择北京仓收货地址';
export const ADDRESS_NOT_FOUND_TEXT = '收货地址不存在，请重新选择';
export const BEIJING_NOT_ALLOWED_TEXT = '当前账号不能从北京仓下单';
export const NOTHING_IN_STOCK_TEXT = '所选商品均无库存，未生成订单，可在商品页订阅到货提醒';
export const ZERO_QUANTITY_TEXT = '商品数量必须大于 0';
export const NOT_ORDERABLE_TEXT = '商品暂不可订购，请从购物车移除后再结算';
export const POINTS_NOT_AVAILABLE_TEXT = '积分余额不足，不能抵扣';
export const VOUCHER_NOT_AVAILABLE_TEXT = '优惠券不可用';
export const POINTS_CART_NOT_AVAILABLE_TEXT = '积分商品暂不能与配件一起结算';
export const BAD_IDEMPOTENCY_KEY_TEXT = '参数错误：Idempotency-Key 格式不正确';
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

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

function lackRow(
  l: {
    id: number;
    productId: number;
    warehouseId: number;
    orderType: number;
    quantity: number;
    suppliedQuantity: number;
    lackQuantity: number;
    price: string;
  },
  p: { frey_no: string; number: string; l_name_zh: string; pic: string },
  isApply: boolean,
): LackItem {
  const orderType = l.orderType === LACK_TYPE.short ? 2 : 1;
  return {
    lack_id: l.id,
    product_id: l.productId,
    frey_no: p.frey_no,
    number: p.number,
    l_name_zh: p.l_name_zh,
    pic: p.pic,
    warehouse_type: l.warehouseId === 2 ? 2 : 1,
    order_type: orderType,
    order_type_cn: LACK_TYPE_TEXT[orderType],
    quantity: l.quantity,
    supplied_number: l.suppliedQuantity,
    lack_number: l.lackQuantity,
    price: Number(l.price).toFixed(2),
    is_apply: isApply ? 1 : 0,
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
  return (result.rows as Record<string, unknown>[]).map((r) =>
    lackRow(
      {
        id: Number(r.id),
        productId: Number(r.product_id),
        warehouseId: Number(r.warehouse_id),
        orderType: Number(r.order_type),
        quantity: Number(r.quantity),
        suppliedQuantity: Number(r.supplied_quantity),
        lackQuantity: Number(r.lack_quantity),
        price: String(r.price),
      },
      { frey_no: String(r.frey_no), number: String(r.oe_number), l_name_zh: String(r.l_name_zh), pic: String(r.pic) },
      r.is_apply === true,
    ),
  );
}

async function existingOrder(
  tx: Executor,
  auth: AuthContext,
  idempotencyKey: string | undefined,
  cartKey: string,
): Promise<PlaceOrderResult | undefined> {
  const match = idempotencyKey
    ? or(eq(orders.idempotencyKey, idempotencyKey), eq(orders.cartKey, cartKey))
    : eq(orders.cartKey, cartKey);
  const [found] = await tx
    .select({ id: orders.id, ordersNo: orders.ordersNo, totalAmount: orders.totalAmount })
    .from(orders)
    .where(and(eq(orders.companyId, auth.companyId), match))
    .limit(1);
  if (!found) return undefined;
  return {
    order_id: found.id,
    orders_no: found.ordersNo,
    total_amount: Number(found.totalAmount).toFixed(2),
    return_data: await loadLackItems(tx, auth.companyId, auth.accountId, found.id),
    repeated: 1,
    msg: ORDER_REPEATED_TEXT,
  };
}

export async function placeOrder(
  db: Db,
  auth: AuthContext,
  brand: BrandKey,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult> {
  if (input.freyCoin > 0) refuse(POINTS_NOT_AVAILABLE_TEXT);
  if (input.voucherOrdersId.trim() !== '' && input.voucherOrdersId.trim() !== '0') refuse(VOUCHER_NOT_AVAILABLE_TEXT);
  if (input.pointsCartId.trim() !== '') refuse(POINTS_CART_NOT_AVAILABLE_TEXT);
  const variant = getBrandVariant(brand);
  const priceKey = variant.priceLabels[0]!.key;
  const cartKey = input.cartIds.join(',');
  const beijingAllowed = variant.beijingWarehouse && auth.isRegionalWarehouse;

  // On the usual connections: on the generic-plan ones (db/named-query.ts) the hot-part mix of
  // `npm run bench -- orders` placed 350 orders/s instead of 550-650 (measured, not explained).
  const run = () =>
    db.transaction(async (tx) => {
      // 1. The chosen cart lines of the caller's company with today's price and their stock rows,
      //    all locked. Stock rows are locked in (product, warehouse) order, so concurrent orders
      //    never deadlock; a repeated submit of the same lines waits here for the first one.
      const addressIds = [input.addressId, input.otherAddressId].filter((id): id is number => id !== undefined);
      const selectLines = () =>
        executeNamedInTx(
          tx,
          'order_lines_lock',
          sql`
        with addr as (
          select coalesce(json_agg(json_build_object('address_id', a.id, 'contacts', a.contacts, 'mobile', a.mobile,
            'province', a.province, 'city', a.city, 'district', a.district, 'street', a.street)), '[]'::json) as list
          from addresses a where a.company_id = ${auth.companyId} and a.id = any(${sql.param(addressIds)}::int[])
        )
        select c.id as cart_id, c.product_id, c.warehouse_id, c.quantity, pp.amount::text as price,
          p.frey_no, p.oe_number, p.l_name_zh, p.pic, p.is_orderable, s.available, (select list from addr) as addresses
        from cart_items c
        join products p on p.id = c.product_id
        join product_stocks s on s.product_id = c.product_id and s.warehouse_id = c.warehouse_id
        left join product_prices pp on pp.product_id = c.product_id and pp.price_key = ${priceKey}
        where c.company_id = ${auth.companyId} and c.id = any(${sql.param(input.cartIds)}::int[])
        order by c.product_id, c.warehouse_id, c.id
        for update of c, s`,
        );
      let lineResult = await selectLines();
      if (lineResult.rows.length !== input.cartIds.length) {
        // A part without a stock row in that warehouse has none: give it an empty row and read again.
        const added = await tx.execute(sql`insert into product_stocks (product_id, warehouse_id, available)
          select c.product_id, c.warehouse_id, 0 from cart_items c
          where c.company_id = ${auth.companyId} and c.id = any(${sql.param(input.cartIds)}::int[])
          on conflict do nothing returning product_id`);
        if (added.rows.length > 0) lineResult = await selectLines();
      }
      const lines = (lineResult.rows as unknown as (CartLine & { available: number })[])
        .map((l) => ({
          ...l,
          cart_id: Number(l.cart_id),
          product_id: Number(l.product_id),
          warehouse_id: Number(l.warehouse_id),
          quantity: Number(l.quantity),
          available: Number(l.available),
        }))
        .sort((a, b) => a.cart_id - b.cart_id);
      if (lines.length !== input.cartIds.length) {
        // The lines are gone: a repeated submit whose first order has committed, or a bad id.
        const repeated = await existingOrder(tx, auth, input.idempotencyKey, cartKey);
        if (repeated) return repeated;
        refuse(CART_NOT_FOUND_TEXT);
      }
      // The same Idempotency-Key on other lines would break the unique key: answered below.
      const zero = lines.find((l) => l.quantity <= 0);
      if (zero) refuse(`${ZERO_QUANTITY_TEXT}：${zero.l_name_zh}（${zero.frey_no}）`);
      const hasGuangzhou = lines.some((l) => l.warehouse_id === 1);
      const hasBeijing = lines.some((l) => l.warehouse_id === 2);
      if (hasBeijing && !beijingAllowed) refuse(BEIJING_NOT_ALLOWED_TEXT);
      const closed = lines.find((l) => Number(l.is_orderable) !== 1);
      if (closed) refuse(`${NOT_ORDERABLE_TEXT}：${closed.l_name_zh}（${closed.frey_no}）`);
      const noPrice = lines.find((l) => l.price === null);
      if (noPrice) refuse(`商品暂无价格，不能下单：${noPrice.l_name_zh}（${noPrice.frey_no}）`);

      // 2. Addresses (read with the lines): address_id for the Guangzhou lines (or an order of Beijing lines only),
      //    other_address_id for the Beijing lines of an order with both warehouses.
      const isSplit = hasGuangzhou && hasBeijing;
      const mainAddressId = input.addressId ?? (!hasGuangzhou ? input.otherAddressId : undefined);
      if (!mainAddressId) refuse(ADDRESS_REQUIRED_TEXT);
      if (isSplit && !input.otherAddressId) refuse(BEIJING_ADDRESS_REQUIRED_TEXT);
      const firstRow = lineResult.rows[0] as { addresses: OrderAddressSnapshot[] | string };
      const found = (
        typeof firstRow.addresses === 'string' ? JSON.parse(firstRow.addresses) : firstRow.addresses
      ) as OrderAddressSnapshot[];
      const byId = new Map(found.map((a) => [Number(a.address_id), a]));
      const mainAddress = byId.get(mainAddressId);
      if (!mainAddress) refuse(ADDRESS_NOT_FOUND_TEXT);
      const otherAddress = isSplit ? byId.get(input.otherAddressId!) : undefined;
      if (isSplit && !otherAddress) refuse(ADDRESS_NOT_FOUND_TEXT);

      // 3. Take what the (locked) stock allows, line by line; the rest becomes lack items.
      const left = new Map<string, number>();
      for (const l of lines) left.set(`${l.product_id}:${l.warehouse_id}`, l.available);
      const before = new Map(left);
      const taken = lines.map((l) => {
        const key = `${l.product_id}:${l.warehouse_id}`;
        const have = left.get(key) ?? 0;
        const take = Math.min(have, l.quantity);
        left.set(key, have - take);
        return take;
      });
      if (taken.every((t) => t === 0)) refuse(NOTHING_IN_STOCK_TEXT);
      const decrements = [...before.keys()]
        .map((key) => ({ key, take: before.get(key)! - left.get(key)! }))
        .filter((d) => d.take > 0);
      // 4. The stock taken, the order, its lines, its lack items, the cart lines removed and the message:
      //    one statement.
      const total = lines.reduce((sum, l, i) => sum + Math.round(Number(l.price) * 100) * taken[i]!, 0) / 100;
      const supplied = lines.flatMap((l, i) => (taken[i]! > 0 ? [{ l, q: taken[i]! }] : []));
      const lacking = lines.flatMap((l, i) => (taken[i]! < l.quantity ? [{ l, q: taken[i]! }] : []));
      const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;
      const texts = (values: string[]) => sql`${sql.param(values)}::text[]`;
      const lackNote = lacking.length > 0 ? `；${lacking.length} 种商品库存不足` : '';
      const pairOf = (key: string) => key.split(':').map(Number) as [number, number];
      // The conditional update can never take stock below 0; under the row locks every one applies.
      const written = await executeNamedInTx(
        tx,
        'order_write',
        sql`
        with upd as (
          update product_stocks s set available = s.available - d.take, updated_at = now()
          from unnest(${ints(decrements.map((d) => pairOf(d.key)[0]))}, ${ints(decrements.map((d) => pairOf(d.key)[1]))},
                      ${ints(decrements.map((d) => d.take))}) as d(product_id, warehouse_id, take)
          where s.product_id = d.product_id and s.warehouse_id = d.warehouse_id and s.available >= d.take
          returning s.product_id
        ),
        o as (
          insert into orders (company_id, account_id, orders_no, status, total_amount, address, other_address,
            remark, beijing_remark, is_split, idempotency_key, cart_key)
          values (${auth.companyId}, ${auth.accountId},
            'SO' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 7, '0'),
            'pending_shipment', ${total.toFixed(2)}, ${JSON.stringify(mainAddress)}::jsonb,
            ${otherAddress ? JSON.stringify(otherAddress) : null}::jsonb, ${input.remark},
            ${hasBeijing ? input.beijingRemark : ''}, ${isSplit ? 1 : 0}, ${input.idempotencyKey ?? null}, ${cartKey})
          returning id, orders_no, created_at
        ),
        items as (
          insert into order_items (order_id, company_id, product_id, warehouse_id, quantity, price, created_at)
          select o.id, ${auth.companyId}, t.product_id, t.warehouse_id, t.quantity, t.price::numeric, o.created_at
          from o, unnest(${ints(supplied.map((s) => s.l.product_id))}, ${ints(supplied.map((s) => s.l.warehouse_id))},
            ${ints(supplied.map((s) => s.q))}, ${texts(supplied.map((s) => Number(s.l.price).toFixed(2)))})
            with ordinality as t(product_id, warehouse_id, quantity, price, n)
          order by t.n
          returning id
        ),
        lack as (
          insert into order_lack_items (order_id, company_id, product_id, warehouse_id, order_type, quantity,
            supplied_quantity, lack_quantity, price, created_at)
          select o.id, ${auth.companyId}, t.product_id, t.warehouse_id,
            case when t.supplied = 0 then ${LACK_TYPE.outOfStock}::smallint else ${LACK_TYPE.short}::smallint end,
            t.quantity, t.supplied, t.quantity - t.supplied, t.price::numeric, o.created_at
          from o, unnest(${ints(lacking.map((s) => s.l.product_id))}, ${ints(lacking.map((s) => s.l.warehouse_id))},
            ${ints(lacking.map((s) => s.l.quantity))}, ${ints(lacking.map((s) => s.q))},
            ${texts(lacking.map((s) => Number(s.l.price).toFixed(2)))})
            with ordinality as t(product_id, warehouse_id, quantity, supplied, price, n)
          order by t.n
          returning id, product_id, warehouse_id, order_type, quantity, supplied_quantity, lack_quantity, price::text as price
        ),
        gone as (
          delete from cart_items where company_id = ${auth.companyId} and id = any(${ints(input.cartIds)}) returning id
        ),
        note as (
          insert into account_notifications (company_id, account_id, kind, title, body, link, order_id)
          select ${auth.companyId}, ${auth.accountId}, 'order_placed', '订单已提交',
            '订单 ' || o.orders_no || ${` 已提交，共 ${supplied.length} 种商品，金额 ¥${total.toFixed(2)}${lackNote}。`},
            '/profile/myorder/detail?id=' || o.id, o.id
          from o returning id
        )
        select o.id, o.orders_no,
          (select coalesce(json_agg(lack order by lack.id), '[]'::json) from lack) as lack,
          (select count(*) from items) as items, (select count(*) from gone) as gone, (select count(*) from note) as notes,
          (select count(*) from upd)::int as updated
        from o`,
      );
      const row = written.rows[0] as { id: number; orders_no: string; lack: unknown; updated: number };
      // Under the row locks every conditional update applies; anything else is a bug, not a race.
      if (Number(row.updated) !== decrements.length) throw new Error('stock changed under a row lock');
      const orderId = Number(row.id);
      const lackRows = (typeof row.lack === 'string' ? JSON.parse(row.lack) : row.lack) as {
        id: number;
        product_id: number;
        warehouse_id: number;
        order_type: number;
        quantity: number;
        supplied_quantity: number;
        lack_quantity: number;
        price: string;
      }[];
      const partOf = new Map(lines.map((l) => [l.product_id, l]));
      const applied = new Set(
        lackRows.length === 0
          ? []
          : (
              await tx.execute(sql`select product_id from restock_requests where account_id = ${auth.accountId}
                and company_id = ${auth.companyId} and notified_at is null
                and product_id = any(${sql.param(lackRows.map((l) => Number(l.product_id)))}::int[])`)
            ).rows.map((r) => Number((r as { product_id: number }).product_id)),
      );
      const result: PlaceOrderResult = {
        order_id: orderId,
        orders_no: String(row.orders_no),
        total_amount: total.toFixed(2),
        return_data: lackRows.map((l) => {
          const p = partOf.get(Number(l.product_id))!;
          return lackRow(
            {
              id: Number(l.id),
              productId: Number(l.product_id),
              warehouseId: Number(l.warehouse_id),
              orderType: Number(l.order_type),
              quantity: Number(l.quantity),
              suppliedQuantity: Number(l.supplied_quantity),
              lackQuantity: Number(l.lack_quantity),
              price: String(l.price),
            },
            { frey_no: p.frey_no, number: p.oe_number, l_name_zh: p.l_name_zh, pic: p.pic },
            applied.has(Number(l.product_id)),
          );
        }),
        repeated: 0,
        msg: lackRows.length > 0 ? ORDER_PLACED_SHORT_TEXT : ORDER_PLACED_TEXT,
      };
      return result;
    });

  try {
    return await run();
  } catch (err) {
    // The lock makes this rare; if a unique key still collides, the first order has committed.
    if (!isUniqueViolation(err)) throw err;
    const again = await existingOrder(db, auth, input.idempotencyKey, cartKey);
    if (again) return again;
    throw err;
  }
}
