import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { STOCK_FIGURE_KEYS, type ProductRow, type ProductRowPage } from '@shop/core/api/parts';
import type { BatchSearchResult } from '@shop/core/api/bulk-search';
import { getBrandVariant } from '@shop/core/brand-variants';
import { stockState } from '@shop/core/part-display';
import { productStocks } from '../src/db/schema/catalog';
import { favourites } from '../src/db/schema/customer-activity';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import { categoryId, insertCatalog, type CatalogData } from './catalog-test-data';

/**
 * The view-stock gate on the server (spec.md section 4 'Stock display'): in the main variant a
 * company that has not looked at a part's stock (is_view_stock 0) gets no stock figures in any
 * answer that carries part rows, only the row's stock_state; after the stock call it gets them.
 * The stock page and the other variants are not gated.
 */
let t: TestApp;
let data: CatalogData;
beforeAll(async () => {
  t = await createTestApp({ env: { BRAND: 'frey' } });
  data = await insertCatalog(t.db, 'frey');
});
afterAll(() => t.close());

async function call<T>(app: TestApp, account: FixtureAccountKey, url: string, payload?: object) {
  const res = await app.injectAs(account, payload ? { method: 'POST', url, payload } : { url });
  const b = body<T>(res);
  expect(b.status).toBe(200);
  return { data: b.data, raw: res.body };
}

function expectNoFigures(row: Record<string, unknown>) {
  for (const key of [...STOCK_FIGURE_KEYS, 'on_way_stock']) expect(row).not.toHaveProperty(key);
}

async function setStock(productId: number, warehouseId: number, available: number) {
  await t.db
    .update(productStocks)
    .set({ available })
    .where(and(eq(productStocks.productId, productId), eq(productStocks.warehouseId, warehouseId)));
}

describe('the main variant, a company that has not looked at the stock', () => {
  test('product_list, the search, the multi-number search and the detail send the state, no figures', async () => {
    expect(getBrandVariant('frey').viewStockGate).toBe(true);
    const { frontPads, oilFilter } = data.ids;
    await setStock(oilFilter, 1, 60);

    const list = await call<ProductRowPage>(t, 'bMain', '/api/Shop.Index/product_list', {
      product_type_id: await categoryId(t.db, '刹车片'),
    });
    const search = await call<ProductRowPage>(t, 'bMain', '/api/Shop.Accessory/index', { keyword: 'FR-BK-1001' });
    const batch = await call<BatchSearchResult>(t, 'bMain', '/api/Shop.Accessory/batchSearch', {
      keyword: 'FR-BK-1001\nFR-OF-2001',
    });
    const detail = await call<ProductRow>(t, 'bMain', `/api/Shop.Accessories/getDetail?id=${frontPads}`);

    const rows: ProductRow[] = [...list.data.list, ...search.data.list, ...batch.data.groups.flatMap((g) => g.list)];
    expect(rows.length).toBeGreaterThan(4);
    for (const row of [...rows, detail.data]) {
      expect(row.is_view_stock).toBe(0);
      expectNoFigures(row);
      expect(['tight', 'normal']).toContain(row.stock_state);
    }
    // Not even in the bytes on the wire.
    for (const raw of [list.raw, search.raw, batch.raw, detail.raw]) {
      expect(raw).not.toMatch(/frey_stock|available_stock|beijing_stock|stock_zaitu|my_stock|on_way_stock/);
    }
    // The state is core's rule over the stock the account orders from: 5 in Guangzhou is tight
    // (Beijing's 150 is not the account's), 60 with 12 consumable days is normal.
    const byId = new Map(rows.map((r) => [r.product_id, r]));
    expect(byId.get(frontPads)!.stock_state).toBe('tight');
    expect(byId.get(oilFilter)!.stock_state).toBe('normal');
    expect(stockState(60, 12)).toBe('normal');
    expect(detail.data.stock_state).toBe('tight');
  });

  test("a regional account gets each warehouse's state: Guangzhou as stock_state, Beijing as beijing_stock_state", async () => {
    const { frontPads } = data.ids;
    await setStock(frontPads, 1, 5);
    await setStock(frontPads, 2, 150);
    const regional = await call<ProductRow>(t, 'cRegional', `/api/Shop.Accessories/getDetail?id=${frontPads}`);
    expectNoFigures(regional.data);
    expect(regional.data.stock_state).toBe(stockState(5, regional.data.consumable_days));
    expect(regional.data.beijing_stock_state).toBe(stockState(150, regional.data.consumable_days));
    // An account that does not order from Beijing is not told Beijing's state.
    const other = await call<ProductRow>(t, 'bMain', `/api/Shop.Accessories/getDetail?id=${frontPads}`);
    expect(other.data).not.toHaveProperty('beijing_stock_state');
  });

  test('after the stock call the figures come for that part and that company only', async () => {
    const { rearPads, pads } = data.ids;
    const stock = await call<Record<string, number>>(
      t,
      'aSub',
      `/api/Shop.Accessory/getProductStock?product_id=${rearPads}`,
    );
    expect(stock.data).toMatchObject({ product_id: rearPads, frey_stock: 0, my_stock: 0, is_view_stock: 1 });

    const list = await call<ProductRowPage>(t, 'aMain', '/api/Shop.Index/product_list', {
      product_type_id: await categoryId(t.db, '刹车片'),
    });
    const seen = list.data.list.find((r) => r.product_id === rearPads)!;
    expect(seen).toMatchObject({ is_view_stock: 1, frey_stock: 0, beijing_stock: 0, my_stock: 0, stock_zaitu: 0 });
    expect(seen).not.toHaveProperty('stock_state');
    const notSeen = list.data.list.find((r) => r.product_id === pads)!;
    expect(notSeen.is_view_stock).toBe(0);
    expectNoFigures(notSeen);

    const otherCompany = await call<ProductRowPage>(t, 'bMain', '/api/Shop.Accessory/index', {
      keyword: 'FR-BK-1002',
    });
    expectNoFigures(otherCompany.data.list[0]!);
  });

  test('the stock page (outStockArrivals) is not gated: it sends the figures', async () => {
    const { airFilter } = data.ids;
    const { accounts, companies } = t.fixtures;
    await t.db
      .insert(favourites)
      .values({ accountId: accounts.cRegional.id, companyId: companies.c.id, productId: airFilter });
    const page = await call<ProductRowPage>(t, 'cRegional', '/api/Shop.StockArrival/outStockArrivals?limit=50');
    const row = page.data.list.find((r) => r.product_id === airFilter)!;
    expect(row).toMatchObject({ is_view_stock: 0, frey_stock: 0, my_stock: 0 });
    expect(row).not.toHaveProperty('stock_state');
  });
});

describe('the other variants', () => {
  test('send the figures and no state', async () => {
    const eurox = await createTestApp({ env: { BRAND: 'eurox' } });
    try {
      const ids = (await insertCatalog(eurox.db, 'eurox')).ids;
      const { data: page } = await call<ProductRowPage>(eurox, 'bMain', '/api/Shopv2.Accessory/index', {
        keyword: 'FR-BK-1001',
      });
      const row = page.list.find((r) => r.product_id === ids.frontPads)!;
      expect(row).toMatchObject({ is_view_stock: 1, frey_stock: 5, beijing_stock: 150, my_stock: 5, stock_zaitu: 5 });
      expect(row).not.toHaveProperty('stock_state');
    } finally {
      await eurox.close();
    }
  });
});
