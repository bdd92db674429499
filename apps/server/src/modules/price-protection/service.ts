import { sql } from 'drizzle-orm';
import type {
  AdjustItem,
  AdjustList,
  AdjustListRequest,
  ClientOrdersList,
  ClientOrdersRequest,
  KeepRuleDescription,
  ProtectedLine,
} from '@shop/core/api/price-protection';
import type { BrandVariant } from '@shop/core/brand-variants';
import { centsToMoney, money, toCents } from '@shop/core/money';
import { priceProtectionDays } from '@shop/core/part-display';
import { KEEP_RULES, protectionDaysTable } from '@shop/core/price-protection';
import { chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import { partKeywordSql } from '../catalog/part-keyword';
import type { DealerRequestContext } from '../../platform/request-context';
import { visibleOrderSql } from '../orders/visibility';
import { protectedPriceKey } from './compensate';

/**
 * The dealers' side of price protection (Shop.KeepPrice; docs/price-protection.md): the price
 * adjustment zone, the company's compensated lines and its compensations per price change. Every
 * query of compensations is scoped to the caller's company and to the orders the caller sees
 * (decision 0049: a sub-account without the purchase right, its own orders' lines only).
 */

type Row = Record<string, unknown>;
type Paged<T> = { page: number; limit: number } & T;

/** The adjustment zone lists the changes of the longest protection time. */
const ZONE_DAYS = 180;

const at = chinaDateTimeOf;
const amountOrNull = (v: unknown) => (v === null || v === undefined ? null : money(v));

function adjustItemOf(r: Row): AdjustItem {
  const oldPrice = amountOrNull(r.old_amount);
  const newPrice = amountOrNull(r.new_amount);
  const amount = money(r.amount ?? 0);
  const reversed = money(r.reversed ?? 0);
  return {
    adjust_id: Number(r.id),
    product_id: Number(r.product_id),
    frey_no: String(r.frey_no),
    oe_number: String(r.oe_number),
    l_name_zh: String(r.l_name_zh),
    pic: String(r.pic),
    scm_classification: String(r.scm_classification),
    protection_days: priceProtectionDays(String(r.scm_classification)),
    old_price: oldPrice,
    new_price: newPrice,
    direction: oldPrice === null ? 'new' : Number(r.cmp) < 0 ? 'down' : 'up',
    adjust_time: at(r.at),
    lines: Number(r.lines ?? 0),
    amount,
    reversed_amount: reversed,
    net_amount: money(r.net ?? 0),
  };
}

/**
 * POST getAdjustList. scope 'all': the changes of the dealers' price (the label orders are priced
 * at) in the last ZONE_DAYS days, newest first. scope 'mine': the changes that compensated the
 * caller's company, with its compensation, reversals and net per change.
 */
export async function adjustList(ctx: DealerRequestContext, q: Paged<AdjustListRequest>): Promise<AdjustList> {
  const { key } = protectedPriceKey(ctx.variant);
  const company = ctx.caller.companyId;
  const columns = sql`h.id, h.product_id, h.old_amount::text as old_amount, h.new_amount::text as new_amount,
    sign(h.new_amount - h.old_amount)::int as cmp, h.at,
    p.frey_no, p.oe_number, p.l_name_zh, p.pic, p.scm_classification`;
  const keyword = partKeywordSql(q.keyword ?? '');
  if (q.scope === 'mine') {
    const mine = sql`from (select c.price_history_id, count(*)::int as lines, sum(c.amount) as amount,
          coalesce(sum((select sum(v.amount) from price_protection_reversals v where v.claim_id = c.id)), 0) as reversed
        from price_protection_claims c join orders o on o.id = c.order_id
        where c.company_id = ${company} and ${visibleOrderSql(ctx.caller)} group by c.price_history_id) m
      join price_history h on h.id = m.price_history_id join products p on p.id = h.product_id
      where ${keyword}`;
    return pagedList(
      ctx.db,
      q,
      sql`select count(*)::int as n ${mine}`,
      sql`select ${columns}, m.lines, m.amount::numeric(14, 2)::text as amount,
          m.reversed::numeric(14, 2)::text as reversed, (m.amount - m.reversed)::numeric(14, 2)::text as net
        ${mine} order by h.id desc`,
      adjustItemOf,
    );
  }
  const zone = sql`from price_history h join products p on p.id = h.product_id
    where h.price_key = ${key} and h.new_amount is not null and h.new_amount is distinct from h.old_amount
      and h.at > now() - make_interval(days => ${ZONE_DAYS}) and ${keyword}`;
  return pagedList(
    ctx.db,
    q,
    sql`select count(*)::int as n ${zone}`,
    sql`select ${columns} ${zone} order by h.id desc`,
    adjustItemOf,
  );
}

/**
 * POST getClientOrdersList: the company's compensated lines of the orders the caller sees (decision
 * 0049, visibleOrderSql), newest first, with the totals of the filter.
 */
export async function clientOrdersList(
  ctx: DealerRequestContext,
  q: Paged<ClientOrdersRequest>,
): Promise<ClientOrdersList> {
  const company = ctx.caller.companyId;
  const where = sql`c.company_id = ${company} and ${visibleOrderSql(ctx.caller)}
    ${q.adjust_id === undefined ? sql`` : sql`and c.price_history_id = ${q.adjust_id}`}
    and ${partKeywordSql(q.keyword ?? '')}`;
  const reversed = sql`coalesce((select sum(v.amount) from price_protection_reversals v where v.claim_id = c.id), 0)`;
  const [totals] = (
    await ctx.db.execute(sql`select count(*)::int as n, coalesce(sum(c.amount), 0)::numeric(14, 2)::text as amount,
        coalesce(sum(${reversed}), 0)::numeric(14, 2)::text as reversed
      from price_protection_claims c join products p on p.id = c.product_id join orders o on o.id = c.order_id
      where ${where}`)
  ).rows as Row[];
  const rows = (
    await ctx.db
      .execute(sql`select c.id, c.price_history_id, c.order_id, o.orders_no, c.product_id, p.frey_no, p.l_name_zh,
        i.created_at as bought_at, h.at as adjust_at, c.quantity, c.unit_paid::text as unit_paid,
        c.unit_new::text as unit_new, c.amount::text as amount, c.reversed_quantity,
        ${reversed}::numeric(14, 2)::text as reversed, c.explanation
      from price_protection_claims c join products p on p.id = c.product_id
      join orders o on o.id = c.order_id join order_items i on i.id = c.order_item_id
      join price_history h on h.id = c.price_history_id
      where ${where} order by c.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
  ).rows as Row[];
  const list: ProtectedLine[] = rows.map((r) => ({
    id: Number(r.id),
    adjust_id: Number(r.price_history_id),
    order_id: Number(r.order_id),
    orders_no: String(r.orders_no),
    product_id: Number(r.product_id),
    frey_no: String(r.frey_no),
    l_name_zh: String(r.l_name_zh),
    bought_time: at(r.bought_at),
    adjust_time: at(r.adjust_at),
    ...claimAmountsOf(r),
    net_amount: netOf(r.amount, r.reversed),
    explanation: String(r.explanation),
  }));
  const amount = money(totals?.amount ?? 0);
  const reversedTotal = money(totals?.reversed ?? 0);
  return {
    total: Number(totals?.n ?? 0),
    page: q.page,
    limit: q.limit,
    list,
    total_amount: amount,
    total_reversed: reversedTotal,
    total_net: netOf(amount, reversedTotal),
  };
}

/** A compensated line's quantities and amounts (dealers' and back office's lists alike). */
export function claimAmountsOf(r: Row) {
  return {
    quantity: Number(r.quantity),
    unit_paid: money(r.unit_paid),
    unit_new: money(r.unit_new),
    amount: money(r.amount),
    reversed_quantity: Number(r.reversed_quantity),
    reversed_amount: money(r.reversed),
  };
}

/** The compensation less what returns took back. */
function netOf(amount: unknown, reversed: unknown): string {
  return centsToMoney((toCents(money(amount)) ?? 0n) - (toCents(money(reversed)) ?? 0n));
}

/** POST getKeepRuleDescription: the rules, the days per class and the price they apply to. */
export function keepRuleDescription(variant: BrandVariant): KeepRuleDescription {
  return { rules: [...KEEP_RULES], days: protectionDaysTable(), price_label: protectedPriceKey(variant).label };
}
