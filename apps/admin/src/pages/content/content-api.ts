import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminBanner, AdminHotKeyword, ContentPartList } from '@shop/core/api/admin-content';
import { apiGet, apiPost } from '../../lib/api';
import { notify } from '../../lib/notify';

/** The shop content's lists (/api/admin/content/*, content.manage). */
export const contentKey = ['admin', 'content'] as const;
export const bannersKey = [...contentKey, 'banners'] as const;
export const keywordsKey = [...contentKey, 'hot-keywords'] as const;

export const bannersQuery = {
  queryKey: bannersKey,
  queryFn: () => apiGet<AdminBanner[]>('/api/admin/content/banners'),
  meta: { showError: false },
};
export const keywordsQuery = {
  queryKey: keywordsKey,
  queryFn: () => apiGet<AdminHotKeyword[]>('/api/admin/content/hot-keywords'),
  meta: { showError: false },
};

export type PartList = 'hot-recommends' | 'new-arrivals';
export const partsQuery = (list: PartList, page: number, limit: number) => ({
  queryKey: [...contentKey, list, page, limit],
  queryFn: () => apiGet<ContentPartList>(`/api/admin/content/${list}`, { page, limit }),
  meta: { showError: false },
});

/**
 * A change of the content: POSTs, says so, and reloads the list it changed (also after a
 * refusal: someone else may have changed it).
 */
export function useContentChange<V>(list: QueryKey, send: (v: V) => Promise<unknown>, done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => notify.success(done),
    onSettled: () => client.invalidateQueries({ queryKey: list }),
  });
}

/** The ids with the one at `index` moved by `delta` (up -1, down +1). */
export function moved(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const next = [...ids];
  const [id] = next.splice(index, 1);
  next.splice(index + delta, 0, id!);
  return next;
}

export const reorderOf = (path: string) => (ids: number[]) => apiPost(`/api/admin/content/${path}/reorder`, { ids });
