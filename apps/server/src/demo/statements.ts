import { sql } from 'drizzle-orm';
import { toCents } from '@shop/core/money';
import { buildStatements, monthRange, nextMonth, previousMonth } from '../modules/statements/build';
import { postCompletedOrders } from '../modules/statements/posting';
import { chinaDay, chinaDayStart } from '../lib/china-time';
import { insertPayment } from '../modules/statements/payments';
import type { Executor } from './bulk-insert';

type Row = Record<string, unknown>;

/**
 * The demo companies' money history (docs/statements.md), as if the shop had been running: every
 * completed demo order posted to the company ledger the way the order.completed subscriber posts
 * it, then the statements the monthly job would have built for each month that has ended, in
 * order (each opening on the last closing). Each company paid its statement in full on the 20th of
 * the next month (recorded by the finance staff member) and confirmed it, all but the latest
 * statement, which waits for both. Nothing is announced: the history's messages were read long
 * ago. Run after the demo staff, orders, their fulfilment, coins and vouchers.
 */
export async function insertDemoStatements(tx: Executor, now: Date): Promise<void> {
  await postCompletedOrders(tx, sql`true`);

  const first = (await tx.execute(sql`select min(occurred_at) as at from company_ledger`)).rows[0]?.at;
  if (first == null) return;
  const firstDay = chinaDay(first instanceof Date ? first : new Date(String(first)));
  const latest = previousMonth(now);
  const finance = (await tx.execute(sql`select id from staff_members where login = 'finance'`)).rows[0];
  let stated: Row[] = [];
  for (let month = firstDay.slice(0, 7); month <= latest; month = nextMonth(month)) {
    for (const s of stated) {
      if (!finance || (toCents(s.closing) ?? 0n) <= 0n) continue;
      const paidOn = `${month}-20`;
      const { id } = await insertPayment(tx, Number(finance.id), {
        company_id: Number(s.company_id),
        amount: String(s.closing),
        paid_on: paidOn,
        method: '银行转账',
        reference: `HK${paidOn.replaceAll('-', '')}${String(s.company_id).padStart(4, '0')}`,
        note: '',
        request_key: `demo-payment-${paidOn}-${String(s.company_id)}`,
      });
      const recordedAt = new Date(chinaDayStart(paidOn).getTime() + 10 * 3_600_000);
      await tx.execute(sql`update company_payments set created_at = ${recordedAt.toISOString()} where id = ${id}`);
    }
    const built = await buildStatements(tx, month, { announce: false });
    const madeAt = new Date(monthRange(month).end.getTime() + 3_600_000);
    await tx.execute(sql`insert into statement_months (month, statements, lines, built_at)
      values (${month}, ${built.statements}, ${built.lines}, ${madeAt.toISOString()}) on conflict do nothing`);
    await tx.execute(sql`update statements s set created_at = ${madeAt.toISOString()},
        status = case when ${month} < ${latest} then 'confirmed' else 'pending' end,
        confirmed_at = case when ${month} < ${latest} then ${madeAt.toISOString()}::timestamptz + interval '3 days' end,
        confirmed_by = case when ${month} < ${latest}
          then (select a.id from accounts a where a.company_id = s.company_id and a.is_main = 1 order by a.id limit 1) end
      where s.month = ${month}`);
    stated = (
      await tx.execute(sql`select company_id, closing::text as closing from statements where month = ${month}
        order by company_id`)
    ).rows as Row[];
  }
}
