import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { normalizePartNumber } from '@shop/core/part-number';
import { productNumbers, productPrices } from '../src/db/schema/catalog';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import { insertCatalog, PARTS, type CatalogData } from './catalog-test-data';

/**
 * The part rows read prices and replacement numbers from copies on the part
 * (products.row_prices, row_search_numbers) kept by triggers (migration 0008): whatever writes
 * product_prices or product_numbers, the rows show what those tables hold.
 */
let t: TestApp;
let data: CatalogData;
beforeAll(async () => {
  t = await createTestApp();
  data = await insertCatalog(t.db, t.config.BRAND);
});
afterAll(() => t.close());

async function rowOf(freyNo: string): Promise<ProductRow> {
  const res = await t.injectAs('aMain', {
    method: 'POST',
    url: '/api/Shop.Accessory/index',
    payload: { keyword: freyNo },
  });
  const page = body<ProductRowPage>(res).data;
  const row = page.list.find((r) => r.frey_no === freyNo);
  expect(row).toBeDefined();
  return row!;
}

describe('part rows show prices and replacement numbers as the catalog tables hold them', () => {
  const part = PARTS.pads.freyNo;
  const priceKeys = () => getBrandVariant(t.config.BRAND).priceLabels.map((l) => l.key);

  test('prices: inserted, changed and removed', async () => {
    const id = data.ids.pads;
    const stored = (await t.db.select().from(productPrices).where(eq(productPrices.productId, id))).map((p) => [
      p.priceKey,
      Number(p.amount).toFixed(2),
    ]);
    expect(Object.entries((await rowOf(part)).prices).sort()).toEqual(stored.sort());

    const [first, second] = priceKeys();
    await t.db
      .update(productPrices)
      .set({ amount: '321.50' })
      .where(and(eq(productPrices.productId, id), eq(productPrices.priceKey, first!)));
    await t.db.delete(productPrices).where(and(eq(productPrices.productId, id), eq(productPrices.priceKey, second!)));
    let prices = (await rowOf(part)).prices;
    expect(prices[first!]).toBe('321.50');
    expect(prices[second!]).toBe('0.00');

    await t.db.insert(productPrices).values({ productId: id, priceKey: second!, amount: '99.90' });
    prices = (await rowOf(part)).prices;
    expect(prices[second!]).toBe('99.90');
  });

  test('replacement numbers: the first 10 by id, kept up to date', async () => {
    const id = data.ids.pads;
    expect((await rowOf(part)).search_numbers).toEqual([]);
    const added = await t.db
      .insert(productNumbers)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          productId: id,
          kind: 'replacement' as const,
          factory: `厂${i + 1}`,
          number: `RP-${i + 1}`,
          numberNorm: normalizePartNumber(`RP-${i + 1}`),
        })),
      )
      .returning({ id: productNumbers.id });
    // An old number is not a replacement number: not shown.
    await t.db
      .insert(productNumbers)
      .values({ productId: id, kind: 'old', factory: '宝马', number: 'OLD-1', numberNorm: 'OLD1' });
    const shown = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ factory: `厂${from + i}`, search_number: `RP-${from + i}` }));
    expect((await rowOf(part)).search_numbers).toEqual(shown(1, 10));

    await t.db.delete(productNumbers).where(eq(productNumbers.id, added[0]!.id));
    await t.db.update(productNumbers).set({ number: 'RP-2B' }).where(eq(productNumbers.id, added[1]!.id));
    expect((await rowOf(part)).search_numbers).toEqual([{ factory: '厂2', search_number: 'RP-2B' }, ...shown(3, 11)]);

    // A number moved to another part leaves this one and shows on the other.
    await t.db.update(productNumbers).set({ productId: data.ids.rearPads }).where(eq(productNumbers.id, added[2]!.id));
    expect((await rowOf(part)).search_numbers.map((n) => n.search_number)).not.toContain('RP-3');
    expect((await rowOf(PARTS.rearPads.freyNo)).search_numbers).toEqual([{ factory: '厂3', search_number: 'RP-3' }]);
  });

  test('the copies equal the tables for every part', async () => {
    const mismatched = await t.db.execute(sql`
      select p.id from products p
      where p.row_prices <> coalesce((select jsonb_object_agg(pp.price_key, pp.amount::text) from product_prices pp
                                      where pp.product_id = p.id), '{}'::jsonb)`);
    expect(mismatched.rows).toEqual([]);
  });
});
