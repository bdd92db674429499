import {
  ACTIVITY_IMAGE_FIELD,
  DEALER_TEXTS,
  type DealerAccount,
  type DealerAccountCreate,
  type DealerAccountUpdate,
  type DealerAccountWithPassword,
  type DealerCompanyDetail,
  type DealerCompanyInput,
  type DealerListQuery,
  type DealerListResponse,
} from '@shop/core/api/dealers';
import { apiGet, apiPost, apiUpload } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** The dealers' companies and accounts (/api/admin/dealers, /api/admin/dealer-accounts). */
export type DealerListFilters = ListFilters<DealerListQuery>;

export const dealerQueries = {
  all: ['admin', 'dealers'] as const,
  list: (filters: DealerListFilters) =>
    listQuery<DealerListResponse>([...dealerQueries.all, 'list'], '/api/admin/dealers', filters),
  detail: (id: number) =>
    getQuery([...dealerQueries.all, 'detail', id], () => apiGet<DealerCompanyDetail>(`/api/admin/dealers/${id}`)),
};

/** A change of the dealers area: its toast on success; the lists and details are asked again after it. */
function useDealerMutation<V, R>(run: (vars: V) => Promise<R>, done: string | ((result: R, vars: V) => string)) {
  return useAreaMutation(dealerQueries.all, run, done);
}

export function useCreateCompany() {
  return useDealerMutation(
    (body: DealerCompanyInput) => apiPost<DealerCompanyDetail>('/api/admin/dealers', body),
    DEALER_TEXTS.created,
  );
}

export function useUpdateCompany(id: number) {
  return useDealerMutation(
    (body: DealerCompanyInput & { version: number }) => apiPost<DealerCompanyDetail>(`/api/admin/dealers/${id}`, body),
    DEALER_TEXTS.saved,
  );
}

export function useCompanyEnabled(id: number) {
  return useDealerMutation(
    (enable: boolean) => apiPost<DealerCompanyDetail>(`/api/admin/dealers/${id}/${enable ? 'enable' : 'disable'}`),
    (_r, enable) => (enable ? DEALER_TEXTS.companyEnabled : DEALER_TEXTS.companyDisabledDone),
  );
}

export function useCreateAccount(companyId: number) {
  return useDealerMutation(
    (body: DealerAccountCreate) => apiPost<DealerAccountWithPassword>(`/api/admin/dealers/${companyId}/accounts`, body),
    DEALER_TEXTS.created,
  );
}

export function useUpdateAccount() {
  return useDealerMutation(
    ({ id, ...body }: DealerAccountUpdate & { id: number }) =>
      apiPost<DealerAccount>(`/api/admin/dealer-accounts/${id}`, body),
    DEALER_TEXTS.saved,
  );
}

export function useResetPassword() {
  return useDealerMutation(
    ({ id, password }: { id: number; password: string }) =>
      apiPost<DealerAccountWithPassword>(`/api/admin/dealer-accounts/${id}/password`, { password }),
    DEALER_TEXTS.passwordReset,
  );
}

export function useUnbindWx() {
  return useDealerMutation(
    (id: number) => apiPost<DealerAccount>(`/api/admin/dealer-accounts/${id}/unbind-wx`),
    DEALER_TEXTS.wxUnbound,
  );
}

export function useActivityImage() {
  return useDealerMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append(ACTIVITY_IMAGE_FIELD, file);
    return apiUpload<DealerAccount>(`/api/admin/dealer-accounts/${id}/activity-image`, form);
  }, DEALER_TEXTS.activityImageSaved);
}
