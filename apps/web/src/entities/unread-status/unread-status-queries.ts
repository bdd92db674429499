import { useEffect } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
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

/**
 * A detail with the staff's replies (a feedback, a development request), asked while `open`.
 * Opening it marks the replies read, so once it has loaded the lists under `listsKey` and the
 * unread dots load again (once per item loaded).
 */
export function useRepliesDetail<T extends { id: number }>(
  detail: UseQueryOptions<T, Error, T, QueryKey>,
  open: boolean,
  listsKey: QueryKey,
) {
  const client = useQueryClient();
  const query = useQuery({ ...detail, enabled: open });
  const loaded = query.isSuccess ? query.data.id : undefined;
  useEffect(() => {
    if (loaded !== undefined) void invalidateWithUnread(client, listsKey);
    // listsKey is a constant of the entity
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, client]);
  return query;
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
