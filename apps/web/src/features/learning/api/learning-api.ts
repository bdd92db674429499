import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudyCategory, StudyDetail, StudyPage } from '@shop/core/api/learning';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The learning centre (/api/Shop.StudyCentre/*). */
export const learningKeys = {
  all: () => ['learning'] as const,
  categories: () => [...learningKeys.all(), 'categories'] as const,
  list: (categoryId: number | undefined, page: number) =>
    [...learningKeys.all(), 'list', categoryId ?? 0, page] as const,
  detail: (id: number) => [...learningKeys.all(), 'detail', id] as const,
};

export const STUDY_PAGE_SIZE = 12;

export const learningQueries = {
  categories: () =>
    queryOptions({
      queryKey: learningKeys.categories(),
      queryFn: ({ signal }) => apiGet<StudyCategory[]>('/api/Shop.StudyCentre/getCategoryList', undefined, { signal }),
    }),
  list: (categoryId: number | undefined, page: number) =>
    queryOptions({
      queryKey: learningKeys.list(categoryId, page),
      queryFn: ({ signal }) =>
        apiGet<StudyPage>(
          '/api/Shop.StudyCentre/index',
          { page, limit: STUDY_PAGE_SIZE, ...(categoryId ? { category_id: categoryId } : {}) },
          { signal },
        ),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: learningKeys.detail(id),
      queryFn: ({ signal }) => apiGet<StudyDetail>('/api/Shop.StudyCentre/detail', { id }, { signal }),
    }),
};

/** Records the reader's progress (percent); the lists show it after. */
export function useSaveProgress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; progress: number }) =>
      apiPost<{ id: number; progress: number }>('/api/Shop.StudyCentre/progress', v),
    onSuccess: () => client.invalidateQueries({ queryKey: learningKeys.all() }),
    meta: { showError: false },
  });
}
