import { useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategory,
  AdminMake,
  AdminPartDetail,
  AdminPartListQuery,
  AdminPartListResponse,
  CategoryInput,
  CategoryUpdate,
  PartInput,
  PartMediaResponse,
  PartUpdate,
  VehicleLevel,
} from '@shop/core/api/admin-catalog';
import { PART_MEDIA_FIELD } from '@shop/core/api/admin-catalog';
import { apiGet, apiPost, apiUpload } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** The catalog's admin API (/api/admin/parts, /categories, /vehicles; permission catalog.manage). */
export type PartListFilters = ListFilters<AdminPartListQuery>;

export const catalogQueries = {
  all: ['admin', 'catalog'] as const,
  parts: (filters: PartListFilters) =>
    listQuery<AdminPartListResponse>([...catalogQueries.all, 'parts'], '/api/admin/parts', filters),
  part: (id: number) => ({
    ...getQuery([...catalogQueries.all, 'part', id], () => apiGet<AdminPartDetail>(`/api/admin/parts/${id}`)),
    // The form keeps what it loaded (with its version) until saved or reloaded on purpose.
    staleTime: Infinity,
  }),
  categories: () =>
    getQuery([...catalogQueries.all, 'categories'], () => apiGet<AdminCategory[]>('/api/admin/categories')),
  vehicles: () => getQuery([...catalogQueries.all, 'vehicles'], () => apiGet<AdminMake[]>('/api/admin/vehicles')),
};

/** A catalog change: said when done, and every catalog list asked again. */
function useCatalogMutation<V, R>(run: (vars: V) => Promise<R>, done: string, options: { showError?: boolean } = {}) {
  return useAreaMutation(catalogQueries.all, run, done, options);
}

/** Create (no id) or save (with the version loaded) a part; the answer is the part as saved. */
export function useSavePart() {
  const client = useQueryClient();
  const mutation = useCatalogMutation(
    ({ id, body }: { id: number | null; body: PartInput | PartUpdate }) =>
      apiPost<AdminPartDetail>(id === null ? '/api/admin/parts' : `/api/admin/parts/${id}`, body),
    '商品已保存',
    { showError: false },
  );
  return {
    ...mutation,
    save: async (vars: { id: number | null; body: PartInput | PartUpdate }) => {
      const saved = await mutation.mutateAsync(vars);
      client.setQueryData(catalogQueries.part(saved.id).queryKey, saved);
      return saved;
    },
  };
}

export function useCategoryChange() {
  return useCatalogMutation(
    (change: { create: CategoryInput } | { id: number; update: CategoryUpdate } | { id: number; delete: true }) =>
      'create' in change
        ? apiPost<{ id: number }>('/api/admin/categories', change.create)
        : 'update' in change
          ? apiPost<null>(`/api/admin/categories/${change.id}`, change.update)
          : apiPost<null>(`/api/admin/categories/${change.id}/delete`),
    '已保存',
  );
}

export function useVehicleChange() {
  return useCatalogMutation(
    ({ level, id, body, remove }: { level: VehicleLevel; id?: number; body?: object; remove?: boolean }) =>
      remove
        ? apiPost<null>(`/api/admin/vehicles/${level}/${id}/delete`)
        : apiPost<unknown>(
            id === undefined ? `/api/admin/vehicles/${level}` : `/api/admin/vehicles/${level}/${id}`,
            body,
          ),
    '已保存',
  );
}

/** Uploads a picture or video of a part; `onProgress` gets 0-100. */
export function uploadPartMedia(file: File, onProgress: (percent: number) => void): Promise<PartMediaResponse> {
  const form = new FormData();
  form.append(PART_MEDIA_FIELD, file);
  return apiUpload<PartMediaResponse>('/api/admin/parts/media', form, onProgress);
}
