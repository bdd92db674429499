import { sql } from 'drizzle-orm';
import type { AdminClaimList, AdminRunList, AdminRunsQuery } from '@shop/core/api/price-protection';
import { money } from '@shop/core/money';
import type { Db } from '../../db/client';
import { chinaDateTimeOf } from '../../lib/china-time';
import { refuse } from '../../lib/errors';
import { pagedList } from '../../lib/paged-list';
import { partKeywordSql } from '../catalog/part-keyword';
import { claimAmountsOf } from './service';

/** The back office's 价保补偿 screen: price drops with what they compensated, and their lines (read only). */

type Row = Record<string, unknown>;
type Paged<T> = { page: number; limit: number } & T;
const at = chinaDateTimeOf;

const REVERSED_OF_RUN = sql`coalesce((select sum(v.amount) from price_protection_reversals v
  join price_protection_claims c on c.id = v.claim_id where c.price_history_id = r.price_history_id), 0)`;

function runOf(r: Row): AdminRunList['list'][number] {
  return {
    adjust_id: Number(r.price_history_id),
    product_id: Number(r.product_id),
    frey_no: String(r.frey_no),
    l_name_zh: String(r.l_name_zh),
    old_price: r.old_amount === null ? null : money(r.old_amount),
    new_price: r.new_amount === null ? null : money(r.new_amount),
    source: String(r.source),
    staff_name: String(r.staff_name),
    adjust_time: at(r.at),
    companies: Number(r.companies),
    lines: Number(r.lines),
    amount: money(r.amount),
    reversed_amount: money(r.reversed),
  };
}

/** GET /price-protection/runs: the price drops looked at, newest first. */
export async function listRuns(db: Db, q: Paged<AdminRunsQuery>): Promise<AdminRunList> {
  const match = partKeywordSql(q.keyword ?? '');
  const from = sql`from price_protection_runs r join price_history h on h.id = r.price_history_id
    join products p on p.id = r.product_id left join staff_members s on s.id = h.staff_id
    where h.new_amount < h.old_amount and ${match}`;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n ${from}`,
    sql`select r.price_history_id, r.product_id, p.frey_no, p.l_name_zh,
        h.old_amount::text as old_amount, h.new_amount::text as new_amount, h.source, coalesce(s.name, '') as staff_name,
        h.at, r.companies, r.lines, r.amount::text as amount, ${REVERSED_OF_RUN}::numeric(14, 2)::text as reversed
      ${from} order by r.price_history_id desc`,
    runOf,
  );
}

function claimOf(r: Row): AdminClaimList['list'][number] {
  return {
    id: Number(r.id),
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
    orders_no: String(r.orders_no),
    ...claimAmountsOf(r),
    explanation: String(r.explanation),
    created_at: at(r.created_at),
  };
}

/** An id of no price drop looked at (malformed, or none such). */
export const RUN_NOT_FOUND = '调价记录不存在';

/** GET /price-protection/runs/:id/claims: the compensated lines of one price drop, by company; not found for no such drop. */
export async function runClaims(
  db: Db,
  historyId: number,
  q: { page: number; limit: number },
): Promise<AdminClaimList> {
  const run = await db.execute(sql`select 1 from price_protection_runs where price_history_id = ${historyId}`);
  if (run.rows.length === 0) refuse(RUN_NOT_FOUND);
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from price_protection_claims where price_history_id = ${historyId}`,
    sql`select c.id, c.company_id, co.name as company_name, o.orders_no, c.quantity,
        c.unit_paid::text as unit_paid, c.unit_new::text as unit_new, c.amount::text as amount, c.reversed_quantity,
        coalesce((select sum(v.amount) from price_protection_reversals v where v.claim_id = c.id), 0)::numeric(14, 2)::text as reversed,
        c.explanation, c.created_at
      from price_protection_claims c join companies co on co.id = c.company_id join orders o on o.id = c.order_id
      where c.price_history_id = ${historyId}
      order by co.name, c.id`,
    claimOf,
  );
}
