import type { ProductRowPage } from '@shop/core/api/parts';
import { apiGet } from '../../../lib/api-client';
import { partKeys } from '../../../entities/part/part-queries';

export const newArrivalKeys = { all: () => partKeys.rows('new-arrivals') };

/** GET /api/Shop.NewArrival/newArrivalDetailList: new arrivals as part rows, newest first. */
export function fetchNewArrivals(page: number, limit: number, signal: AbortSignal): Promise<ProductRowPage> {
  return apiGet<ProductRowPage>('/api/Shop.NewArrival/newArrivalDetailList', { page, limit }, { signal });
}
