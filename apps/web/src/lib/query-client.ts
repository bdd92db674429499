import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * One QueryClient for the app. Server data stays fresh for 30 s; only a missing answer is
 * retried (once): business refusals, expired logins and HTTP errors are final. The api client
 * already toasts errors, so window-focus refetches are off to avoid repeated toasts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.kind === 'network',
      },
      mutations: { retry: false },
    },
  });
}
