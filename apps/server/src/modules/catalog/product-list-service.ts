import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { ProductListRequest, ProductRowPage } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { makes, products } from '../../db/schema/catalog';
import { categoryWithDescendants } from './category-service';
import { cached } from './ttl-cache';
import { pageOfProductRows, productsPageSource, type RowContext } from './product-rows';

/** Parts of a category (any level, descendants included) and/or a make, in id order. */
export async function listProducts(db: Db, ctx: RowContext, request: ProductListRequest): Promise<ProductRowPage> {
  const empty = { total: 0, page: request.page, limit: request.limit, list: [] };
  const conditions: SQL[] = [];
  const conditionKey: { categories?: number[]; make?: number } = {};
  if (request.product_type_id !== undefined) {
    const ids = await categoryWithDescendants(db, request.product_type_id);
    if (ids.length === 0) return empty;
    conditions.push(inArray(products.categoryId, ids));
    conditionKey.categories = ids;
  }
  if (request.brand_name_zh) {
    const [make] = await db.select({ id: makes.id }).from(makes).where(eq(makes.nameZh, request.brand_name_zh));
    if (!make) return empty;
    conditions.push(eq(products.makeId, make.id));
    conditionKey.make = make.id;
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // The total of a big category takes a count over tens of thousands of index entries: it is
  // cached briefly (ttl-cache.ts).
  const total = () =>
    cached(db, `list-total:${JSON.stringify(conditionKey)}`, async () => {
      const [totalRow] = await db.select({ total: count() }).from(products).where(where);
      return totalRow?.total ?? 0;
    });
  return pageOfProductRows(db, ctx, request, productsPageSource(db, where, [asc(products.id)], total));
}

/** The hot recommendations by rank, a page at a time. */
export async function listHotRecommends(
  db: Db,
  ctx: RowContext,
  request: { page: number; limit: number },
): Promise<ProductRowPage> {
  const where = isNotNull(products.hotRecommendRank);
  const order = [asc(products.hotRecommendRank), asc(products.id)];
  return pageOfProductRows(db, ctx, request, productsPageSource(db, where, order));
}
