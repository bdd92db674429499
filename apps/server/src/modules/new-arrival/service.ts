import { asc, count, desc, isNotNull } from 'drizzle-orm';
import type { NewArrivalList } from '@shop/core/api/home';
import type { ProductRowPage } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { loadProductCards } from '../home/product-cards';
import { pageOfProductRows, productsPageSource, type RowContext } from '../catalog/product-rows';

/** New arrivals, newest first, a page at a time. */
export async function listNewArrivals(
  db: Db,
  query: { page: number; limit: number; priceKey: string; companyId: number },
): Promise<NewArrivalList> {
  const where = isNotNull(products.newArrivalAt);
  const [totalRow] = await db.select({ total: count() }).from(products).where(where);
  const total = totalRow?.total ?? 0;
  const offset = (query.page - 1) * query.limit;
  const list =
    offset >= total
      ? []
      : await loadProductCards(db, {
          where,
          orderBy: [desc(products.newArrivalAt), asc(products.id)],
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
  const where = isNotNull(products.newArrivalAt);
  const order = [desc(products.newArrivalAt), asc(products.id)];
  return pageOfProductRows(db, ctx, query, productsPageSource(db, where, order));
}
