import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { generateDemoData } from '../src/demo/generate';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/** The demo orders' after-life (demo/order-fulfilment.ts): packages, receipts, cancels and returns. */
let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  await generateDemoData(db, { parts: 400, brand: 'frey', seed: 7, batchSize: 400 });
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
