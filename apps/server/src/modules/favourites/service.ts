import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { favourites } from '../../db/schema/customer-activity';
import { refuse } from '../../lib/errors';
import type { DealerCaller } from '../../platform/request-context';
import { accountPartsPages } from '../catalog/product-rows';
import type { RepeatThrottle } from './throttle';

export const FAVOURITE_ADDED_TEXT = '收藏成功';
export const FAVOURITE_REMOVED_TEXT = '已取消收藏';
export const TOO_FREQUENT_TEXT = '请求过于频繁';
/** A second toggle of the same part by the same account within this window is refused. */
export const TOGGLE_WINDOW_MS = 1000;

/** Favourites a part, or removes it when already favourited. */
export async function toggleFavourite(
  db: Db,
  auth: DealerCaller,
  productId: number,
  throttle: RepeatThrottle,
): Promise<{ is_sub: 0 | 1; msg: string }> {
  if (!throttle.take(`${auth.accountId}:${productId}`)) refuse(TOO_FREQUENT_TEXT);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) refuse('商品不存在');
  const mine = and(
    eq(favourites.accountId, auth.accountId),
    eq(favourites.companyId, auth.companyId),
    eq(favourites.productId, productId),
  );
  const removed = await db.delete(favourites).where(mine).returning({ productId: favourites.productId });
  if (removed.length > 0) return { is_sub: 0, msg: FAVOURITE_REMOVED_TEXT };
  await db
    .insert(favourites)
    .values({ accountId: auth.accountId, companyId: auth.companyId, productId })
    .onConflictDoNothing();
  return { is_sub: 1, msg: FAVOURITE_ADDED_TEXT };
}

/** The account's favourites, newest first, as part rows. */
export const listFavourites = accountPartsPages(favourites, favourites.createdAt);
