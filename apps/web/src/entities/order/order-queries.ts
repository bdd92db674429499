import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BuyAgainResponse,
  DeliveryDetail,
  OrderDetail,
  PurchaseListRequest,
  PurchaseListResponse,
  ReturnDetail,
  ReturnListRequest,
  ReturnListResponse,
} from '@shop/core/api/orders';
import {
  apiDownload,
  apiPost,
  request,
  saveDownloadedFile,
  type DownloadOptions,
  type Query,
} from '../../lib/api-client';
import { getQuery, pageQuery } from '../../lib/api-queries';
import { notify } from '../../lib/notify';

/**
 * The order calls of spec.md section 7 'Orders' (docs/orders.md), shared by the settlement and
 * order features: query-option factories with
 * keys from general to specific; every change invalidates the whole ['orders'] prefix.
 */
export const ORDER_PATH = '/api/Shop.Order';

export const orderKeys = {
  all: () => ['orders'] as const,
  list: (filters: PurchaseListRequest) => [...orderKeys.all(), 'list', filters] as const,
  detail: (id: number) => [...orderKeys.all(), 'detail', id] as const,
  delivery: (id: number) => [...orderKeys.all(), 'delivery', id] as const,
  returns: (filters: ReturnListRequest) => [...orderKeys.all(), 'returns', filters] as const,
  returnDetail: (id: number) => [...orderKeys.all(), 'return', id] as const,
};

export const orderQueries = {
  list: (filters: PurchaseListRequest) =>
    pageQuery<PurchaseListResponse>(orderKeys.list(filters), 'POST', `${ORDER_PATH}/getPurchaseList`, filters),
  detail: (id: number) => getQuery<OrderDetail>(orderKeys.detail(id), `${ORDER_PATH}/getDetail`, { order_id: id }),
  delivery: (id: number) =>
    getQuery<DeliveryDetail>(orderKeys.delivery(id), `${ORDER_PATH}/getDeliveryDetail`, { delivery_id: id }),
  returns: (filters: ReturnListRequest) =>
    pageQuery<ReturnListResponse>(orderKeys.returns(filters), 'POST', `${ORDER_PATH}/getReturnOrderList`, filters),
  returnDetail: (id: number) =>
    queryOptions({
      queryKey: orderKeys.returnDetail(id),
      queryFn: ({ signal }) =>
        apiPost<ReturnDetail>(`${ORDER_PATH}/getReturnOrderDetail`, { return_id: id }, { signal }),
    }),
};

/** Sends a change and toasts the server's msg on success. */
async function change<T>(method: 'GET' | 'POST', path: string, payload: Query): Promise<T> {
  const envelope =
    method === 'GET'
      ? await request<T>('GET', `${ORDER_PATH}/${path}`, { query: payload })
      : await request<T>('POST', `${ORDER_PATH}/${path}`, { body: payload });
  notify.success(envelope.msg);
  return envelope.data;
}

function useOrderChange<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all() }),
  });
}

export const useCancelOrder = () =>
  useOrderChange((v: { order_id: number; reason?: string }) => change<null>('POST', 'cancelOrder', { ...v }));
export const useReceivePackage = () =>
  useOrderChange((deliveryId: number) => change<null>('GET', 'packaReceipt', { delivery_id: deliveryId }));
export const useReceiveAll = () =>
  useOrderChange((orderIds: number[]) =>
    change<{ received: number }>('POST', 'receiptAll', { order_ids: orderIds.join(',') }),
  );
export const useBuyAgain = () =>
  useOrderChange((orderId: number) => change<BuyAgainResponse>('POST', 'buyAgain', { order_id: orderId }));
export const useSubscribeLack = () =>
  useOrderChange((v: { order_id: number; lack_ids?: number[] }) =>
    change<{ success_ids: number[] }>('GET', 'addToSubscription', {
      order_id: v.order_id,
      lack_ids: (v.lack_ids ?? []).join(','),
    }),
  );

/** The .xlsx exports (GET); the caller shows a refusal such as 'nothing to export' (notifyError). */
export async function downloadExport(
  kind: 'orderExport' | 'deliveryExport' | 'returnOrderExport',
  query: Query,
  fallbackName: string,
  options?: DownloadOptions,
): Promise<void> {
  saveDownloadedFile(await apiDownload(`${ORDER_PATH}/${kind}`, query, fallbackName, options));
}
