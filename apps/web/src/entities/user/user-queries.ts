import { queryOptions } from '@tanstack/react-query';
import type { UserIndex, UserProfile } from '@shop/core/api/user';
import { apiGet } from '../../lib/api-client';

/**
 * The logged-in account's profile (spec.md section 3), read by the route guard, the header, the
 * nav rules and the home page. Keys go from general to specific; a logout clears the cache.
 */
export const userQueries = {
  all: () => ['user'] as const,
  info: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'info'] as const,
      queryFn: ({ signal }) => apiGet<UserProfile>('/api/Shop.User/info', undefined, { signal }),
      staleTime: 5 * 60_000,
    }),
  index: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'index'] as const,
      queryFn: ({ signal }) => apiGet<UserIndex>('/api/Shop.User/index', undefined, { signal }),
    }),
};
