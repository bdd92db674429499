import { queryOptions } from '@tanstack/react-query';
import type { QuestionList, Video } from '@shop/core/api/parts';
import { CONSTANTS } from '@shop/core/constants';
import { apiGet, apiPost, request } from '../../../lib/api-client';

/**
 * Calls of the part detail (spec.md section 7, 'Parts'): related questions and videos. The
 * detail itself and the favourite, stock and restock calls are the part entity's
 * (entities/part), shared with the rows.
 */
export const detailQueries = {
  all: () => ['part-detail'] as const,
  questions: (id: number) =>
    queryOptions({
      queryKey: [...detailQueries.all(), 'questions', id] as const,
      queryFn: ({ signal }) => apiGet<QuestionList>('/api/Shop.RelatedQuestions/getList', { id }, { signal }),
      staleTime: 60_000,
    }),
  videos: (productName: string) =>
    queryOptions({
      queryKey: [...detailQueries.all(), 'videos', productName] as const,
      queryFn: async ({ signal }) => {
        const data = await apiPost<{ data: Video[] }>(
          '/api/Tools.Video/search',
          { limit: CONSTANTS.videoQueryLimit, product_name: productName },
          { signal },
        );
        return data.data ?? [];
      },
      staleTime: 5 * 60_000,
    }),
};

/** Question type: 1 consult question, 0 product feedback (spec.md section 9). */
export const QUESTION_TYPE = { consult: 1, feedback: 0 } as const;

/** Submits a question; resolves with the server's message (shown on success). */
export async function addQuestion(productId: number, askQuestions: string, type: number): Promise<string> {
  const envelope = await request<unknown>('POST', '/api/Shop.RelatedQuestions/add', {
    body: { product_id: productId, batch_number: null, ask_questions: askQuestions, type },
  });
  return envelope.msg;
}

export function markQuestionsRead(ids: number[]): Promise<unknown> {
  return apiPost('/api/Shop.RelatedQuestions/markAllAsRead', { related_question_ids: ids.join(',') });
}
