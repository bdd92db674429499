import type { QueryClient } from '@tanstack/react-query';
import type { FeedbackDetail, FeedbackList, FeedbackListRequest } from '@shop/core/api/feedback';
import { getQuery, pageQuery } from '../../lib/api-queries';
import { invalidateWithUnread, useMarkAllRead } from '../unread-status/unread-status-queries';

/**
 * The account's feedback (spec.md section 7 'Feedback, history, learning'): list and detail with
 * the staff's replies. Keys go from general to specific; a new feedback, an opened detail or
 * 'mark all read' invalidate the ['feedback'] prefix and the unread status.
 */
export const FEEDBACK_PATH = '/api/Shop.ShopFeedback';

export const feedbackKeys = {
  all: () => ['feedback'] as const,
  lists: () => [...feedbackKeys.all(), 'list'] as const,
  list: (paging: FeedbackListRequest) => [...feedbackKeys.lists(), paging] as const,
  detail: (id: number) => [...feedbackKeys.all(), 'detail', id] as const,
};

export const feedbackQueries = {
  list: (paging: FeedbackListRequest) =>
    pageQuery<FeedbackList>(feedbackKeys.list(paging), 'GET', `${FEEDBACK_PATH}/index`, paging),
  detail: (id: number) => getQuery<FeedbackDetail>(feedbackKeys.detail(id), `${FEEDBACK_PATH}/detail`, { id }),
};

/** After feedback changed (sent, opened, read): the lists and the unread dot load again. */
export function invalidateFeedback(client: QueryClient): Promise<unknown> {
  return invalidateWithUnread(client, feedbackKeys.lists());
}

/** POST markAllAsRead, toasting the server's msg. */
export function useMarkAllFeedbackRead() {
  return useMarkAllRead(`${FEEDBACK_PATH}/markAllAsRead`, feedbackKeys.lists());
}
