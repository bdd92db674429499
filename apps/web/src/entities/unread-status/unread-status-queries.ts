import { queryOptions } from '@tanstack/react-query';
import type { UnreadStatus } from '@shop/core/api/messages';
import { apiGet } from '../../lib/api-client';

/**
 * GET /api/Shop.Message/unreadStatus: the dots of the account centre's 意见反馈 and 我要开发
 * entries. Reading a reply, or marking all read, invalidates it (feedback and development queries).
 */
export const unreadStatusQueries = {
  all: () => ['unread-status'] as const,
  status: () =>
    queryOptions({
      queryKey: unreadStatusQueries.all(),
      queryFn: ({ signal }) => apiGet<UnreadStatus>('/api/Shop.Message/unreadStatus', undefined, { signal }),
      staleTime: 30_000,
    }),
};
