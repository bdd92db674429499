import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiGet, apiPost, type Query } from './api-client';
import type { ShopMeta } from './query-client';

/** The options of a query answered by GET `path` with `query` (the call ends with the query). */
export function getQuery<T>(queryKey: QueryKey, path: string, query?: Query) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => apiGet<T>(path, query, { signal }) });
}

/**
 * The options of one page of a list, asked with its filters and paging (GET: flat values as a
 * query string; POST: the body). The page shown stays on screen while the next one loads.
 * `meta` as for any query (e.g. `showError: false` where the page shows its own error state).
 */
export function pageQuery<T>(
  queryKey: QueryKey,
  method: 'GET' | 'POST',
  path: string,
  filters: object,
  meta?: ShopMeta,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      method === 'GET' ? apiGet<T>(path, filters as Query, { signal }) : apiPost<T>(path, filters, { signal }),
    placeholderData: keepPreviousData,
    meta,
  });
}
