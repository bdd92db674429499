import type {
  AdminMarketingItem,
  AdminMarketingPage,
  AdminPosterCategory,
  AdminPosterTemplate,
  MarketingItemInput,
  PosterTemplateInput,
} from '@shop/core/api/posters';
import { apiGet, apiPost } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** Poster templates and today's marketing (/api/admin/marketing/*, permission content.manage). */
export const marketingQueries = {
  all: ['admin', 'marketing'] as const,
  categories: () =>
    getQuery([...marketingQueries.all, 'categories'], () =>
      apiGet<AdminPosterCategory[]>('/api/admin/marketing/categories'),
    ),
  templates: () =>
    getQuery([...marketingQueries.all, 'templates'], () =>
      apiGet<AdminPosterTemplate[]>('/api/admin/marketing/templates'),
    ),
  items: (filters: ListFilters<object>) =>
    listQuery<AdminMarketingPage>([...marketingQueries.all, 'items'], '/api/admin/marketing/items', filters),
};

export function useSaveCategory() {
  return useAreaMutation(
    marketingQueries.all,
    (body: { name: string }) => apiPost<AdminPosterCategory>('/api/admin/marketing/categories', body),
    '已添加',
  );
}

export function useSaveTemplate(id: number) {
  return useAreaMutation(
    marketingQueries.all,
    (body: PosterTemplateInput) =>
      apiPost<AdminPosterTemplate>(
        id ? `/api/admin/marketing/templates/${id}` : '/api/admin/marketing/templates',
        body,
      ),
    '已保存',
  );
}

export function useSaveItem(id: number) {
  return useAreaMutation(
    marketingQueries.all,
    (body: MarketingItemInput) =>
      apiPost<AdminMarketingItem>(id ? `/api/admin/marketing/items/${id}` : '/api/admin/marketing/items', body),
    '已保存',
  );
}
