import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ActivitySummary,
  ClaimableVoucher,
  ClaimResponse,
  DealerVoucher,
  MyVoucherPage,
  MyVoucherQuery,
  OrdersVoucherResponse,
} from '@shop/core/api/coupons';
import type { ProductRowPage } from '@shop/core/api/parts';
import {
  chinaDayOf,
  COUPON_TEXTS,
  GRANT_STATES,
  grantState,
  validityOn,
  VOUCHER_SCOPES,
  voucherDeduction,
  voucherTitle,
  type VoucherScope,
} from '@shop/core/coupons';
import { money } from '@shop/core/money';
import type { Db } from '../../db/client';
import { activityProducts } from '../../db/schema/coupons';
import { products } from '../../db/schema/catalog';
import type { Executor } from '../../lib/events';
import { pagedList } from '../../lib/paged-list';
import { refuse } from '../../lib/errors';
import type { DealerRequestContext } from '../../platform/request-context';
import { pageOfProductRows, productsPageSource, type RowContext } from '../catalog/product-rows';
import { cartIdsOf } from '../orders/place-order';
import { inVoucherScope } from './redeem';

/**
 * The dealers' side of vouchers and activities (Shop.ActivityProductV2, /profile/coupon; rules in
 * docs/coupons.md). Every query is scoped to the caller's company; days are China days.
 */

type Row = Record<string, unknown>;

const today = (now = new Date()) => chinaDayOf(now);
export const day = (v: unknown) => String(v ?? '').slice(0, 10);

/** The columns of an activity a that activityOf reads. */
export const ACTIVITY_COLUMNS = sql`a.id, a.name, a.image, a.description, a.starts_on::text as starts_on, a.ends_on::text as ends_on`;
const running = (d: string) => sql`a.status = 'active' and a.starts_on <= ${d}::date and a.ends_on >= ${d}::date`;

/** An activity of a row selected with ACTIVITY_COLUMNS. */
export function activityOf(r: Row): ActivitySummary {
  return {
    activity_id: Number(r.id),
    name: String(r.name),
    image: String(r.image),
    description: String(r.description),
    starts_on: day(r.starts_on),
    ends_on: day(r.ends_on),
  };
}

/** The activities running today, in the staff's order (getSlideSecActivity, the zone's tabs). */
export async function runningActivities(db: Executor): Promise<ActivitySummary[]> {
  const rows = await db.execute(
    sql`select ${ACTIVITY_COLUMNS} from activities a where ${running(today())} order by a.sort, a.id`,
  );
  return (rows.rows as Row[]).map(activityOf);
}

/** The profile's activity badge: the first running activity (flag 1 and its image), if any. */
export async function runningActivityBadge(db: Executor): Promise<{ image: string } | undefined> {
  const [first] = await runningActivities(db);
  return first && { image: first.image };
}

async function runningActivity(db: Executor, id: number | undefined): Promise<ActivitySummary> {
  const list = await runningActivities(db);
  const found = id === undefined ? list[0] : list.find((a) => a.activity_id === id);
  if (!found) refuse(COUPON_TEXTS.activityNotFound);
  return found;
}

/** POST getList: a running activity (the first unless asked) with a page of its parts. */
export async function activityZone(
  db: Db,
  ctx: RowContext,
  q: { activity_id?: number | undefined; page: number; limit: number },
): Promise<{ activity: ActivitySummary; activities: ActivitySummary[] } & ProductRowPage> {
  const activities = await runningActivities(db);
  const activity = await runningActivity(db, q.activity_id);
  const where = sql`${products.id} in (select product_id from activity_products where activity_id = ${activity.activity_id})`;
  const order = [
    sql`(select sort from activity_products ap where ap.activity_id = ${activity.activity_id} and ap.product_id = ${products.id})`,
    asc(products.id),
  ];
  const page = await pageOfProductRows(db, ctx, q, productsPageSource(db, where, order));
  return { activity, activities, ...page };
}

/** The columns of a voucher v that voucherOf reads. */
export const VOUCHER_COLUMNS = sql`v.id as voucher_id, v.name, v.value::text as value, v.threshold::text as threshold,
  v.valid_from::text as valid_from, v.valid_to::text as valid_to, v.scope, v.activity_id`;

/** A voucher as the dealers see it, of a row selected with VOUCHER_COLUMNS. */
export function voucherOf(r: Row): DealerVoucher {
  const scope = String(r.scope) as VoucherScope;
  const value = money(r.value);
  const threshold = money(r.threshold);
  return {
    voucher_id: Number(r.voucher_id),
    name: String(r.name),
    title: voucherTitle({ value, threshold }),
    value,
    threshold,
    valid_from: day(r.valid_from),
    valid_to: day(r.valid_to),
    scope,
    scope_text: VOUCHER_SCOPES[scope],
    activity_id: r.activity_id === null ? null : Number(r.activity_id),
  };
}

