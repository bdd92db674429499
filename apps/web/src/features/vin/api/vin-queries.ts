import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VinHotList, VinSearchResult } from '@shop/core/api/vin';
import { apiGet, apiPost } from '../../../lib/api-client';

export interface VinSearchParams {
  vin: string;
  page: number;
  limit: number;
  category_id?: number;
}

/** The page shows its own error state with a retry, so the search does not toast. */
const SILENT = { silent: true } as const;

export const vinQueries = {
  all: () => ['vin'] as const,
  /** POST /api/Shop.Vin/searchproduct: decoded VIN, our vehicle, its categories and a page of fitting parts. */
  search: (params: VinSearchParams) =>
    queryOptions({
      queryKey: [...vinQueries.all(), 'search', params] as const,
      queryFn: ({ signal }) => apiPost<VinSearchResult>('/api/Shop.Vin/searchproduct', params, { ...SILENT, signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/Shop.Vin/gethotlist: the company's recent VINs (asked again after each VIN's search). */
  recent: (after: string) =>
    queryOptions({
      queryKey: [...vinQueries.all(), 'recent', after] as const,
      queryFn: ({ signal }) => apiGet<VinHotList>('/api/Shop.Vin/gethotlist', { limit: 10 }, { ...SILENT, signal }),
    }),
};
