import {
  type AdminGift,
  type AdminGiftList,
  type CompanyPoints,
  type MallItem,
  type MallItemInput,
  type MallItemList,
  type PointsAdjustInput,
} from '@shop/core/api/points';
import { apiGet, apiPost, apiUpload } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** The points mall, gift orders and companies' points (/api/admin/points/*, permission points.manage). */
export type GiftFilters = ListFilters<{ status: string; keyword: string }>;
export type LedgerFilters = ListFilters<{
  kind: 'points' | 'coin';
  direction: number;
  start_date: string;
  end_date: string;
}>;

export const pointsQueries = {
  all: ['admin', 'points'] as const,
  items: (filters: ListFilters<{ keyword: string }>) =>
    listQuery<MallItemList>([...pointsQueries.all, 'items'], '/api/admin/points/items', filters),
  gifts: (filters: GiftFilters) =>
    listQuery<AdminGiftList>([...pointsQueries.all, 'gifts'], '/api/admin/points/gifts', filters),
  gift: (id: number) =>
    getQuery([...pointsQueries.all, 'gift', id], () => apiGet<AdminGift>(`/api/admin/points/gifts/${id}`)),
  company: (id: number, filters: LedgerFilters) =>
    listQuery<CompanyPoints>([...pointsQueries.all, 'company', id], `/api/admin/points/companies/${id}`, filters),
};

function usePointsMutation<V, R>(run: (vars: V) => Promise<R>, done: string) {
  return useAreaMutation(pointsQueries.all, run, done);
}

/** Adds a mall item (id 0) or saves one. */
export function useSaveMallItem(id: number) {
  return usePointsMutation(
    (body: MallItemInput) => apiPost<MallItem>(id ? `/api/admin/points/items/${id}` : '/api/admin/points/items', body),
    '已保存',
  );
}

/** A mall item's picture: the file goes to /api/admin/points/media, its address comes back. */
export function uploadPointsMedia(file: File, onProgress: (percent: number) => void): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<{ url: string }>('/api/admin/points/media', form, onProgress);
}

export function useShipGift(id: number) {
  return usePointsMutation(
    (body: { carrier: string; tracking_no: string }) => apiPost<AdminGift>(`/api/admin/points/gifts/${id}/ship`, body),
    '已发货',
  );
}

export function useDeliverGift(id: number) {
  return usePointsMutation(() => apiPost<AdminGift>(`/api/admin/points/gifts/${id}/deliver`), '已登记签收');
}

export function useAdjustPoints(companyId: number) {
  return usePointsMutation(
    (body: PointsAdjustInput) => apiPost<CompanyPoints>(`/api/admin/points/companies/${companyId}/adjust`, body),
    '已调整',
  );
}
