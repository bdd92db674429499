import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError } from './api';
import { notifyError } from './notify';

/** `meta.showError: false`: the screen shows the failure itself (an error state, a form's message). */
export interface AdminMeta extends Record<string, unknown> {
  showError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AdminMeta;
    mutationMeta: AdminMeta;
  }
}

/**
 * The back office's QueryClient: errors toasted once by the caches (never by the client), only a
 * missing answer retried once, no refetch on window focus.
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
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && error instanceof ApiError && error.kind === 'network',
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
