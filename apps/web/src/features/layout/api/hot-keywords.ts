import { queryOptions } from '@tanstack/react-query';
import type { HotKeywords } from '@shop/core/api/home';
import { apiGet } from '../../../lib/api-client';

/**
 * Splits the comma-separated hot keywords (ASCII or full-width commas), dropping blanks. Kept here
 * rather than imported from @shop/core/api/home so the header does not pull zod into every page.
 */
export function splitKeywords(hotKeywords: string): string[] {
  return hotKeywords
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

export const hotKeywordQueries = {
  list: () =>
    queryOptions({
      queryKey: ['home', 'hot-keywords'] as const,
      queryFn: async ({ signal }) => {
        const data = await apiGet<HotKeywords>('/api/Shop.Index/hot_keywords_list', undefined, { signal });
        return splitKeywords(data?.hot_keywords ?? '');
      },
      staleTime: 10 * 60_000,
      // A missing keyword list must not toast on every page; the box just shows none.
      meta: { showError: false },
    }),
};
