import type { ProductRowPage } from '@shop/core/api/parts';
import { apiPost } from '../../../lib/api-client';
import { partKeys } from '../../../entities/part/part-queries';

export const historyKeys = { all: () => partKeys.rows('browsing-history') };

/** POST /api/Shop.ProductBrowsingHistory/list: parts the account opened, newest first. */
export function fetchBrowsingHistory(page: number, limit: number, signal: AbortSignal): Promise<ProductRowPage> {
  return apiPost<ProductRowPage>('/api/Shop.ProductBrowsingHistory/list', { page, limit }, { signal });
}
