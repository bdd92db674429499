import { queryOptions } from '@tanstack/react-query';
import type { HotSalesAndSearch } from '@shop/core/api/parts';
import { CONSTANTS } from '@shop/core/constants';
import { apiGet } from '../../lib/api-client';

/** GET /api/Shop.Index/getHotSalesAndHotSearchList (limit 20, page 1). The panel shows its own error. */
export const hotRankQuery = () =>
  queryOptions({
    queryKey: ['hot-rank', { limit: CONSTANTS.hotRankLimit, page: 1 }] as const,
    queryFn: ({ signal }) =>
      apiGet<HotSalesAndSearch>(
        '/api/Shop.Index/getHotSalesAndHotSearchList',
        { limit: CONSTANTS.hotRankLimit, page: 1 },
        { signal },
      ),
    staleTime: 5 * 60_000,
    meta: { showError: false },
  });
