import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_CATEGORY, TIP_LIST_TYPE } from '@shop/core/api/message-rules';
import type {
  PushMessage,
  READ_TIP_TYPE,
  MessageMenu,
  ReadTipResponse,
  SystemMessage,
  TipList,
  TipListRequest,
} from '@shop/core/api/messages';
import { apiPost } from '../../lib/api-client';
import { getQuery, pageQuery } from '../../lib/api-queries';
import { developmentKeys } from '../development/development-queries';
import { feedbackKeys } from '../feedback/feedback-queries';
import { orderKeys } from '../order/order-queries';
import { unreadStatusQueries } from '../unread-status/unread-status-queries';

/**
 * The message centre's calls (spec.md section 7 'Messages and statements'): the category menu with
 * unread counts, a page of messages, one message, and readTip. Every answer lives under the
 * ['messages'] root; a read (or a push) invalidates the whole prefix, so the badge, the menu and
 * the lists on screen load again (docs/decisions/0033).
 */
export const TIP_PATH = '/api/Tip.Tip';

/** The list's filters as the page keeps them (tip_id is only for the one-message answer). */
export type MessageListFilters = Omit<TipListRequest, 'tip_id'>;

export const messageKeys = {
  all: () => ['messages'] as const,
  menu: () => [...messageKeys.all(), 'menu'] as const,
  lists: () => [...messageKeys.all(), 'list'] as const,
  list: (filters: MessageListFilters) => [...messageKeys.lists(), filters] as const,
  detail: (id: number) => [...messageKeys.all(), 'detail', id] as const,
};

export const messageQueries = {
  menu: () => getQuery<MessageMenu>(messageKeys.menu(), `${TIP_PATH}/menu_list`),
  list: (filters: MessageListFilters) =>
    pageQuery<TipList>(messageKeys.list(filters), 'POST', `${TIP_PATH}/shop_tip_list`, filters),
  /** One message by id; undefined when the caller has no such message (another company's, unknown). */
  detail: (id: number) =>
    queryOptions({
      queryKey: messageKeys.detail(id),
      queryFn: async ({ signal }): Promise<SystemMessage | null> => {
        const page = await apiPost<TipList>(
          `${TIP_PATH}/shop_tip_list`,
          { tip_id: id, limit: 1, page: 1, type: TIP_LIST_TYPE.all },
          { signal },
        );
        return page.list.find((m) => m.id === id) ?? null;
      },
    }),
};

/** Marks the messages (and the badge) for loading again: every answer under ['messages']. */
export function invalidateMessages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messageKeys.all() });
}

/**
 * A pushed message concerns the menu and the lists; when it is about an order, that order's
 * detail and the order lists; when it is a reply to feedback or a development request, those and
 * their unread dots. Nothing else is loaded again.
 */
export async function invalidateForPush(
  queryClient: QueryClient,
  message: Pick<PushMessage, 'order_id' | 'category_id'>,
): Promise<void> {
  const work = [invalidateMessages(queryClient)];
  const orderId = message.order_id;
  if (message.category_id === MESSAGE_CATEGORY.reply) {
    work.push(
      queryClient.invalidateQueries({ queryKey: feedbackKeys.all() }),
      queryClient.invalidateQueries({ queryKey: developmentKeys.all() }),
      queryClient.invalidateQueries({ queryKey: unreadStatusQueries.all() }),
    );
  }
  if (orderId !== null) {
    work.push(
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      queryClient.invalidateQueries({ queryKey: [...orderKeys.all(), 'list'] }),
    );
  }
  await Promise.all(work);
}

export type ReadTipInput =
  { type: typeof READ_TIP_TYPE.one; tip_id: number } | { type: typeof READ_TIP_TYPE.all; category_id: number };

/** readTip: one message (type 1) or every message of a category (type 2; category 0 for all). */
export function useReadTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReadTipInput) => apiPost<ReadTipResponse>(`${TIP_PATH}/readTip`, input),
    onSettled: () => invalidateMessages(queryClient),
  });
}
