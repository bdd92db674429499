import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { notifyError } from './notify';

/**
 * `meta` of a query or mutation. `showError: false`: the screen shows the failure itself (a
 * page's error state with a retry, a form's message), so the caches do not toast it.
 */
export interface ShopMeta extends Record<string, unknown> {
  showError?: boolean;
  /**
   * A part-row answer that is costly to ask again (the multi-number result): a part action marks
   * it stale instead of fetching it again while it is on screen (entities/part/part-queries.ts).
   */
  refetchOnPartChange?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ShopMeta;
    mutationMeta: ShopMeta;
  }
}

/**
 * One QueryClient for the app. Server data stays fresh for 30 s; only a missing answer is
 * retried (once): business refusals, expired logins and HTTP errors are final.
 *
 * Errors are shown here, once per failure: the query cache after the last retry, the mutation
 * cache for each failed mutation, unless its `meta.showError` is false. The api client shows none
 * (an expired login aside, said once centrally). Window-focus refetches stay off so a failing
 * answer does not toast again each time the window gains focus.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.showError !== false) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.showError !== false) notifyError(error);
      },
    }),
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.kind === 'network',
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
