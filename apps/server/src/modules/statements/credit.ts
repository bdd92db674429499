import { sql } from 'drizzle-orm';
import { centsToMoney, money, toCents } from '@shop/core/money';
import { FREY_COIN_YUAN } from '@shop/core/points-rules';
import { overLimitText } from '@shop/core/api/statements';
import type { Executor } from '../../lib/events';
import { refuse } from '../../lib/errors';

/**
 * Credit (docs/statements.md, 'Credit'): a company's open balance is its ledger balance plus the
 * orders it owes but the ledger does not hold yet (placed, not cancelled, not awaiting approval,
 * not yet posted at completion), less their voucher and coin deductions. An order that would take
 * the open balance past the company's limit is refused, or, sent for special approval, waits for
 * finance staff. No limit set (no row, or a null limit): the company orders without a limit.
 */
type Row = Record<string, unknown>;

/** Statuses of orders the company owes that are not posted to the ledger yet. */
const OPEN_STATUSES = sql.raw(`('pending_payment', 'pending_shipment', 'partially_shipped', 'shipped')`);
/**
 * A completed order is posted by its event within moments; one completed this recently and not
 * posted yet still counts (a failing subscriber does not make goods free).
 */
const UNPOSTED_COMPLETED_DAYS = 7;

export interface CreditTerms {
  /** null: no limit. */
  limit: string | null;
  paymentDays: number;
}

/** The company's terms as they are (no lock). */
export async function creditTerms(db: Executor, companyId: number): Promise<CreditTerms> {
  const { rows } = await db.execute(sql`select credit_limit::text as credit_limit, payment_days from company_credit
    where company_id = ${companyId}`);
  const r = rows[0] as Row | undefined;
  return { limit: r?.credit_limit == null ? null : String(r.credit_limit), paymentDays: Number(r?.payment_days ?? 30) };
}

/** Locks the company's credit row for the rest of the transaction and answers its limit (null: none). */
export async function lockCredit(tx: Executor, companyId: number): Promise<string | null> {
  const { rows } = await tx.execute(sql`select credit_limit::text as credit_limit from company_credit
    where company_id = ${companyId} for update`);
  const r = rows[0] as Row | undefined;
  return r?.credit_limit == null ? null : String(r.credit_limit);
}

/** What an order owes once placed: its lines less its voucher and coins (SQL over orders o). */
const orderDue = sql`(o.total_amount - o.voucher_amount - coalesce((select -sum(c.change) from frey_coin_ledger c
  where c.order_id = o.id and c.company_id = o.company_id and c.cause in ('order_deduction', 'order_refund')), 0)
  * ${FREY_COIN_YUAN})`;

/** The orders counted in the open balance (SQL condition over orders o). */
const unposted = sql`(o.status in ${OPEN_STATUSES} or (o.status = 'completed'
  and o.completed_at > now() - make_interval(days => ${UNPOSTED_COMPLETED_DAYS})
  and not exists (select 1 from company_ledger l where l.kind = 'delivery' and l.source_key = 'order:' || o.id)))`;

export interface OpenBalance {
  /** The ledger's balance. */
  balance: string;
  /** Orders not yet posted. */
  openOrders: string;
  /** Their sum. */
  open: string;
}

/** A company's open balance, leaving out one order (the one being checked) when given. */
export async function openBalance(db: Executor, companyId: number, exceptOrderId = 0): Promise<OpenBalance> {
  const { rows } = await db.execute(sql`select
      (select coalesce(sum(amount), 0) from company_ledger where company_id = ${companyId})::numeric(14, 2)::text as balance,
      (select coalesce(sum(${orderDue}), 0) from orders o where o.company_id = ${companyId} and o.id <> ${exceptOrderId}
        and ${unposted})::numeric(14, 2)::text as open_orders`);
  const r = rows[0] as Row;
  const balance = String(r.balance);
  const openOrders = String(r.open_orders);
  return { balance, openOrders, open: centsToMoney(cents(balance) + cents(openOrders)) };
}

const cents = (a: string) => toCents(a) ?? 0n;

export type CreditOutcome = 'within' | 'awaiting_approval';

/**
 * In the order's transaction, with the credit row locked (lockCredit) and the order written:
 * within the limit the order stands; past it, it is refused (the transaction rolls back and the
 * cart is kept), or with special approval it waits for finance staff (status pending_approval,
 * its stock kept for it).
 */
export async function checkOrderCredit(
  tx: Executor,
  companyId: number,
  orderId: number,
  limit: string,
  specialApproval: boolean,
): Promise<CreditOutcome> {
  const before = await openBalance(tx, companyId, orderId);
  const [o] = (
    await tx.execute(sql`select ${orderDue}::numeric(14, 2)::text as due from orders o where o.id = ${orderId}`)
  ).rows as Row[];
  const due = String(o!.due);
  if (cents(before.open) + cents(due) <= cents(limit)) return 'within';
  if (!specialApproval) refuse(overLimitText(money(limit), money(before.open), money(due)));
  await tx.execute(sql`update orders set status = 'pending_approval', updated_at = now() where id = ${orderId}`);
  await tx.execute(sql`insert into credit_approvals (order_id, company_id, amount, open_balance, credit_limit)
    values (${orderId}, ${companyId}, ${due}, ${before.open}, ${limit})`);
  return 'awaiting_approval';
}
