import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { UnreadStatus } from '@shop/core/api/messages';
import { apiGet, request } from '../../lib/api-client';
import { notify } from '../../lib/notify';

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

/** After replies changed (sent, opened, read): the lists under `listsKey` and the unread dots load again. */
export function invalidateWithUnread(client: QueryClient, listsKey: QueryKey): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: listsKey }),
    client.invalidateQueries({ queryKey: unreadStatusQueries.all() }),
  ]);
}

/** POST `url` (mark all replies read), toasting the server's msg; then as invalidateWithUnread. */
export function useMarkAllRead(url: string, listsKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<null>('POST', url),
    onSuccess: (envelope) => {
      notify.success(envelope.msg);
      return invalidateWithUnread(client, listsKey);
    },
  });
}
