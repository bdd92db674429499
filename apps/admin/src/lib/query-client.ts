import type { QueryClientConfig } from '@tanstack/react-query';
import { createQueryClient as createAppQueryClient, type QueryMeta } from '@shop/ui/query-client';

/** `meta.showError: false`: the screen shows the failure itself (an error state, a form's message). */
export type AdminMeta = QueryMeta;

/** The back office's QueryClient (packages/ui: errors toasted once by the caches): data fresh for 15 s. */
export const createQueryClient = (config: QueryClientConfig = {}) =>
  createAppQueryClient({ staleTime: 15_000 }, config);
