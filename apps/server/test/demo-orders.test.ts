import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { demoReferenceDateToday, generateDemoData } from '../src/demo/generate';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/** The demo orders' after-life (demo/order-fulfilment.ts): packages, receipts, cancels and returns. */
let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  // Dated as `npm start` dates it, so the history reaches last month.
  await generateDemoData(db, {
    parts: 400,
    brand: 'frey',
    seed: 7,
    batchSize: 400,
    referenceDate: demoReferenceDateToday(),
  });
}, 120_000);
afterAll(() => t?.dispose());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return (await db.execute(query)).rows[0] as T;
}

test('shipped and completed demo orders have their packages; everything else has none', async () => {
  const r = await one<{ shipped: number; unshipped_units: number; wrong_status: number; stray: number }>(sql`
    select
      (select count(*) from orders where status in ('shipped', 'completed'))::int as shipped,
      (select count(*) from order_items i join orders o on o.id = i.order_id
        where o.status in ('shipped', 'completed') and i.shipped_quantity <> i.quantity
          or i.shipped_quantity <> coalesce((select sum(di.quantity) from delivery_items di where di.order_item_id = i.id), 0)
      )::int as unshipped_units,
      (select count(*) from deliveries d join orders o on o.id = d.order_id
        where (o.status = 'completed') <> (d.status = 'received'))::int as wrong_status,
      (select count(*) from deliveries d join orders o on o.id = d.order_id
        where o.status not in ('shipped', 'completed') or d.company_id <> o.company_id)::int as stray`);
  expect(r.shipped).toBeGreaterThan(0);
  expect(r).toMatchObject({ unshipped_units: 0, wrong_status: 0, stray: 0 });
});

test('cancelled orders carry their cancel time; each company with a completed order has one return to review', async () => {
  const r = await one<{ cancelled_without_time: number; companies: number; returns: number; bad_returns: number }>(sql`
    select
      (select count(*) from orders where status = 'cancelled' and cancelled_at is null)::int as cancelled_without_time,
      (select count(distinct company_id) from orders where status = 'completed')::int as companies,
      (select count(*) from return_orders where status = 'pending_review')::int as returns,
      (select count(*) from return_orders r where r.total_amount <> (select sum(ri.price * ri.quantity)
        from return_order_items ri where ri.return_order_id = r.id))::int as bad_returns`);
  expect(r.companies).toBeGreaterThan(0);
  expect(r).toMatchObject({ cancelled_without_time: 0, returns: r.companies, bad_returns: 0 });
});

test('the demo money history: completed orders posted, every ended month stated and paid the next month, the latest to confirm', async () => {
  const r = await one<{
    completed: number;
    posted: number;
    wrong_amounts: number;
    unstated_before: number;
    bad_totals: number;
    broken_chain: number;
    latest: number;
    latest_pending: number;
    older_unconfirmed: number;
    announced: number;
    unpaid: number;
  }>(sql`
    with latest as (select to_char((now() at time zone 'Asia/Shanghai') - interval '1 month', 'YYYY-MM') as month)
    select
      (select count(*) from orders where status = 'completed')::int as completed,
      (select count(*) from company_ledger where kind = 'delivery')::int as posted,
      (select count(*) from company_ledger l join orders o on l.source_key = 'order:' || o.id and l.kind = 'delivery'
        where l.amount <> (select sum(i.price * i.shipped_quantity) from order_items i where i.order_id = o.id)
          or l.company_id <> o.company_id)::int as wrong_amounts,
      (select count(*) from company_ledger l
        where to_char(l.occurred_at at time zone 'Asia/Shanghai', 'YYYY-MM') <= (select month from latest)
          and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id))::int as unstated_before,
      (select count(*) from statements s where s.total <> coalesce((select sum(l.amount) from statement_lines sl
        join company_ledger l on l.id = sl.ledger_id where sl.statement_id = s.id), 0)
        or s.line_count <> (select count(*) from statement_lines sl where sl.statement_id = s.id))::int as bad_totals,
      (select count(*) from statements s where s.opening <> coalesce((select p.closing from statements p
        where p.company_id = s.company_id and p.month < s.month order by p.month desc limit 1), 0))::int as broken_chain,
      (select count(*) from statements where month = (select month from latest))::int as latest,
      (select count(*) from statements where month = (select month from latest) and status = 'pending')::int
        as latest_pending,
      (select count(*) from statements where month < (select month from latest)
        and (status <> 'confirmed' or confirmed_by is null))::int as older_unconfirmed,
      (select count(*) from domain_events where type = 'statements.built')::int as announced,
      (select count(*) from statements s where s.month < (select month from latest) and s.closing > 0
        and not exists (select 1 from company_payments p join company_ledger l on l.source_key = 'payment:' || p.id
          where p.company_id = s.company_id and p.amount = s.closing and l.amount = -s.closing
            and to_char(p.paid_on, 'YYYY-MM') = to_char(to_date(s.month, 'YYYY-MM') + interval '1 month', 'YYYY-MM')))::int
        as unpaid`);
  expect(r.completed).toBeGreaterThan(0);
  expect(r.latest).toBeGreaterThan(0);
  expect(r).toMatchObject({
    posted: r.completed,
    wrong_amounts: 0,
    unstated_before: 0,
    bad_totals: 0,
    broken_chain: 0,
    latest_pending: r.latest,
    older_unconfirmed: 0,
    announced: 0,
    unpaid: 0,
  });
});
