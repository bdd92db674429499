import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError } from './api';
import { notifyError } from './notify';

/**
 * `meta` of a query or mutation. `showError: false`: the screen shows the failure itself (a
 * page's error state with a retry, a form's message), so the caches do not toast it. An app adds
 * its own fields by augmenting this interface (`declare module '@shop/ui/query-client'`).
 */
export interface QueryMeta extends Record<string, unknown> {
  showError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

/**
 * A browser app's QueryClient. Only a missing answer is retried (once): business refusals, ended
 * sessions and HTTP errors are final. Errors are shown here, once per failure: the query cache
 * after the last retry, the mutation cache for each failed mutation, unless its `meta.showError`
 * is false; the api clients show none. Window-focus refetches stay off so a failing answer does
 * not toast again each time the window gains focus. `freshness` is the app's own (how long data
 * stays fresh, how long unused data is kept); `config` overrides anything (tests).
 */
export function createQueryClient(
  freshness: { staleTime: number; gcTime?: number },
  config: QueryClientConfig = {},
): QueryClient {
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
        ...freshness,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.kind === 'network',
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
