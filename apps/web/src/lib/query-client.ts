import type { QueryClientConfig } from '@tanstack/react-query';
import { createQueryClient as createAppQueryClient, type QueryMeta } from '@shop/ui/query-client';

declare module '@shop/ui/query-client' {
  interface QueryMeta {
    /**
     * A part-row answer that is costly to ask again (the multi-number result): a part action marks
     * it stale instead of fetching it again while it is on screen (entities/part/part-queries.ts).
     */
    refetchOnPartChange?: boolean;
  }
}

/** `meta` of a query whose screen shows its failure itself (an error state with a retry): no toast besides. */
export const PAGE_SHOWS_ERRORS = { showError: false } as const satisfies QueryMeta;

/** `meta` of a query or mutation (`showError`, `refetchOnPartChange`). */
export type ShopMeta = QueryMeta;

/**
 * One QueryClient for the app (packages/ui: errors shown once by the caches, only a missing answer
 * retried once). Server data stays fresh for 30 s and is kept 5 minutes.
 */
export const createQueryClient = (config: QueryClientConfig = {}) =>
  createAppQueryClient({ staleTime: 30_000, gcTime: 5 * 60_000 }, config);
