import { sql, type SQL } from 'drizzle-orm';
import { moduleEnabled } from '@shop/core/brand-variants';
import { chinaDayOf, COUPON_TEXTS, validityOn, voucherDeduction } from '@shop/core/coupons';
import type { Executor } from '../../lib/events';
import { refuse } from '../../lib/errors';
import type { DealerContext } from '../../platform/request-context';

/**
 * The voucher of an order (docs/coupons.md 'Using a voucher', 'Cancelling'): both run inside the
 * order's transaction, so a use is taken exactly when the order commits and given back exactly
 * once when it is cancelled. Counting is by guarded single UPDATEs, always grant row first, then
 * voucher row (the same lock order everywhere in the module, so they never deadlock).
 */

type Row = Record<string, unknown>;

/** The grant id of voucher_orders_id ('' or '0': none), or the refusal. */
export function voucherOrdersIdOf(text: string): number | undefined {
  const t = text.trim();
  if (t === '' || t === '0') return undefined;
  if (!/^\d{1,9}$/.test(t)) refuse(COUPON_TEXTS.notAvailable);
  return Number(t);
}

/** Order items of `orderId` (alias i, joined to products p) that a voucher `v` covers, in SQL. */
export function inVoucherScope(voucherId: SQL | number, productId: SQL): SQL {
  return sql`(v.scope = 'all'
    or (v.scope = 'parts' and exists(select 1 from voucher_scope_items s
      where s.voucher_id = ${voucherId} and s.product_id = ${productId}))
    or (v.scope = 'categories' and exists(select 1 from products sp
      join categories c3 on c3.id = sp.category_id
      left join categories c2 on c2.id = c3.parent_id
      left join categories c1 on c1.id = c2.parent_id
      join voucher_scope_items s on s.voucher_id = ${voucherId} and s.category_id in (c3.id, c2.id, c1.id)
      where sp.id = ${productId})))`;
}

/** Why the company's grant cannot be used today (the refusal text), read without a lock. */
async function whyNot(tx: Executor, companyId: number, grantId: number, today: string): Promise<string> {
  const [g] = (
    await tx.execute(sql`select g.uses, g.used, v.status, v.valid_from::text as valid_from, v.valid_to::text as valid_to
      from voucher_grants g join vouchers v on v.id = g.voucher_id
      where g.id = ${grantId} and g.company_id = ${companyId}`)
  ).rows as Row[];
  if (!g) return COUPON_TEXTS.notFound;
  if (String(g.status) !== 'active') return COUPON_TEXTS.stopped;
  const validity = validityOn(String(g.valid_from), String(g.valid_to), today);
  if (validity === 'not_started') return COUPON_TEXTS.notStarted;
  if (validity === 'expired') return COUPON_TEXTS.expired;
  return COUPON_TEXTS.usedUp;
}

/**
 * Applies the dealer's voucher (voucher_orders_id, voucherOrdersIdOf) to the order just written in `tx`: the grant
 * must be the caller's company's, active, valid today (China day), with a use left; the order's
 * lines it covers must reach its threshold. Takes one use of the grant and of the voucher's total
 * (guarded updates), records the redemption and the order's voucher_amount. Any refusal throws,
 * and the whole order rolls back. Answers the deduction.
 */
export async function applyOrderVoucher(
  tx: Executor,
  ctx: DealerContext,
  orderId: number,
  grantId: number,
  now: Date = new Date(),
): Promise<string> {
  if (!moduleEnabled(ctx.variant, 'coupon')) refuse(COUPON_TEXTS.notAvailable);
  const { companyId, accountId } = ctx.caller;
  const today = chinaDayOf(now);
  // 1. One use of the company's grant, only while the voucher is active and valid today.
  const [taken] = (
    await tx.execute(sql`update voucher_grants g set used = g.used + 1, updated_at = now()
      from vouchers v
      where g.id = ${grantId} and g.company_id = ${companyId} and v.id = g.voucher_id and g.used < g.uses
        and v.status = 'active' and v.valid_from <= ${today}::date and v.valid_to >= ${today}::date
      returning g.voucher_id, v.value::text as value, v.threshold::text as threshold`)
  ).rows as Row[];
  if (!taken) refuse(await whyNot(tx, companyId, grantId, today));
  const voucherId = Number(taken.voucher_id);
  // 2. The order's lines it covers (the supplied units, at the order's prices).
  const [sum] = (
    await tx.execute(sql`select coalesce(sum(i.price * i.quantity), 0)::numeric(12, 2)::text as eligible
      from order_items i, vouchers v
      where i.order_id = ${orderId} and i.company_id = ${companyId} and v.id = ${voucherId}
        and ${inVoucherScope(voucherId, sql`i.product_id`)}`)
  ).rows as Row[];
  const deduction = voucherDeduction(
    { value: String(taken.value), threshold: String(taken.threshold) },
    String(sum?.eligible ?? '0'),
  );
  if (!deduction.ok) refuse(deduction.msg);
  // 3. One use of the voucher's total.
  const counted = await tx.execute(sql`update vouchers set used_count = used_count + 1, updated_at = now()
    where id = ${voucherId} and (total_uses is null or used_count < total_uses) returning id`);
  if (counted.rows.length !== 1) refuse(COUPON_TEXTS.usedUp);
  // 4. The redemption (one per order) and the order's deduction (never above its total: a CHECK).
  await tx.execute(sql`insert into voucher_redemptions (grant_id, voucher_id, company_id, account_id, order_id, amount)
    values (${grantId}, ${voucherId}, ${companyId}, ${accountId}, ${orderId}, ${deduction.amount})`);
  await tx.execute(sql`update orders set voucher_amount = ${deduction.amount}
    where id = ${orderId} and company_id = ${companyId}`);
  return deduction.amount;
}

/**
 * Gives the order's voucher use back (the order is being cancelled, in its transaction): the
 * redemption is released once (released_at), its grant and its voucher each get one use back.
 * Nothing happens for an order without a voucher or one already released.
 */
export async function releaseOrderVoucher(tx: Executor, companyId: number, orderId: number): Promise<void> {
  await tx.execute(sql`with r as (
      update voucher_redemptions set released_at = now()
      where order_id = ${orderId} and company_id = ${companyId} and released_at is null
      returning grant_id, voucher_id
    ),
    g as (update voucher_grants g set used = g.used - 1, updated_at = now() from r where g.id = r.grant_id returning g.id)
    update vouchers v set used_count = v.used_count - 1, updated_at = now()
    from r where v.id = r.voucher_id and exists(select 1 from g)`);
}
