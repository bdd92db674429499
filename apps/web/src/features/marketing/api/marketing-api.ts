import { PAGE_SHOWS_ERRORS } from '../../../lib/query-client';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  GeneratedPoster,
  GeneratePosterRequest,
  MarketingDetail,
  MarketingPage,
  PosterCategory,
  PosterTemplate,
} from '@shop/core/api/posters';
import type { ProductRowPage } from '@shop/core/api/parts';
import { apiDownload, apiGet, apiPost } from '../../../lib/api-client';

/** Today's marketing and posters (/api/Shop.GeneratePicture/*). */
export const marketingKeys = {
  all: () => ['marketing'] as const,
  today: (page: number) => [...marketingKeys.all(), 'today', page] as const,
  detail: (id: number) => [...marketingKeys.all(), 'detail', id] as const,
  categories: () => [...marketingKeys.all(), 'categories'] as const,
  templates: (categoryId: number | undefined) => [...marketingKeys.all(), 'templates', categoryId ?? 0] as const,
  partSearch: (keyword: string) => [...marketingKeys.all(), 'parts', keyword] as const,
};

export const marketingQueries = {
  today: (page: number) =>
    queryOptions({
      queryKey: marketingKeys.today(page),
      queryFn: ({ signal }) =>
        apiGet<MarketingPage>('/api/Shop.GeneratePicture/getList', { page, limit: 12 }, { signal }),
      meta: PAGE_SHOWS_ERRORS,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: marketingKeys.detail(id),
      queryFn: ({ signal }) => apiGet<MarketingDetail>('/api/Shop.GeneratePicture/getDetail', { id }, { signal }),
      meta: PAGE_SHOWS_ERRORS,
    }),
  categories: () =>
    queryOptions({
      queryKey: marketingKeys.categories(),
      queryFn: ({ signal }) => apiPost<PosterCategory[]>('/api/Shop.GeneratePicture/getPosterCategory', {}, { signal }),
      meta: PAGE_SHOWS_ERRORS,
    }),
  templates: (categoryId: number | undefined) =>
    queryOptions({
      queryKey: marketingKeys.templates(categoryId),
      queryFn: ({ signal }) =>
        apiGet<PosterTemplate[]>(
          '/api/Shop.GeneratePicture/makeList',
          categoryId ? { category_id: categoryId } : undefined,
          { signal },
        ),
      meta: PAGE_SHOWS_ERRORS,
    }),
  /** Parts to put on a poster: the shop's search (first page). */
  partSearch: (keyword: string) =>
    queryOptions({
      queryKey: marketingKeys.partSearch(keyword),
      queryFn: ({ signal }) =>
        apiPost<ProductRowPage>('/api/Shop.Accessory/index', { keyword, page: 1, limit: 10 }, { signal }),
      enabled: keyword.trim().length > 0,
      meta: PAGE_SHOWS_ERRORS,
    }),
};

/**
 * Renders the poster on the server, then fetches the PNG (it needs the login header). The editor
 * shows a failure beside its button, so the cache does not toast it too.
 */
export function useGeneratePoster() {
  return useMutation({
    meta: PAGE_SHOWS_ERRORS,
    mutationFn: async (input: GeneratePosterRequest) => {
      const made = await apiPost<GeneratedPoster>('/api/Shop.GeneratePicture/generatePoster', input);
      const [path, search = ''] = made.url.split('?');
      const file = await apiDownload(path!, Object.fromEntries(new URLSearchParams(search)), `海报-${made.id}.png`);
      return { ...made, file };
    },
  });
}
