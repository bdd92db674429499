import type { ProductRowPage } from '@shop/core/api/parts';
import { apiPost } from '../../../lib/api-client';
import { partKeys } from '../../../entities/part/part-queries';

export const collectionKeys = { all: () => partKeys.rows('collection') };

/** POST /api/Shop.Collection/list: the account's favourites, newest first. */
export function fetchFavourites(page: number, limit: number, signal: AbortSignal): Promise<ProductRowPage> {
  return apiPost<ProductRowPage>('/api/Shop.Collection/list', { page, limit }, { signal });
}
