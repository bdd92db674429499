import { sql, type SQL } from 'drizzle-orm';
import { lineAmount } from '@shop/core/money';
import { compensationPerUnit, PROTECTION_DAYS } from '@shop/core/price-protection';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { Db } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import type { Executor } from '../../lib/events';
import { runTransaction } from '../../platform/request-context';
import { postLedgerEntries, type LedgerEntry } from '../statements/ledger';

/**
 * The compensations of price drops and their reversal on returns (docs/price-protection.md). A
 * price change is looked at once (its price_protection_runs row is the claim on it); every order
 * line it protects is one price_protection_claims row and one company_ledger entry, written in the
 * same transaction with set-based statements, and one `price.protected` event (the message to the
 * companies' main accounts) is published with them.
 */

type Row = Record<string, unknown>;

/** Published when price changes compensated at least one line: the message centre's cue. */
export interface PriceProtectedEvent {
  type: 'price.protected';
  historyIds: number[];
}

/** The label orders are priced at (place-order.ts: the variant's first): only its changes count. */
export function protectedPriceKey(variant: BrandVariant): { key: string; label: string } {
  const first = variant.priceLabels[0]!;
  return { key: first.key, label: first.label };
}

/** The protection days of products `p` (spec.md section 9), in SQL. */
const DAYS_OF_PART = sql.raw(
  `(case p.scm_classification ${Object.entries(PROTECTION_DAYS)
    .map(([c, d]) => `when '${c}' then ${d}`)
    .join(' ')} else 0 end)`,
);

/**
 * Compensates the price changes of one `price.adjusted` event not looked at yet: the parts' (or
 * the import batch's) changes of the protected label, oldest first. Returns the changes that
 * compensated someone.
 */
export async function compensatePriceChanges(
  db: Db,
  variant: BrandVariant,
  about: { productIds: number[] } | { batchId: number },
): Promise<number[]> {
  const { key, label } = protectedPriceKey(variant);
  const which =
    'batchId' in about
      ? sql`h.batch_id = ${about.batchId}`
      : sql`h.product_id = any(${sql.param(about.productIds)}::int[])`;
  return runTransaction(db, async (tx, emit) => {
    const compensated: number[] = [];
    // Rounds: each takes the oldest pending change of every part, so two changes of one part are
    // looked at in order (the second sees the first's compensations). A change another process
    // claimed meanwhile (the insert waited for its commit and skipped it) ends nothing: the next
    // round's statement sees that claim and goes on to the part's later changes.
    for (;;) {
      const [round] = (
        await tx.execute(sql`with pending as (
            select distinct on (h.product_id) h.id, h.product_id from price_history h
            where ${which} and h.price_key = ${key}
              and not exists (select 1 from price_protection_runs r where r.price_history_id = h.id)
            order by h.product_id, h.id
          ), claimed as (
            insert into price_protection_runs (price_history_id, product_id)
            select id, product_id from pending order by product_id
            on conflict do nothing
            returning price_history_id
          )
          select (select count(*)::int from pending) as pending,
            coalesce((select json_agg(price_history_id order by price_history_id) from claimed), '[]'::json) as ids`)
      ).rows as Row[];
      if (Number(round!.pending) === 0) break;
      const ids = (jsonColumn<unknown[]>(round!.ids) ?? []).map(Number);
      if (ids.length > 0 && (await compensateChanges(tx, ids, label))) compensated.push(...ids);
    }
    const withClaims = compensated.length === 0 ? [] : await changesWithClaims(tx, compensated);
    if (withClaims.length > 0) {
      const event: PriceProtectedEvent = { type: 'price.protected', historyIds: withClaims };
      emit(event);
    }
    return withClaims;
  });
}

async function changesWithClaims(tx: Executor, ids: number[]): Promise<number[]> {
  const rows = (
    await tx.execute(sql`select price_history_id from price_protection_runs
      where price_history_id = any(${sql.param(ids)}::bigint[]) and lines > 0 order by price_history_id`)
  ).rows as Row[];
  return rows.map((r) => Number(r.price_history_id));
}

/**
 * One round: changes of different parts. A drop (new < old under the label) compensates each line
 * of the part bought from the China day `days` before the change up to the change, not in a
 * cancelled order: (unit − new) × (quantity − returned), unit being the price paid or what an
 * earlier drop already protected the line down to. Writes the claims, their ledger entries and
 * the runs' figures; true when any line was compensated.
 *
 * The orders are read `for share`: a cancel (which locks its order for update) either commits
 * first, and the order is then read as cancelled, or waits for this transaction, and its
 * reversal (order.cancelled, after commit) then finds these claims.
 */
