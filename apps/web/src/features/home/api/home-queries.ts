import { queryOptions } from '@tanstack/react-query';
import type { HomeIndex, NewArrivalList, ProductCard } from '@shop/core/api/home';
import { CONSTANTS } from '@shop/core/constants';
import { apiGet } from '../../../lib/api-client';

export async function getHomeIndex(signal?: AbortSignal): Promise<HomeIndex> {
  const data = await apiGet<HomeIndex>('/api/Shop.Index/index', undefined, { signal });
  return {
    shop_carousel_list: data.shop_carousel_list ?? [],
    hot_recommends: (data.hot_recommends ?? []).slice(0, CONSTANTS.hotRecommendsKept),
    category_list: data.category_list ?? [],
  };
}

type NewArrivalItem = ProductCard & { price?: string | number };

export async function getNewArrivals(page: number, limit: number, signal?: AbortSignal): Promise<NewArrivalList> {
  const data = await apiGet<{ total: number; list: NewArrivalItem[] }>(
    '/api/Shop.NewArrival/newArrivalList',
    { page, limit },
    { signal },
  );
  return {
    total: data.total ?? 0,
    // New arrival items take sales_price from price (spec.md section 3).
    list: (data.list ?? []).map(({ price, ...item }) => ({
      ...item,
      sales_price: item.sales_price ?? (price === undefined ? '' : String(price)),
    })),
  };
}

export const homeQueries = {
  all: () => ['home'] as const,
  index: () =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'index'] as const,
      queryFn: ({ signal }) => getHomeIndex(signal),
      staleTime: 60_000,
      // The page shows its own error state with a retry.
      meta: { showError: false },
    }),
  newArrivals: (page: number, limit: number) =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'new-arrivals', { page, limit }] as const,
      queryFn: ({ signal }) => getNewArrivals(page, limit, signal),
      staleTime: 60_000,
      meta: { showError: false },
    }),
};