/** GET getActivityVoucher: the campaign vouchers of a running activity with the company's share. */
export async function activityVouchers(
  ctx: DealerRequestContext,
  activityId: number | undefined,
): Promise<ClaimableVoucher[]> {
  const activity = await runningActivity(ctx.db, activityId);
  const d = today();
  const rows = await ctx.db.execute(sql`select ${VOUCHER_COLUMNS}, v.per_company_uses, v.total_uses, v.granted_uses,
      coalesce(g.uses, 0) as claimed
    from vouchers v
    left join voucher_grants g on g.voucher_id = v.id and g.company_id = ${ctx.caller.companyId}
    where v.activity_id = ${activity.activity_id} and v.kind = 'campaign' and v.status = 'active'
      and v.valid_to >= ${d}::date
    order by v.threshold, v.id`);
  return (rows.rows as Row[]).map((r) => {
    const left = r.total_uses === null ? null : Number(r.total_uses) - Number(r.granted_uses);
    const claimed = Number(r.claimed);
    const perCompany = Number(r.per_company_uses);
    return {
      ...voucherOf(r),
      per_company_uses: perCompany,
      claimed,
      left,
      can_claim: claimed < perCompany && (left === null || left > 0) ? 1 : 0,
    };
  });
}

/**
 * POST sendVoucherNum: the company claims one use of a campaign voucher. Race-safe: one guarded
 * update of the company's grant (below per_company_uses), then one of the voucher's total
 * (granted_uses below total_uses), grant row first as everywhere; a refusal rolls both back.
 */
export async function claimVoucher(ctx: DealerRequestContext, voucherId: number): Promise<ClaimResponse> {
  const { companyId, accountId } = ctx.caller;
  const d = today();
  return ctx.transaction(async (tx) => {
    const [v] = (
      await tx.execute(sql`select v.id, v.per_company_uses, v.valid_to::text as valid_to from vouchers v
        join activities a on a.id = v.activity_id
        where v.id = ${voucherId} and v.kind = 'campaign' and v.status = 'active' and ${running(d)}`)
    ).rows as Row[];
    if (!v) refuse(COUPON_TEXTS.notClaimable);
    if (validityOn('0000-01-01', day(v.valid_to), d) === 'expired') refuse(COUPON_TEXTS.expired);
    await tx.execute(sql`insert into voucher_grants (voucher_id, company_id, uses, claimed_by)
      values (${voucherId}, ${companyId}, 0, ${accountId}) on conflict (voucher_id, company_id) do nothing`);
    const [g] = (
      await tx.execute(sql`update voucher_grants set uses = uses + 1, claimed_by = ${accountId}, updated_at = now()
        where voucher_id = ${voucherId} and company_id = ${companyId} and uses < ${Number(v.per_company_uses)}
        returning id, uses, used`)
    ).rows as Row[];
    if (!g) refuse(COUPON_TEXTS.claimLimit);
    const counted = await tx.execute(sql`update vouchers set granted_uses = granted_uses + 1, updated_at = now()
      where id = ${voucherId} and (total_uses is null or granted_uses < total_uses) returning id`);
    if (counted.rows.length !== 1) refuse(COUPON_TEXTS.allClaimed);
    return { voucher_orders_id: Number(g.id), uses: Number(g.uses), used: Number(g.used) };
  });
}

/** GET getActivityVoucherProduct: the parts a voucher covers (scope 'all': its activity's parts). */
export async function voucherProducts(
  db: Db,
  ctx: RowContext,
  q: { voucher_id: number; page: number; limit: number },
): Promise<ProductRowPage> {
  const [v] = (
    await db.execute(sql`select id, scope, activity_id from vouchers where id = ${q.voucher_id}
    and status = 'active'`)
  ).rows as Row[];
  if (!v) refuse(COUPON_TEXTS.notFound);
  const where =
    String(v.scope) === 'all'
      ? v.activity_id === null
        ? sql`false`
        : inArray(
            products.id,
            db
              .select({ id: activityProducts.productId })
              .from(activityProducts)
              .where(eq(activityProducts.activityId, Number(v.activity_id))),
          )
      : sql`exists(select 1 from vouchers v where v.id = ${q.voucher_id} and ${inVoucherScope(q.voucher_id, sql`${products.id}`)})`;
  return pageOfProductRows(db, ctx, q, productsPageSource(db, and(where), [asc(products.id)]));
}

