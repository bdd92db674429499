import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ACTIVITY_IMAGE_UPLOAD_FIELD,
  type ActivityInput,
  type AdminActivity,
  type AdminVoucher,
  type AdminVoucherPage,
  type AdminVoucherQuery,
  type PickedCategory,
  type PickedCompany,
  type PickedPart,
  type VoucherInput,
  type VoucherUse,
} from '@shop/core/api/coupons';
import { apiGet, apiPost, apiUpload } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** The back office's 优惠券 and 活动管理 (/api/admin/coupon/*, permission coupon.manage; docs/coupons.md). */
export type VoucherListFilters = ListFilters<AdminVoucherQuery>;

const BASE = '/api/admin/coupon';

export const couponQueries = {
  all: ['admin', 'coupon'] as const,
  vouchers: (filters: VoucherListFilters) =>
    listQuery<AdminVoucherPage>([...couponQueries.all, 'vouchers'], `${BASE}/vouchers`, filters),
  uses: (id: number) =>
    getQuery([...couponQueries.all, 'uses', id], () => apiGet<VoucherUse[]>(`${BASE}/vouchers/${id}/uses`)),
  activities: () => getQuery([...couponQueries.all, 'activities'], () => apiGet<AdminActivity[]>(`${BASE}/activities`)),
};

/** The pickers' lists (a search, or the names of what is chosen already). */
export const pickQueries = {
  companies: (keyword: string) =>
    queryOptions({
      queryKey: ['admin', 'coupon-pick', 'companies', keyword],
      queryFn: () => apiGet<PickedCompany[]>(`${BASE}/pick/companies`, { keyword }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  parts: (keyword: string, ids: readonly number[] = []) =>
    queryOptions({
      queryKey: ['admin', 'coupon-pick', 'parts', keyword, ids.join(',')],
      queryFn: () => apiGet<PickedPart[]>(`${BASE}/pick/parts`, ids.length > 0 ? { ids: ids.join(',') } : { keyword }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  categories: () =>
    queryOptions({
      queryKey: ['admin', 'coupon-pick', 'categories'],
      queryFn: () => apiGet<PickedCategory[]>(`${BASE}/pick/categories`),
      staleTime: 60_000,
    }),
};

function useCouponMutation<V, R>(run: (vars: V) => Promise<R>, done: string | ((result: R, vars: V) => string)) {
  return useAreaMutation(couponQueries.all, run, done);
}

/** Create (no id) or save a voucher. */
export function useSaveVoucher() {
  return useCouponMutation(
    ({ id, body }: { id: number | null; body: VoucherInput }) =>
      apiPost<AdminVoucher>(id === null ? `${BASE}/vouchers` : `${BASE}/vouchers/${id}`, body),
    (_r, { id }) => (id === null ? '已创建' : '已保存'),
  );
}

/** Stop or start a voucher or an activity. */
export function useSetStatus(what: 'vouchers' | 'activities') {
  return useCouponMutation(
    ({ id, stop }: { id: number; stop: boolean }) =>
      apiPost<unknown>(`${BASE}/${what}/${id}/${stop ? 'stop' : 'start'}`),
    (_r, { stop }) => (stop ? '已停用' : '已启用'),
  );
}

export function useIssueVoucher() {
  return useCouponMutation(
    ({ id, company_ids }: { id: number; company_ids: number[] }) =>
      apiPost<{ issued: number }>(`${BASE}/vouchers/${id}/issue`, { company_ids }),
    (r) => `已发放 ${r.issued} 次`,
  );
}

export function useSaveActivity() {
  return useCouponMutation(
    ({ id, body }: { id: number | null; body: ActivityInput }) =>
      apiPost<AdminActivity>(id === null ? `${BASE}/activities` : `${BASE}/activities/${id}`, body),
    (_r, { id }) => (id === null ? '已创建' : '已保存'),
  );
}

/** Uploads an activity's picture; `onProgress` gets 0-100. */
export function uploadActivityImage(file: File, onProgress: (percent: number) => void): Promise<{ url: string }> {
  const form = new FormData();
  form.append(ACTIVITY_IMAGE_UPLOAD_FIELD, file);
  return apiUpload<{ url: string }>(`${BASE}/activity-image`, form, onProgress);
}
