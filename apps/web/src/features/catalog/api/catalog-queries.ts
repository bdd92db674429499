import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CategoryNode, HomeIndex } from '@shop/core/api/home';
import type { ProductRowPage } from '@shop/core/api/parts';
import type { CategoryChildren } from '@shop/core/api/catalog';
import type { BatchSearchResult } from '@shop/core/api/bulk-search';
import { apiGet, apiPost } from '../../../lib/api-client';

export interface ProductListParams {
  page: number;
  limit: number;
  product_type_id?: number;
  brand_name_zh?: string;
}

/** The pages show their own error state with a retry, so these requests do not toast. */
const SILENT = { silent: true } as const;

export const catalogQueries = {
  all: () => ['catalog'] as const,
  /** `t` (the search's timestamp) is part of the key: a new search of the same keyword refetches. */
  search: (keyword: string, page: number, limit: number, t: string) =>
    queryOptions({
      queryKey: [...catalogQueries.all(), 'search', { keyword, page, limit, t }] as const,
      queryFn: ({ signal }) =>
        apiPost<ProductRowPage>('/api/Shop.Accessory/index', { keyword, page, limit }, { ...SILENT, signal }),
      placeholderData: keepPreviousData,
    }),
  /** The multi-number search: one group per line (POST /api/Shop.Accessory/batchSearch). */
  batchSearch: (keyword: string, warehouse: number, t: string) =>
    queryOptions({
      queryKey: [...catalogQueries.all(), 'batch-search', { keyword, warehouse, t }] as const,
      queryFn: ({ signal }) =>
        apiPost<BatchSearchResult>('/api/Shop.Accessory/batchSearch', { keyword, warehouse }, { ...SILENT, signal }),
      placeholderData: keepPreviousData,
    }),
  productList: (params: ProductListParams) =>
    queryOptions({
      queryKey: [...catalogQueries.all(), 'product-list', params] as const,
      queryFn: ({ signal }) => apiPost<ProductRowPage>('/api/Shop.Index/product_list', params, { ...SILENT, signal }),
      placeholderData: keepPreviousData,
    }),
  categoryChild: (id: number) =>
    queryOptions({
      queryKey: [...catalogQueries.all(), 'category-child', id] as const,
      queryFn: ({ signal }) =>
        apiGet<CategoryChildren>('/api/Shop.Index/getCategoryChild', { product_type_id: id }, { ...SILENT, signal }),
      staleTime: 5 * 60_000,
    }),
  /** The three-level category tree (category_list of GET /api/Shop.Index/index). */
  categoryTree: () =>
    queryOptions({
      queryKey: [...catalogQueries.all(), 'category-tree'] as const,
      queryFn: async ({ signal }): Promise<CategoryNode[]> =>
        (await apiGet<HomeIndex>('/api/Shop.Index/index', undefined, { ...SILENT, signal })).category_list ?? [],
      staleTime: 5 * 60_000,
    }),
};
