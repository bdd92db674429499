import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CART_MESSAGES } from '@shop/core/api/cart-rules';
import type {
  CartAddMoreRequest,
  CartAddRequest,
  CartBatchAddRequest,
  CartBatchResult,
  CartCount,
  CartDeleteResult,
  CartLineResult,
  CartList,
  CartListRequest,
  CartParams,
  CartUpdateWarehouseRequest,
} from '@shop/core/api/cart';
import { apiDownload, apiGet, apiPost, saveDownloadedFile } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { invalidateParts } from '../part/part-queries';

/**
 * The cart (spec.md sections 3, 4 and 7 'Cart'), shared by the header count, the cart page, part
 * rows and details, the multi-number result page and the settlement page. Keys go from general
 * to specific; every mutation invalidates the whole ['cart'] prefix (list, count, filters) and
 * the part entity (the rows' cart_number). Failures show the server's msg (the mutation cache
 * toasts it).
 */
export const CART_PATH = '/api/Shop.Cart';

export const cartKeys = {
  all: () => ['cart'] as const,
  lists: () => [...cartKeys.all(), 'list'] as const,
  list: (filters: CartListRequest = {}) =>
    [...cartKeys.lists(), { l_model_zh: filters.l_model_zh ?? '', user_name: filters.user_name ?? '' }] as const,
  count: () => [...cartKeys.all(), 'count'] as const,
  params: () => [...cartKeys.all(), 'params'] as const,
};

export function fetchCartList(filters: CartListRequest = {}, signal?: AbortSignal): Promise<CartList> {
  return apiPost<CartList>(
    `${CART_PATH}/getList`,
    { l_model_zh: filters.l_model_zh ?? '', user_name: filters.user_name ?? '' },
    { signal },
  );
}

export const cartQueries = {
  /** POST getList with the filters: cart_list, points_cart_list, is_settlement. */
  list: (filters: CartListRequest = {}) =>
    queryOptions({
      queryKey: cartKeys.list(filters),
      queryFn: ({ signal }) => fetchCartList(filters, signal),
    }),
  /** The header's cartNumber (lines) and total quantity. */
  count: () =>
    queryOptions({
      queryKey: cartKeys.count(),
      queryFn: ({ signal }) => apiGet<CartCount>(`${CART_PATH}/count`, undefined, { signal }),
      staleTime: 30_000,
    }),
  /** GET paramsList: filter options l_model_zh_list and user_name_list. */
  params: () =>
    queryOptions({
      queryKey: cartKeys.params(),
      queryFn: ({ signal }) => apiGet<CartParams>(`${CART_PATH}/paramsList`, undefined, { signal }),
    }),
};

export function addToCart(body: CartAddRequest): Promise<CartLineResult> {
  return apiPost<CartLineResult>(`${CART_PATH}/add`, body);
}
export function batchAddToCart(body: CartBatchAddRequest): Promise<CartBatchResult> {
  return apiPost<CartBatchResult>(`${CART_PATH}/batchAdd`, body);
}
export function setCartQuantity(body: CartAddMoreRequest): Promise<CartLineResult> {
  return apiPost<CartLineResult>(`${CART_PATH}/addMore`, body);
}
export function updateCartWarehouse(body: CartUpdateWarehouseRequest): Promise<CartLineResult> {
  return apiPost<CartLineResult>(`${CART_PATH}/updateWarehouse`, body);
}
export function deleteCartItems(pdCartIds: readonly number[]): Promise<CartDeleteResult> {
  return apiPost<CartDeleteResult>(`${CART_PATH}/delete`, { pd_cart_ids: pdCartIds.join(',') });
}
/** GET export: the cart (with the filters) as an .xlsx download. */
export async function exportCart(filters: CartListRequest = {}): Promise<void> {
  const file = await apiDownload(
    `${CART_PATH}/export`,
    { l_model_zh: filters.l_model_zh ?? '', user_name: filters.user_name ?? '' },
    '购物车.xlsx',
  );
  saveDownloadedFile(file);
}

function useInvalidateCart() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: cartKeys.all() }), invalidateParts(queryClient)]);
  };
}

/**
 * A change of the cart: toasts `successText` (none when undefined) once it is done, then the cart
 * and the parts load again.
 */