async function compensateChanges(tx: Executor, ids: number[], label: string): Promise<boolean> {
  const claims = (
    await tx.execute(sql`
      with h as (
        select h.id, h.product_id, h.new_amount, h.at, ${DAYS_OF_PART} as days, p.frey_no, p.l_name_zh,
          (((h.at at time zone 'Asia/Shanghai')::date - ${DAYS_OF_PART})::timestamp at time zone 'Asia/Shanghai') as window_start
        from price_history h join products p on p.id = h.product_id
        where h.id = any(${sql.param(ids)}::bigint[])
          and h.old_amount is not null and h.new_amount is not null and h.new_amount < h.old_amount
      ), lines as materialized (
        select h.id as history_id, i.id as item_id, i.order_id, i.company_id, i.product_id, o.orders_no,
          i.created_at, i.quantity - i.returned_quantity as qty, i.returned_quantity,
          least(i.price, coalesce((select min(c.unit_new) from price_protection_claims c where c.order_item_id = i.id),
            i.price)) as unit, h.new_amount, h.at, h.days, h.frey_no, h.l_name_zh
        from h join order_items i on i.product_id = h.product_id and i.created_at >= h.window_start and i.created_at < h.at
        join orders o on o.id = i.order_id
        where o.status <> 'cancelled' and i.quantity > i.returned_quantity
        for share of o
      )
      insert into price_protection_claims (price_history_id, order_item_id, order_id, company_id, product_id,
        quantity, unit_paid, unit_new, amount, returned_before, explanation)
      select history_id, item_id, order_id, company_id, product_id, qty, unit, new_amount,
        ((unit - new_amount) * qty)::numeric(14, 2), returned_quantity,
        '订单 ' || orders_no || '（' || to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') || ' 购买）'
          || l_name_zh || '（' || frey_no || '）' || qty || ' 件：'
          || to_char(at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') || ' ' || ${label} || '降至 ¥' || new_amount::text
          || '，每件补偿 ¥' || unit::text || ' − ¥' || new_amount::text || ' = ¥' || (unit - new_amount)::text
          || '，共 ¥' || ((unit - new_amount) * qty)::numeric(14, 2)::text || '（价保 ' || days || ' 天）'
      from lines where unit > new_amount
      on conflict (price_history_id, order_item_id) do nothing
      returning id`)
  ).rows as Row[];
  await tx.execute(sql`update price_protection_runs r set lines = s.lines, companies = s.companies, amount = s.amount
    from (select price_history_id, count(*)::int as lines, count(distinct company_id)::int as companies,
            sum(amount) as amount from price_protection_claims
          where price_history_id = any(${sql.param(ids)}::bigint[]) group by price_history_id) s
    where r.price_history_id = s.price_history_id`);
  if (claims.length === 0) return false;
  await postCompensations(tx, ids);
  return true;
}

/**
 * The ledger entries of the changes' compensations (company_ledger, as postLedgerEntries writes
 * them: kind 'compensation', the amount negative, source key 'protection:<change>:<order line>',
 * an existing (kind, source key) skipped), in one insert … select: entries built in JS for a part
 * bought by thousands of companies spent most of the drop's time on the query's parameters.
 */
async function postCompensations(tx: Executor, ids: number[]): Promise<void> {
  await tx.execute(sql`insert into company_ledger (company_id, kind, amount, occurred_at, source_key, description)
    select c.company_id, 'compensation', -c.amount, now(),
      'protection:' || c.price_history_id || ':' || c.order_item_id, '价格保护补偿：' || c.explanation
    from price_protection_claims c where c.price_history_id = any(${sql.param(ids)}::bigint[])
    order by c.id
    on conflict (kind, source_key) do nothing`);
}

/** A return completed: what it names of the company's return event. */
export interface ReturnRef {
  companyId: number;
  returnId: number;
  returnNo: string;
}

/**
 * A return completed (its units are counted in order_items.returned_quantity): each compensated
 * line of it gives back the compensation of the units returned since the compensation was
 * computed, up to the return line's units; once per return line and compensation.
 */
