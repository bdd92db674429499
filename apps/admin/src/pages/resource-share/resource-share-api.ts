import type { AdminResourcePage, AdminResourceQuery } from '@shop/core/api/resource-share';
import { RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { apiPost } from '../../lib/api';
import { listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** 资源共享 (/api/admin/resource-share, permission dealers.manage; docs/resource-share.md). */
export type ResourceListFilters = ListFilters<AdminResourceQuery>;

export const resourceShareQueries = {
  all: ['admin', 'resource-share'] as const,
  list: (filters: ResourceListFilters) =>
    listQuery<AdminResourcePage>([...resourceShareQueries.all, 'list'], '/api/admin/resource-share', filters),
};

/** Takes an entry down with the reason (audited on the server); the list is asked again after it. */
export function useTakeDown() {
  return useAreaMutation(
    resourceShareQueries.all,
    ({ id, reason }: { id: number; reason: string }) =>
      apiPost<null>(`/api/admin/resource-share/${id}/take-down`, { reason }),
    RESOURCE_TEXTS.takenDown,
  );
}