function useCartChange<V, R>(mutationFn: (vars: V) => Promise<R>, successText?: string) {
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      if (successText !== undefined) notify.success(successText);
      await invalidate();
    },
  });
}

/** Add one part (quantity added to the line of the same part and warehouse); toasts '操作成功'. */
export function useAddToCart(options: { silentSuccess?: boolean } = {}) {
  return useCartChange(addToCart, options.silentSuccess ? undefined : CART_MESSAGES.added);
}

/** Add many lines at once (multi-number result page); all or none; toasts '操作成功'. */
export function useBatchAddToCart() {
  return useCartChange(batchAddToCart, CART_MESSAGES.added);
}

/** Set a line's quantity (plus / minus / typed). No toast on success; the caller rolls back on failure. */
export function useSetCartQuantity() {
  const invalidate = useInvalidateCart();
  return useMutation({ mutationFn: setCartQuantity, onSettled: () => invalidate() });
}

/** Move a line to the other warehouse (merging with a line already there). */
export function useUpdateCartWarehouse() {
  return useCartChange(updateCartWarehouse, CART_MESSAGES.added);
}

/** Delete lines; toasts '已从购物车删除'. */
export function useDeleteCartItems() {
  return useCartChange((ids: readonly number[]) => deleteCartItems(ids), CART_MESSAGES.deleted);
}

/** Refresh the cart everywhere (spec.md 'Refresh cart'), e.g. after an order was created. */
export function useRefreshCart() {
  return useInvalidateCart();
}

/** A part to re-check in the cart after 'buy again' (by product, and warehouse with two warehouses). */
export interface RepurchaseLine {
  product_id: number;
  warehouse_type?: 1 | 2;
}

/**
 * Router state of /settlement/list: `repurchase` makes the next refresh check only the lines that
 * match (spec.md section 4, buy-again refresh). E.g. the order pages call
 * `navigate(CART_ROUTE, { state: { repurchase } satisfies CartRouteState })`.
 */
export interface CartRouteState {
  repurchase?: RepurchaseLine[];
}

/**
 * Router state of /settlement/submit(_multiple_warehouses): the checked lines. The same ids are
 * also in the query (`pd_cart_ids=1,2,3`) so a reload keeps them; read them with `settlementCartIds`.
 */
export interface SettlementRouteState {
  pd_cart_ids: number[];
  /** The checked points-mall lines (main accounts): ordered with the parts as a gift order. */
  points_cart_ids?: number[];
}

export const CART_ROUTE = '/settlement/list';
export const SETTLEMENT_ROUTE = '/settlement/submit';
export const SETTLEMENT_TWO_WAREHOUSES_ROUTE = '/settlement/submit_multiple_warehouses';

/**
 * Where 'settle' goes for these lines: the two-warehouse page when they span both warehouses; the
 * checked points lines ride along (points_cart_ids) so a reload keeps them too.
 */
export function settlementPath(
  lines: readonly { pd_cart_id: number; warehouse_type: number }[],
  pointsCartIds: readonly number[] = [],
): string {
  const both = new Set(lines.map((l) => l.warehouse_type)).size > 1;
  const ids = lines.map((l) => l.pd_cart_id).join(',');
  const points = pointsCartIds.length > 0 ? `&points_cart_ids=${pointsCartIds.join(',')}` : '';
  return `${both ? SETTLEMENT_TWO_WAREHOUSES_ROUTE : SETTLEMENT_ROUTE}?pd_cart_ids=${ids}${points}`;
}

function idsOf(state: unknown, search: string, key: keyof SettlementRouteState): number[] {
  const fromState = (state as Partial<SettlementRouteState> | null)?.[key];
  if (Array.isArray(fromState) && fromState.every((n) => Number.isSafeInteger(n) && n > 0)) return fromState;
  const raw = new URLSearchParams(search).get(key) ?? '';
  return raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** The pd_cart_ids given to the settlement page (router state first, else the query). */
export function settlementCartIds(state: unknown, search: string): number[] {
  return idsOf(state, search, 'pd_cart_ids');
}

/** The points_cart_ids given to the settlement page (router state first, else the query). */
export function settlementPointsCartIds(state: unknown, search: string): number[] {
  return idsOf(state, search, 'points_cart_ids');
}
