import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chinaDay, chinaDayStart } from '../../lib/china-time';
import { publish, type Executor } from '../../lib/events';
import { runTransaction } from '../../platform/request-context';
import type { StatementsBuiltEvent } from './events';

/**
 * Monthly statements (docs/statements.md, 'Statements'), set-based: one statement per company
 * and month (unique), made of the company's ledger entries that happened before the month's end
 * (China time) and are on no statement yet (an entry posted late goes on the next one), with the
 * opening balance (the company's previous closing), the total (their sum, in numeric) and the
 * closing balance (opening + total; a CHECK holds it). A company gets one when it has entries or a
 * balance carried over. One transaction: a month is built for a company whole or not at all.
 */
type Row = Record<string, unknown>;

/** '2026-03' → the moments the month starts and ends in China. */
export function monthRange(month: string): { start: Date; end: Date; lastDay: string } {
  const end = chinaDayStart(`${nextMonth(month)}-01`);
  return { start: chinaDayStart(`${month}-01`), end, lastDay: chinaDay(new Date(end.getTime() - 1)) };
}

/** '2026-12' → '2027-01'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month (China time) before the one `now` is in. */
export function previousMonth(now: Date): string {
  const [y, m] = chinaDay(now).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The month (China time) `now` is in. */
export function currentMonth(now: Date): string {
  return chinaDay(now).slice(0, 7);
}

export interface BuildOutcome {
  month: string;
  statements: number;
  lines: number;
}

/**
 * Builds the month's statements of every company that has none for it yet, in the caller's
 * transaction (holding the build lock to its end); publishes statements.built (the main accounts' messages) when it made any, unless
 * `announce` is false (the demo's history).
 */
export async function buildStatements(tx: Executor, month: string, { announce = true } = {}): Promise<BuildOutcome> {
  const { end, lastDay } = monthRange(month);
  // One build at a time (two staff, or staff and the monthly job, building two months): the next
  // one sees the entries the last one put on its statements, so an entry is on one statement only.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statements-build'))`);
  const { rows } = await tx.execute(sql`
    with due as (
      select l.id, l.company_id, l.amount from company_ledger l
      where l.occurred_at < ${end.toISOString()}::timestamptz
        and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id)
    ),
    sums as (select company_id, sum(amount) as total, count(*)::int as n from due group by company_id),
    prev as (
      select distinct on (company_id) company_id, closing from statements
      where month < ${month} order by company_id, month desc
    ),
    candidates as (
      select coalesce(s.company_id, p.company_id) as company_id, coalesce(p.closing, 0) as opening,
        coalesce(s.total, 0) as total, coalesce(s.n, 0) as n
      from sums s full join prev p on p.company_id = s.company_id
      where coalesce(s.n, 0) > 0 or p.closing <> 0
    ),
    made as (
      insert into statements (company_id, month, opening, total, closing, line_count, due_on)
      select c.company_id, ${month}, c.opening, c.total, c.opening + c.total, c.n,
        ${lastDay}::date + coalesce(cc.payment_days, 30)
      from candidates c left join company_credit cc on cc.company_id = c.company_id
      where not exists (select 1 from statements x where x.company_id = c.company_id and x.month > ${month})
      order by c.company_id
      on conflict (company_id, month) do nothing
      returning id, company_id
    ),
    lines as (
      insert into statement_lines (statement_id, ledger_id)
      select m.id, d.id from made m join due d on d.company_id = m.company_id
      returning 1
    )
    select (select count(*) from made)::int as statements, (select count(*) from lines)::int as lines`);
  const r = rows[0] as Row;
  const outcome = { month, statements: Number(r.statements), lines: Number(r.lines) };
  if (announce && outcome.statements > 0) {
    const built: StatementsBuiltEvent = { type: 'statements.built', month };
    await publish(tx, built);
  }
  return outcome;
}

/**
 * The monthly job: builds the previous month (China time) once; statement_months marks it built
 * (staff may still build a month again from the back office, for companies without one).
 */
export async function monthlyStatementsJob(db: Db, now = new Date()): Promise<BuildOutcome | null> {
  const month = previousMonth(now);
  return runTransaction(db, async (tx) => {
    const claimed = await tx.execute(sql`insert into statement_months (month, statements, lines) values (${month}, 0, 0)
      on conflict do nothing returning month`);
    if (claimed.rows.length === 0) return null;
    const outcome = await buildStatements(tx, month);
    await tx.execute(sql`update statement_months set statements = ${outcome.statements}, lines = ${outcome.lines}
      where month = ${month}`);
    return outcome;
  });
}
