import type { AdminStudyArticle, AdminStudyCategory, AdminStudyPage, StudyArticleInput } from '@shop/core/api/learning';
import { CONTENT_MEDIA_FIELD, type ContentMediaResponse } from '@shop/core/api/admin-content';
import { apiGet, apiPost, apiUpload } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** The learning centre in the back office (/api/admin/study/*, permission content.manage). */
export const learningQueries = {
  all: ['admin', 'study'] as const,
  categories: () =>
    getQuery([...learningQueries.all, 'categories'], () => apiGet<AdminStudyCategory[]>('/api/admin/study/categories')),
  articles: (filters: ListFilters<{ category_id: number }>) =>
    listQuery<AdminStudyPage>([...learningQueries.all, 'articles'], '/api/admin/study/articles', filters),
};

export function useSaveCategory(id: number) {
  return useAreaMutation(
    learningQueries.all,
    (body: { name: string; sort: number }) =>
      apiPost<AdminStudyCategory>(id ? `/api/admin/study/categories/${id}` : '/api/admin/study/categories', body),
    '已保存',
  );
}

export function useDeleteCategory() {
  return useAreaMutation(
    learningQueries.all,
    (id: number) => apiPost(`/api/admin/study/categories/${id}/delete`),
    '已删除',
  );
}

export function useSaveArticle(id: number) {
  return useAreaMutation(
    learningQueries.all,
    (body: StudyArticleInput) =>
      apiPost<AdminStudyArticle>(id ? `/api/admin/study/articles/${id}` : '/api/admin/study/articles', body),
    '已保存',
  );
}

export function usePublish() {
  return useAreaMutation(
    learningQueries.all,
    (v: { id: number; published: boolean }) =>
      apiPost<AdminStudyArticle>(`/api/admin/study/articles/${v.id}/${v.published ? 'publish' : 'unpublish'}`),
    (_, v) => (v.published ? '已发布' : '已下架'),
  );
}

/** A cover picture or a video: through the shop content's upload (content.manage). */
export function uploadStudyMedia(file: File, onProgress: (percent: number) => void): Promise<{ url: string }> {
  const form = new FormData();
  form.append(CONTENT_MEDIA_FIELD, file);
  return apiUpload<ContentMediaResponse>('/api/admin/content/media', form, onProgress);
}
