import { queryOptions } from '@tanstack/react-query';
import type { DashboardFigures, NotFoundLists } from '@shop/core/api/admin-dashboard';
import { apiGet } from '../../lib/api';

/** The dashboard's figures (orders.read). */
export const figuresQuery = queryOptions({
  queryKey: ['admin', 'dashboard', 'figures'],
  queryFn: () => apiGet<DashboardFigures>('/api/admin/dashboard'),
  meta: { showError: false },
});

/** What dealers did not find in the last `days` days (catalog.manage). */
export const notFoundQuery = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', 'not-found', days],
    queryFn: () => apiGet<NotFoundLists>('/api/admin/dashboard/not-found', { days, limit: 50 }),
    meta: { showError: false },
  });
