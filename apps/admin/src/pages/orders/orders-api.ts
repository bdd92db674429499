import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderListResponse,
  CancelOrderResponse,
  ShipRequest,
  ShipResponse,
} from '@shop/core/api/admin';
import { apiGet, apiPost } from '../../lib/api';
import { getQuery, listQuery, useAreaMutation, type ListFilters } from '../../lib/queries';

/** Orders, deliveries and returns of every company (/api/admin/orders, /deliveries, /returns). */
export type OrderListFilters = ListFilters<AdminOrderListQuery>;

export const orderQueries = {
  all: ['admin', 'orders'] as const,
  list: (filters: OrderListFilters) =>
    listQuery<AdminOrderListResponse>([...orderQueries.all, 'list'], '/api/admin/orders', filters),
  detail: (ordersNo: string) =>
    getQuery([...orderQueries.all, 'detail', ordersNo], () =>
      apiGet<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(ordersNo)}`),
    ),
};

/** After any move of an order its list rows and detail are asked again. */
function useOrderMutation<V, R>(run: (vars: V) => Promise<R>, done: string | ((result: R) => string)) {
  return useAreaMutation(orderQueries.all, run, done);
}

export function useShip(ordersNo: string) {
  return useOrderMutation(
    (body: ShipRequest) => apiPost<ShipResponse>(`/api/admin/orders/${encodeURIComponent(ordersNo)}/ship`, body),
    '已发货',
  );
}

export function useCancelOrder(ordersNo: string) {
  return useOrderMutation(
    (reason: string) =>
      apiPost<CancelOrderResponse>(`/api/admin/orders/${encodeURIComponent(ordersNo)}/cancel`, { reason }),
    // The server's words: the stock back, and any gift order placed with it cancelled or kept (shipped).
    (answer: CancelOrderResponse) => answer.message,
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
  return useAreaMutation(
    orderQueries.all,
    ({ returnNo, move, note }: { returnNo: string; move: ReturnMove; note: string }) =>
      apiPost<null>(`/api/admin/returns/${encodeURIComponent(returnNo)}/${move}`, { note }),
    (_data, vars) => RETURN_MOVE_DONE[vars.move],
  );
}
