import type { ProductRowPage } from '@shop/core/api/parts';
import { apiGet } from '../../../lib/api-client';
import { partKeys } from '../../../entities/part/part-queries';

export const hotRecommendKeys = { all: () => partKeys.rows('hot-recommend') };

/** GET /api/Shop.Index/hot_recommends: hot recommendations by rank. */
export function fetchHotRecommends(page: number, limit: number, signal: AbortSignal): Promise<ProductRowPage> {
  return apiGet<ProductRowPage>('/api/Shop.Index/hot_recommends', { page, limit }, { signal });
}
