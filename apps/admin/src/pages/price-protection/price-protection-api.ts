import type { AdminClaimList, AdminRunList } from '@shop/core/api/price-protection';
import { listQuery, type ListFilters } from '../../lib/queries';

/** 价保补偿 (/api/admin/price-protection/*, permission finance.manage; read only). */
export const priceProtectionQueries = {
  all: ['admin', 'price-protection'] as const,
  runs: (filters: ListFilters<{ keyword: string }>) =>
    listQuery<AdminRunList>([...priceProtectionQueries.all, 'runs'], '/api/admin/price-protection/runs', filters),
  claims: (id: number, filters: ListFilters<object>) =>
    listQuery<AdminClaimList>(
      [...priceProtectionQueries.all, 'claims', id],
      `/api/admin/price-protection/runs/${id}/claims`,
      filters,
    ),
};
