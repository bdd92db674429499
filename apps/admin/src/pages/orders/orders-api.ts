import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderListResponse,
  ShipRequest,
  ShipResponse,
} from '@shop/core/api/admin';
import { apiGet, apiPost } from '../../lib/api';
import { notify } from '../../lib/notify';

/** Orders, deliveries and returns of every company (/api/admin/orders, /deliveries, /returns). */
export type OrderListFilters = Partial<Omit<AdminOrderListQuery, 'page' | 'limit'>> & { page: number; limit: number };

export const orderQueries = {
  all: ['admin', 'orders'] as const,
  list: (filters: OrderListFilters) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'list', filters],
      queryFn: () => apiGet<AdminOrderListResponse>('/api/admin/orders', filters),
      placeholderData: keepPreviousData,
      meta: { showError: false },
    }),
  detail: (ordersNo: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', ordersNo],
      queryFn: () => apiGet<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(ordersNo)}`),
      meta: { showError: false },
    }),
};

/** After any move of an order its list rows and detail are asked again. */
function useOrderMutation<V, R>(run: (vars: V) => Promise<R>, done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => notify.success(done),
    onSettled: () => client.invalidateQueries({ queryKey: orderQueries.all }),
  });
}

export function useShip(ordersNo: string) {
  return useOrderMutation(
    (body: ShipRequest) => apiPost<ShipResponse>(`/api/admin/orders/${encodeURIComponent(ordersNo)}/ship`, body),
    '已发货',
  );
}

export function useCancelOrder(ordersNo: string) {
  return useOrderMutation(
    (reason: string) => apiPost<null>(`/api/admin/orders/${encodeURIComponent(ordersNo)}/cancel`, { reason }),
    '订单已取消，库存已退回',
  );
}

export function useDeliver() {
  return useOrderMutation(
    (deliveryNo: string) => apiPost<null>(`/api/admin/deliveries/${encodeURIComponent(deliveryNo)}/deliver`),
    '包裹已签收',
  );
}

export type ReturnMove = 'accept' | 'refuse' | 'complete';
export const RETURN_MOVE_DONE: Record<ReturnMove, string> = {
  accept: '已同意退货',
  refuse: '已拒绝退货',
  complete: '退货已完成',
};

export function useReturnMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ returnNo, move, note }: { returnNo: string; move: ReturnMove; note: string }) =>
      apiPost<null>(`/api/admin/returns/${encodeURIComponent(returnNo)}/${move}`, { note }),
    onSuccess: (_data, vars) => notify.success(RETURN_MOVE_DONE[vars.move]),
    onSettled: () => client.invalidateQueries({ queryKey: orderQueries.all }),
  });
}
