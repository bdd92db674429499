import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerQuestionRequest } from '@shop/core/api/admin';
import type { AdminDevelopmentItem } from '@shop/core/api/development';
import type { DevelopmentStatus } from '@shop/core/development-rules';
import type { AdminFeedbackItem } from '@shop/core/api/feedback';
import type { Broadcast, BroadcastAudienceOptions, BroadcastList, BroadcastRequest } from '@shop/core/api/messages';
import type {
  AdminQuestion,
  AnswerPictureUpload,
  ServiceKind,
  ServiceQueue,
  ServiceQueueQuery,
} from '@shop/core/api/service';
import { apiGet, apiPost, apiUpload } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** The customer-service area's server calls (/api/admin/service, /questions, /feedback, /development, /messages). */
export type QueueFilters = ListFilters<ServiceQueueQuery>;

/** An item by id from a list endpoint that takes `id` (the feedback's and the request's detail). */
async function oneOf<T>(path: string, id: number, notFound: string): Promise<T> {
  const page = await apiGet<{ list: T[] }>(path, { id });
  const item = page.list[0];
  if (!item) throw new Error(notFound);
  return item;
}

export const serviceQueries = {
  all: ['admin', 'service'] as const,
  queue: (filters: QueueFilters) =>
    listQuery<ServiceQueue>([...serviceQueries.all, 'queue'], '/api/admin/service/queue', filters),
  question: (id: number) =>
    getQuery([...serviceQueries.all, 'question', id], () => apiGet<AdminQuestion>(`/api/admin/questions/${id}`)),
  feedback: (id: number) =>
    getQuery([...serviceQueries.all, 'feedback', id], () =>
      oneOf<AdminFeedbackItem>('/api/admin/feedback', id, '反馈不存在'),
    ),
  development: (id: number) =>
    getQuery([...serviceQueries.all, 'development', id], () =>
      oneOf<AdminDevelopmentItem>('/api/admin/development', id, '开发需求不存在'),
    ),
};

/** Opening an item marks it read by staff (once per opening); the queue is asked again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ServiceKind; id: number }) =>
      apiPost<null>(`/api/admin/service/${kind}/${id}/read`),
    meta: { showError: false },
    onSuccess: () => client.invalidateQueries({ queryKey: [...serviceQueries.all, 'queue'] }),
  });
}

/** An answer: to a question (with pictures), or a reply to a feedback or a development request. */
export function useAnswer(kind: ServiceKind, id: number) {
  return useAreaMutation(
    serviceQueries.all,
    (answer: AnswerQuestionRequest) =>
      kind === 'question'
        ? apiPost<null>(`/api/admin/questions/${id}/answer`, answer)
        : apiPost<null>(`/api/admin/${kind}/${id}/reply`, { content: answer.reply_content }),
    '已回复',
  );
}

/** A development request's new status, with a note the dealer reads with it. */
export function useDevelopmentStatus(id: number) {
  return useAreaMutation(
    serviceQueries.all,
    (body: { status: DevelopmentStatus; note: string }) => apiPost<null>(`/api/admin/development/${id}/status`, body),
    '状态已更新',
  );
}

/** Uploads one picture for a question's answer; answers its id for reply_pics. */
export function uploadAnswerPicture(questionId: number, file: File): Promise<AnswerPictureUpload> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<AnswerPictureUpload>(`/api/admin/questions/${questionId}/pictures`, form);
}

// ---- broadcasts ----

export const broadcastQueries = {
  all: ['admin', 'broadcasts'] as const,
  audience: (keyword: string) =>
    queryOptions({
      queryKey: [...broadcastQueries.all, 'audience', keyword],
      queryFn: () => apiGet<BroadcastAudienceOptions>('/api/admin/messages/audience', { keyword }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  list: (page: number, limit: number) =>
    listQuery<BroadcastList>([...broadcastQueries.all, 'list'], '/api/admin/messages/broadcasts', { page, limit }),
};

export function useBroadcast() {
  return useAreaMutation(
    [...broadcastQueries.all, 'list'],
    (body: BroadcastRequest) => apiPost<Broadcast>('/api/admin/messages/broadcast', body),
    (sent) => `消息已发送给 ${sent.recipients} 个账号`,
  );
}
