import { PAGE_SHOWS_ERRORS } from '../../../lib/query-client';
import { queryOptions } from '@tanstack/react-query';
import type { VinHotList, VinSearchResult } from '@shop/core/api/vin';
import { apiGet } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/api-queries';
import { partKeys } from '../../../entities/part/part-queries';

export interface VinSearchParams {
  vin: string;
  page: number;
  limit: number;
  category_id?: number;
}

/** The page shows its own error state with a retry, so the search does not toast. */

export const vinQueries = {
  all: () => ['vin'] as const,
  /** Every VIN search (its part rows live under the part entity's key root). */
  searches: () => partKeys.rows('vin'),
  /** POST /api/Shop.Vin/searchproduct: decoded VIN, our vehicle, its categories and a page of fitting parts. */
  search: (params: VinSearchParams) =>
    pageQuery<VinSearchResult>(
      [...vinQueries.searches(), params],
      'POST',
      '/api/Shop.Vin/searchproduct',
      params,
      PAGE_SHOWS_ERRORS,
    ),
  /** GET /api/Shop.Vin/gethotlist: the company's recent VINs (asked again after each VIN's search). */
  recent: (after: string) =>
    queryOptions({
      queryKey: [...vinQueries.all(), 'recent', after] as const,
      queryFn: ({ signal }) => apiGet<VinHotList>('/api/Shop.Vin/gethotlist', { limit: 10 }, { signal }),
      meta: PAGE_SHOWS_ERRORS,
    }),
};
