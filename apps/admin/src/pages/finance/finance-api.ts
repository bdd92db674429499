import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdjustmentInput,
  AdminStatementDetail,
  AdminStatementPage,
  ApprovalPage,
  BuildResult,
  CreditInput,
  CreditPage,
  PaymentInput,
  PaymentPage,
} from '@shop/core/api/statements';
import { apiGet, apiPost } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** The back office's finance screens (/api/admin/finance/*, permission finance.manage; docs/statements.md). */
const BASE = '/api/admin/finance';

export const financeQueries = {
  all: ['admin', 'finance'] as const,
  credit: (f: ListFilters<{ keyword: string }>) =>
    listQuery<CreditPage>([...financeQueries.all, 'credit'], `${BASE}/credit`, f),
  payments: (f: ListFilters<{ company_id: number }>) =>
    listQuery<PaymentPage>([...financeQueries.all, 'payments'], `${BASE}/payments`, f),
  approvals: (f: ListFilters<{ status: string }>) =>
    listQuery<ApprovalPage>([...financeQueries.all, 'approvals'], `${BASE}/approvals`, f),
  statements: (f: ListFilters<{ month: string; status: string; keyword: string }>) =>
    listQuery<AdminStatementPage>([...financeQueries.all, 'statements'], `${BASE}/statements`, f),
  statement: (id: number) =>
    getQuery([...financeQueries.all, 'statement', id], () => apiGet<AdminStatementDetail>(`${BASE}/statements/${id}`)),
  /** Companies by name for the payment form (the credit list answers them). */
  companies: (keyword: string) =>
    queryOptions({
      queryKey: [...financeQueries.all, 'companies', keyword],
      queryFn: () => apiGet<CreditPage>(`${BASE}/credit`, { keyword, page: 1, limit: 20 }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};

const useFinanceMutation = <V, R>(run: (vars: V) => Promise<R>, done: string | ((r: R) => string)) =>
  useAreaMutation(financeQueries.all, run, done);

export const useSetCredit = () =>
  useFinanceMutation(
    ({ id, ...input }: CreditInput & { id: number }) => apiPost<null>(`${BASE}/credit/${id}`, input),
    '信用额度已保存',
  );
export const useRecordPayment = () =>
  useFinanceMutation((input: PaymentInput) => apiPost<{ id: number }>(`${BASE}/payments`, input), '回款已登记');
export const usePostAdjustment = () =>
  useFinanceMutation((input: AdjustmentInput) => apiPost<null>(`${BASE}/adjustments`, input), '调整已入账');
export const useDecide = () =>
  useFinanceMutation(
    ({ id, move, note }: { id: number; move: 'approve' | 'refuse'; note: string }) =>
      apiPost<null>(`${BASE}/approvals/${id}/${move}`, { note }),
    '已处理',
  );
export const useReplyDispute = () =>
  useFinanceMutation(
    ({ id, reply }: { id: number; reply: string }) => apiPost<null>(`${BASE}/disputes/${id}/reply`, { reply }),
    '已回复',
  );
export const useBuildStatements = () =>
  useFinanceMutation(
    (month: string) => apiPost<BuildResult>(`${BASE}/statements/build`, { month }),
    (r) => `已生成 ${r.statements} 份对账单`,
  );

/** A key for one opened form: a double submit of it records once. */
export const newRequestKey = () => `fin-${globalThis.crypto.randomUUID()}`;