export async function reverseForReturn(db: Db, e: ReturnRef): Promise<number> {
  return runTransaction(db, async (tx) => {
    const rows = (
      await tx.execute(sql`select c.id, c.quantity, c.reversed_quantity, c.returned_before, c.unit_paid::text as unit_paid,
          c.unit_new::text as unit_new, ri.id as ri_id, ri.quantity as ri_quantity, i.returned_quantity,
          o.orders_no, p.l_name_zh, p.frey_no
        from return_order_items ri
        join return_orders r on r.id = ri.return_order_id and r.status = 'completed'
        join price_protection_claims c on c.order_item_id = ri.order_item_id and c.company_id = ri.company_id
        join order_items i on i.id = ri.order_item_id
        join orders o on o.id = c.order_id
        join products p on p.id = c.product_id
        where ri.return_order_id = ${e.returnId} and ri.company_id = ${e.companyId}
        order by c.id, ri.id
        for update of c`)
    ).rows as Row[];
    const left = new Map<number, number>();
    const entries: LedgerEntry[] = [];
    const now = new Date();
    for (const r of rows) {
      const claimId = Number(r.id);
      if (!left.has(claimId)) {
        const returnedSince = Number(r.returned_quantity) - Number(r.returned_before);
        left.set(claimId, Math.min(Number(r.quantity), returnedSince) - Number(r.reversed_quantity));
      }
      const units = Math.min(Number(r.ri_quantity), left.get(claimId)!);
      const perUnit = compensationPerUnit(String(r.unit_paid), String(r.unit_new));
      if (units <= 0 || perUnit === null) continue;
      const amount = lineAmount(perUnit, units);
      const written = (
        await tx.execute(sql`insert into price_protection_reversals (claim_id, return_order_item_id, company_id, quantity, amount)
          values (${claimId}, ${Number(r.ri_id)}, ${e.companyId}, ${units}, ${amount}::numeric)
          on conflict (claim_id, return_order_item_id) do nothing returning id`)
      ).rows;
      if (written.length === 0) continue;
      left.set(claimId, left.get(claimId)! - units);
      await tx.execute(sql`update price_protection_claims set reversed_quantity = reversed_quantity + ${units}
        where id = ${claimId}`);
      entries.push({
        companyId: e.companyId,
        kind: 'compensation_reversal',
        amount,
        occurredAt: now,
        sourceKey: `protection-return:${Number(r.ri_id)}:${claimId}`,
        description: `价格保护补偿扣回：退货单 ${e.returnNo}（订单 ${String(r.orders_no)}）退回 ${String(r.l_name_zh)}（${String(r.frey_no)}）${units} 件，每件 ¥${perUnit}，共 ¥${amount}`,
      });
    }
    await postLedgerEntries(tx, entries);
    return entries.length;
  });
}

/**
 * An order cancelled after its lines were compensated (it was still waiting to ship): every unit
 * left of each compensation is taken back, once per compensation.
 */
export async function reverseForCancelledOrder(
  db: Db,
  e: { companyId: number; orderId: number; ordersNo: string },
): Promise<number> {
  return runTransaction(db, async (tx) => {
    const rows = (
      await tx.execute(sql`select c.id, c.quantity - c.reversed_quantity as units, c.unit_paid::text as unit_paid,
          c.unit_new::text as unit_new, p.l_name_zh, p.frey_no
        from price_protection_claims c join orders o on o.id = c.order_id and o.status = 'cancelled'
        join products p on p.id = c.product_id
        where c.order_id = ${e.orderId} and c.company_id = ${e.companyId} and c.reversed_quantity < c.quantity
        order by c.id for update of c`)
    ).rows as Row[];
    const entries: LedgerEntry[] = [];
    const now = new Date();
    for (const r of rows) {
      const claimId = Number(r.id);
      const units = Number(r.units);
      const perUnit = compensationPerUnit(String(r.unit_paid), String(r.unit_new));
      if (perUnit === null) continue;
      const amount = lineAmount(perUnit, units);
      const written = (
        await tx.execute(sql`insert into price_protection_reversals (claim_id, return_order_item_id, company_id, quantity, amount)
          values (${claimId}, null, ${e.companyId}, ${units}, ${amount}::numeric)
          on conflict do nothing returning id`)
      ).rows;
      if (written.length === 0) continue;
      await tx.execute(sql`update price_protection_claims set reversed_quantity = quantity where id = ${claimId}`);
      entries.push({
        companyId: e.companyId,
        kind: 'compensation_reversal',
        amount,
        occurredAt: now,
        sourceKey: `protection-cancel:${e.orderId}:${claimId}`,
        description: `价格保护补偿扣回：订单 ${e.ordersNo} 已取消，${String(r.l_name_zh)}（${String(r.frey_no)}）${units} 件，每件 ¥${perUnit}，共 ¥${amount}`,
      });
    }
    await postLedgerEntries(tx, entries);
    return entries.length;
  });
}

/** The main accounts of the companies the changes compensated (a recipients query of writeMessages). */
export function compensatedMainAccounts(historyIds: number[]): SQL {
  return sql`select a.company_id, a.id as account_id from accounts a
    where a.is_main = 1 and a.deleted_at is null and not a.disabled
      and a.company_id in (select c.company_id from price_protection_claims c
        where c.price_history_id = any(${sql.param(historyIds)}::bigint[]))`;
}
