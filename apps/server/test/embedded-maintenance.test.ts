import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { maintainEmbeddedDatabase } from '../src/db/embedded-maintenance';
import { createTestApp, type TestApp } from './helpers/test-app';
import { insertCatalog } from './catalog-test-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertCatalog(t.db, t.config.BRAND);
});
afterAll(() => t.close());

async function stockTable() {
  const [row] = (
    await t.db.execute(sql`select relallvisible, reltuples from pg_class where relname = 'product_stocks'`)
  ).rows as { relallvisible: number; reltuples: number }[];
  return { visible: Number(row!.relallvisible), tuples: Number(row!.reltuples) };
}

describe('maintenance of the embedded database', () => {
  test('vacuums the database and refreshes the statistics of the tables that change with use', async () => {
    // Stock taken by orders leaves dead row versions and pages not known to be all-visible.
    await t.db.execute(sql`update product_stocks set available = available + 1`);
    const before = await stockTable();
    expect(before.visible).toBe(0);

    await maintainEmbeddedDatabase(t.db);

    const after = await stockTable();
    expect(after.visible).toBeGreaterThan(0);
    const counted = (await t.db.execute(sql`select count(*)::int as n from product_stocks`)).rows as { n: number }[];
    expect(after.tuples).toBe(Number(counted[0]!.n));
  });
});