const GRANT_COLUMNS = sql`g.id as grant_id, g.uses, g.used, v.status,
  (select coalesce(json_agg(json_build_object('orders_id', o.id, 'orders_no', o.orders_no, 'amount', r.amount::text)
    order by r.id), '[]'::json)
   from voucher_redemptions r join orders o on o.id = r.order_id
   where r.grant_id = g.id and r.company_id = g.company_id and r.released_at is null) as orders`;

/** The SQL condition of a /profile/coupon tab on grants g of vouchers v (grantState's rule). */
function stateSql(state: 'usable' | 'used' | 'expired', d: string) {
  if (state === 'used') return sql`g.used >= g.uses`;
  if (state === 'expired') return sql`g.used < g.uses and (v.status <> 'active' or v.valid_to < ${d}::date)`;
  return sql`g.used < g.uses and v.status = 'active' and v.valid_to >= ${d}::date`;
}

/** /profile/coupon (GET myVoucherList): the company's vouchers of one tab, newest first. */
export async function myVouchers(ctx: DealerRequestContext, q: MyVoucherQuery): Promise<MyVoucherPage> {
  const d = today();
  const page = Number(q.page ?? 1);
  const limit = Number(q.limit ?? 10);
  const state = q.state ?? 'usable';
  const where = sql`g.company_id = ${ctx.caller.companyId} and g.uses > 0 and ${stateSql(state, d)}`;
  return pagedList(
    ctx.db,
    { page, limit },
    sql`select count(*)::int as n from voucher_grants g join vouchers v on v.id = g.voucher_id where ${where}`,
    sql`select ${VOUCHER_COLUMNS}, ${GRANT_COLUMNS}
    from voucher_grants g join vouchers v on v.id = g.voucher_id
    where ${where} order by g.id desc`,
    (r) => {
      const uses = Number(r.uses);
      const used = Number(r.used);
      const s = grantState({ uses, used, validTo: day(r.valid_to), stopped: String(r.status) !== 'active' }, d);
      return {
        ...voucherOf(r),
        voucher_orders_id: Number(r.grant_id),
        uses,
        used,
        state: s,
        state_text: GRANT_STATES[s],
        orders: (typeof r.orders === 'string' ? (JSON.parse(r.orders) as Row[]) : (r.orders as Row[])).map((o) => ({
          orders_id: Number(o.orders_id),
          orders_no: String(o.orders_no),
          amount: money(o.amount),
        })),
      };
    },
  );
}

/**
 * POST getOrdersVoucherMsg: for the chosen cart lines (the caller's company's, at today's prices),
 * each usable voucher of the company with what it would deduct or why it cannot be used. The
 * order checks again on what it supplies (docs/coupons.md).
 */
export async function ordersVoucherMsg(ctx: DealerRequestContext, pdCartIds: string): Promise<OrdersVoucherResponse> {
  const cartIds = cartIdsOf(pdCartIds, undefined);
  const d = today();
  const priceKey = ctx.variant.priceLabels[0]!.key;
  const rows = await ctx.db.execute(sql`select ${VOUCHER_COLUMNS}, g.id as grant_id, g.uses, g.used,
      (select coalesce(sum(pp.amount * c.quantity), 0)::numeric(12, 2)::text
       from cart_items c join product_prices pp on pp.product_id = c.product_id and pp.price_key = ${priceKey}
       where c.company_id = ${ctx.caller.companyId} and c.id = any(${sql.param(cartIds)}::int[])
         and ${inVoucherScope(sql`v.id`, sql`c.product_id`)}) as eligible
    from voucher_grants g join vouchers v on v.id = g.voucher_id
    where g.company_id = ${ctx.caller.companyId} and ${stateSql('usable', d)}
    order by v.value desc, g.id`);
  const list = (rows.rows as Row[]).map((r) => {
    const v = voucherOf(r);
    const eligible = money(r.eligible);
    const started = validityOn(v.valid_from, v.valid_to, d) !== 'not_started';
    const deduction = voucherDeduction(v, eligible);
    const usable = started && deduction.ok;
    return {
      ...v,
      voucher_orders_id: Number(r.grant_id),
      uses: Number(r.uses),
      used: Number(r.used),
      eligible_amount: eligible,
      deduction: deduction.ok && started ? deduction.amount : '0.00',
      usable: usable ? (1 as const) : (0 as const),
      reason: !started ? COUPON_TEXTS.notStarted : deduction.ok ? '' : deduction.msg,
    };
  });
  list.sort((a, b) => b.usable - a.usable);
  return { list };
}
