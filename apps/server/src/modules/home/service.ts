import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BannerItem, CategoryNode, HomeIndex } from '@shop/core/api/home';
import { CONSTANTS } from '@shop/core/constants';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';
import { banners, hotKeywords } from '../../db/schema/content';
import { loadProductCards } from './product-cards';

/** The home page: banner carousel, the first hot recommendations and the category tree. */
export async function getHomeIndex(db: Db, priceKey: string, companyId: number): Promise<HomeIndex> {
  const [carousel, hot, tree] = await Promise.all([
    listBanners(db),
    loadProductCards(db, {
      where: isNotNull(products.hotRecommendRank),
      orderBy: [asc(products.hotRecommendRank), asc(products.id)],
      limit: CONSTANTS.hotRecommendsKept,
      priceKey,
      companyId,
    }),
    getCategoryTree(db),
  ]);
  return { shop_carousel_list: carousel, hot_recommends: hot, category_list: tree };
}

/**
 * The banners the dealers' home shows now: enabled and within their schedule (the back office's
 * shop content sets both; read on every call, so a change shows at once).
 */
export async function listBanners(db: Db): Promise<BannerItem[]> {
  const rows = await db
    .select({ picture: banners.picture, fileType: banners.fileType, address: banners.address })
    .from(banners)
    .where(bannerShowing())
    .orderBy(asc(banners.sort), asc(banners.id))
    .limit(CONSTANTS.carouselPageSize);
  return rows;
}

/** Enabled and within its schedule at the database's now. */
export function bannerShowing(): SQL {
  return and(
    eq(banners.enabled, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
    or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
  )!;
}

/** The three-level category tree; level 1 holds the five groups of the mega-panel. */
export async function getCategoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.lNameZh })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    // Category carousels (product-advantage slides per category) do not exist yet: none to count.
    const node: CategoryNode = {
      product_type_id: row.id,
      l_name_zh: row.name,
      children: [],
      categoryCarouselItemTotal: 0,
    };
    nodes.set(row.id, node);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else if (row.parentId === null) roots.push(node);
  }
  return roots;
}

/** Hot keywords below the search box, comma-separated. */
export async function getHotKeywords(db: Db): Promise<string> {
  const rows = await db
    .select({ keyword: hotKeywords.keyword })
    .from(hotKeywords)
    .where(eq(hotKeywords.enabled, true))
    .orderBy(asc(hotKeywords.sort), asc(hotKeywords.id));
  return rows.map((r) => r.keyword).join(',');
}
