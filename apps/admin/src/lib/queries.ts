import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiGet, type Query } from './api';
import { notify } from './notify';

/**
 * The pieces every area's API module (pages/<area>/<area>-api.ts) builds its queries and changes
 * from: a screen shows a load error itself (LoadError with retry), so no query toasts it.
 */

/** A paged list's query: the page's filters (without the pager's) plus page and limit. */
export type ListFilters<Q> = Partial<Omit<Q, 'page' | 'limit'>> & { page: number; limit: number };

/** A GET of one thing (a detail, a small list), its error shown by the screen. */
export function getQuery<T>(queryKey: QueryKey, fetch: () => Promise<T>) {
  return queryOptions({ queryKey, queryFn: fetch, meta: { showError: false } });
}

/** A paged list: the previous page stays on screen while the next one loads. */
export function listQuery<T>(queryKey: QueryKey, path: string, params: Query) {
  return queryOptions({
    queryKey: [...queryKey, params],
    queryFn: () => apiGet<T>(path, params),
    placeholderData: keepPreviousData,
    meta: { showError: false },
  });
}

/**
 * A change of an area: its toast on success, and every query under `area` asked again after it
 * (also after a refusal: someone else may have changed it).
 */
export function useAreaMutation<V, R>(
  area: QueryKey,
  run: (vars: V) => Promise<R>,
  done: string | ((result: R, vars: V) => string),
  options: { showError?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { showError: options.showError ?? true },
    onSuccess: (result, vars) => notify.success(typeof done === 'string' ? done : done(result, vars)),
    onSettled: () => client.invalidateQueries({ queryKey: area }),
  });
}
