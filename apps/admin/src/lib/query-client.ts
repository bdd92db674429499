import type { QueryClient, QueryClientConfig } from '@tanstack/react-query';
import { createQueryClient as createAppQueryClient, type QueryMeta } from '@shop/ui/query-client';

/** `meta.showError: false`: the screen shows the failure itself (an error state, a form's message). */
export type AdminMeta = QueryMeta;

/**
 * The back office's QueryClient (the shared one, packages/ui): errors toasted once by the caches,
 * only a missing answer retried once, data fresh for 15 s.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return createAppQueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { staleTime: 15_000, ...config.defaultOptions?.queries },
    },
  });
}
