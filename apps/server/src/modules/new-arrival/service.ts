import { asc, count, isNotNull, sql } from 'drizzle-orm';
import type { NewArrivalList } from '@shop/core/api/home';
import type { ProductRowPage } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { loadProductCards } from '../home/product-cards';
import { pageOfProductRows, productsPageSource, type RowContext } from '../catalog/product-rows';
import { cached } from '../catalog/ttl-cache';

const IS_NEW_ARRIVAL = isNotNull(products.newArrivalAt);
/**
 * Newest first, in the order of products_new_arrival_idx (new_arrival_at desc nulls last, id):
 * a plain `desc` means nulls first, which the index cannot give, and every page sorted all new
 * arrivals (39,000 at a million parts: ~100 ms for the home page's ten cards).
 */
const NEWEST_FIRST = [sql`${products.newArrivalAt} desc nulls last`, asc(products.id)];

/** The cache key of the new arrivals' total (the back office forgets it on a change). */
export const NEW_ARRIVALS_TOTAL_KEY = 'new-arrivals:total';

/** How many parts are new arrivals (cached like the list totals: ttl-cache.ts). */
function newArrivalTotal(db: Db): Promise<number> {
  return cached(db, NEW_ARRIVALS_TOTAL_KEY, async () => {
    const [row] = await db.select({ total: count() }).from(products).where(IS_NEW_ARRIVAL);
    return row?.total ?? 0;
  });
}

/** New arrivals, newest first, a page at a time. */
export async function listNewArrivals(
  db: Db,
  query: { page: number; limit: number; priceKey: string; companyId: number },
): Promise<NewArrivalList> {
  const total = await newArrivalTotal(db);
  const offset = (query.page - 1) * query.limit;
  const list =
    offset >= total
      ? []
      : await loadProductCards(db, {
          where: IS_NEW_ARRIVAL,
          orderBy: NEWEST_FIRST,
          limit: query.limit,
          offset,
          priceKey: query.priceKey,
          companyId: query.companyId,
        });
  return { total, list };
}

/** New arrivals as part rows, newest first, a page at a time. */
export async function listNewArrivalRows(
  db: Db,
  ctx: RowContext,
  query: { page: number; limit: number },
): Promise<ProductRowPage> {
  return pageOfProductRows(
    db,
    ctx,
    query,
    productsPageSource(db, IS_NEW_ARRIVAL, NEWEST_FIRST, () => newArrivalTotal(db)),
  );
}
