import { PAGE_SHOWS_ERRORS } from '../../../lib/query-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CategoryNode, HomeIndex } from '@shop/core/api/home';
import type { ProductRowPage } from '@shop/core/api/parts';
import type { CategoryChildren } from '@shop/core/api/catalog';
import type { BatchSearchResult } from '@shop/core/api/bulk-search';
import { apiGet, apiPost } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/api-queries';
import { partKeys } from '../../../entities/part/part-queries';

export interface ProductListParams {
  page: number;
  limit: number;
  product_type_id?: number;
  brand_name_zh?: string;
}

/** The pages show their own error state with a retry, so these requests do not toast. */

export const catalogQueries = {
  /** Categories; the part rows live under the part entity's key root. */
  all: () => ['catalog'] as const,
  /** `t` (the search's timestamp) is part of the key: a new search of the same keyword refetches. */
  search: (keyword: string, page: number, limit: number, t: string) =>
    queryOptions({
      queryKey: partKeys.rows('catalog', 'search', { keyword, page, limit, t }),
      queryFn: ({ signal }) =>
        apiPost<ProductRowPage>('/api/Shop.Accessory/index', { keyword, page, limit }, { signal }),
      placeholderData: keepPreviousData,
      meta: PAGE_SHOWS_ERRORS,
    }),
  /** The multi-number search: one group per line (POST /api/Shop.Accessory/batchSearch). */
  batchSearch: (keyword: string, warehouse: number, t: string) =>
    queryOptions({
      queryKey: partKeys.rows('catalog', 'batch-search', { keyword, warehouse, t }),
      queryFn: ({ signal }) =>
        apiPost<BatchSearchResult>('/api/Shop.Accessory/batchSearch', { keyword, warehouse }, { signal }),
      placeholderData: keepPreviousData,
      // Hundreds of numbers: a part action marks it stale, its rows show the change themselves.
      meta: { ...PAGE_SHOWS_ERRORS, refetchOnPartChange: false },
    }),
  productList: (params: ProductListParams) =>
    pageQuery<ProductRowPage>(
      partKeys.rows('catalog', 'product-list', params),
      'POST',
      '/api/Shop.Index/product_list',
      params,
      PAGE_SHOWS_ERRORS,
    ),
  categoryChild: (id: number) =>
    queryOptions({
      queryKey: [...catalogQueries.all(), 'category-child', id] as const,
      queryFn: ({ signal }) =>
        apiGet<CategoryChildren>('/api/Shop.Index/getCategoryChild', { product_type_id: id }, { signal }),
      staleTime: 5 * 60_000,
      meta: PAGE_SHOWS_ERRORS,
    }),
  /** The three-level category tree (category_list of GET /api/Shop.Index/index). */
  categoryTree: () =>
    queryOptions({
      queryKey: [...catalogQueries.all(), 'category-tree'] as const,
      queryFn: async ({ signal }): Promise<CategoryNode[]> =>
        (await apiGet<HomeIndex>('/api/Shop.Index/index', undefined, { signal })).category_list ?? [],
      staleTime: 5 * 60_000,
      meta: PAGE_SHOWS_ERRORS,
    }),
};
