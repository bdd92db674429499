import type { QueryKey } from '@tanstack/react-query';
import type { AdminBanner, AdminHotKeyword, ContentPartList } from '@shop/core/api/admin-content';
import { apiGet, apiPost } from '../../lib/api';
import { getQuery, useAreaMutation } from '../../lib/queries';

/** The shop content's lists (/api/admin/content/*, content.manage). */
export const contentKey = ['admin', 'content'] as const;
export const bannersKey = [...contentKey, 'banners'] as const;
export const keywordsKey = [...contentKey, 'hot-keywords'] as const;

export const bannersQuery = getQuery(bannersKey, () => apiGet<AdminBanner[]>('/api/admin/content/banners'));
export const keywordsQuery = getQuery(keywordsKey, () => apiGet<AdminHotKeyword[]>('/api/admin/content/hot-keywords'));

export type PartList = 'hot-recommends' | 'new-arrivals';
export const partsQuery = (list: PartList, page: number, limit: number) =>
  getQuery([...contentKey, list, page, limit], () =>
    apiGet<ContentPartList>(`/api/admin/content/${list}`, { page, limit }),
  );

/**
 * A change of the content: POSTs, says so, and reloads the list it changed (also after a
 * refusal: someone else may have changed it).
 */
export function useContentChange<V>(list: QueryKey, send: (v: V) => Promise<unknown>, done: string) {
  return useAreaMutation(list, send, done);
}

/** The ids with the one at `index` moved by `delta` (up -1, down +1). */
export function moved(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const next = [...ids];
  const [id] = next.splice(index, 1);
  next.splice(index + delta, 0, id!);
  return next;
}

export const reorderOf = (path: string) => (ids: number[]) => apiPost(`/api/admin/content/${path}/reorder`, { ids });
