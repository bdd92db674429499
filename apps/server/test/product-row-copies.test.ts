import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { normalizePartNumber } from '@shop/core/part-number';
import { productNumbers, productPrices, productStocks } from '../src/db/schema/catalog';
import { productCarousels, videos } from '../src/db/schema/product-content';
import { stockViews } from '../src/db/schema/customer-activity';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createCatalogApp, PARTS, type CatalogData } from './catalog-test-data';

/**
 * The part rows read prices, replacement numbers, stock, video and carousel from copies on the
 * part (products.row_prices, row_search_numbers: migration 0008; row_stocks, row_video,
 * row_has_carousel: migration 0012) kept by triggers: whatever writes product_prices,
 * product_numbers, product_stocks, videos or product_carousels, the rows show what they hold.
 */
let t: TestApp;
let data: CatalogData;
beforeAll(async () => {
  ({ t, data } = await createCatalogApp());
  // Company A has looked at the part's stock, so its rows carry the figures (the view-stock gate).
  await t.db.insert(stockViews).values({ companyId: t.fixtures.companies.a.id, productId: data.ids.pads });
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

  test('stock: changed, added and removed per warehouse', async () => {
    const id = data.ids.pads;
    const stockOf = (row: ProductRow) => [row.frey_stock, row.beijing_stock, row.stock_zaitu];
    const inWarehouse = (warehouseId: number) =>
      and(eq(productStocks.productId, id), eq(productStocks.warehouseId, warehouseId));
    await t.db.update(productStocks).set({ available: 41, inTransit: 3 }).where(inWarehouse(1));
    await t.db.update(productStocks).set({ available: 9, inTransit: 2 }).where(inWarehouse(2));
    expect(stockOf(await rowOf(part))).toEqual([41, 9, 5]);

    await t.db.delete(productStocks).where(inWarehouse(2));
    expect(stockOf(await rowOf(part))).toEqual([41, 0, 3]);
    await t.db.insert(productStocks).values({ productId: id, warehouseId: 2, available: 6, inTransit: 0 });
    expect(stockOf(await rowOf(part))).toEqual([41, 6, 3]);
  });

  test('video (the first by id) and carousel: added, changed and removed', async () => {
    const id = data.ids.pads;
    const media = async () => {
      const row = await rowOf(part);
      return [row.video, row.is_product_advantage];
    };
    expect(await media()).toEqual(['', 0]);
    const [second, first] = await t.db
      .insert(videos)
      .values([
        { id: 9002, productId: id, videoName: '二', pic: '/media/v/2.svg', video: '/media/v/2.mp4' },
        { id: 9001, productId: id, videoName: '一', pic: '/media/v/1.svg', video: '/media/v/1.mp4' },
      ])
      .returning({ id: videos.id });
    const [carousel] = await t.db.insert(productCarousels).values({ productId: id }).returning();
    expect(await media()).toEqual(['/media/v/1.mp4', 1]);

    // A video moved to another part, then the other one deleted; the carousel removed.
    await t.db.update(videos).set({ productId: data.ids.rearPads }).where(eq(videos.id, first!.id));
    expect(await media()).toEqual(['/media/v/2.mp4', 1]);
    expect((await rowOf(PARTS.rearPads.freyNo)).video).toBe('/media/v/1.mp4');
    await t.db.delete(videos).where(eq(videos.id, second!.id));
    await t.db.delete(productCarousels).where(eq(productCarousels.id, carousel!.id));
    expect(await media()).toEqual(['', 0]);
  });

  test('the copies equal the tables for every part', async () => {
    const mismatched = await t.db.execute(sql`
      select p.id from products p
      where p.row_prices <> coalesce((select jsonb_object_agg(pp.price_key, pp.amount::text) from product_prices pp
                                      where pp.product_id = p.id), '{}'::jsonb)
        or p.row_stocks <> coalesce((select jsonb_agg(jsonb_build_array(s.warehouse_id, s.available, s.in_transit)
                                       order by s.warehouse_id) from product_stocks s where s.product_id = p.id), '[]'::jsonb)
        or p.row_video <> coalesce((select v.video from videos v where v.product_id = p.id order by v.id limit 1), '')
        or p.row_has_carousel <> exists(select 1 from product_carousels c where c.product_id = p.id)`);
    expect(mismatched.rows).toEqual([]);
  });
});
