import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GiftDetail,
  GiftList,
  LedgerList,
  PointsCartLine,
  PointsCartList,
  PointsOverview,
  PointsProductList,
  SignInResult,
} from '@shop/core/api/points';
import type { AddOrderResponse } from '@shop/core/api/orders';
import { apiGet, request } from '../../../lib/api-client';
import { cartKeys } from '../../../entities/cart/cart-queries';
import { CONSTANTS } from '@shop/core/constants';

/** Points, the mall, its cart, the ledgers and gift orders (/api/Shop.Points/*, /api/Shop.Gift/*). */
export const pointsKeys = {
  all: () => ['points'] as const,
  overview: () => [...pointsKeys.all(), 'overview'] as const,
  products: (page: number) => [...pointsKeys.all(), 'products', page] as const,
  cart: () => [...pointsKeys.all(), 'cart'] as const,
  ledger: (q: LedgerFilter) => [...pointsKeys.all(), 'ledger', q] as const,
  gifts: () => ['gifts'] as const,
  giftList: (page: number, status: string) => [...pointsKeys.gifts(), 'list', page, status] as const,
  gift: (id: number) => [...pointsKeys.gifts(), 'detail', id] as const,
};

export interface LedgerFilter {
  page: number;
  kind: 'points' | 'coin';
  direction: number;
  start_date?: string;
  end_date?: string;
}

export const pointsQueries = {
  overview: () =>
    queryOptions({
      queryKey: pointsKeys.overview(),
      queryFn: ({ signal }) => apiGet<PointsOverview>('/api/Shop.Points/index', undefined, { signal }),
    }),
  products: (page: number) =>
    queryOptions({
      queryKey: pointsKeys.products(page),
      queryFn: ({ signal }) =>
        apiGet<PointsProductList>('/api/Shop.Points/getProductList', { page, limit: 20 }, { signal }),
    }),
  /** spec.md section 9: page 1, limit 999. */
  cart: () =>
    queryOptions({
      queryKey: pointsKeys.cart(),
      queryFn: ({ signal }) =>
        apiGet<PointsCartList>(
          '/api/Shop.Points/pointsCartList',
          { page: 1, limit: CONSTANTS.pointsCartListLimit },
          { signal },
        ),
    }),
  ledger: (q: LedgerFilter) =>
    queryOptions({
      queryKey: pointsKeys.ledger(q),
      queryFn: ({ signal }) =>
        apiGet<LedgerList>(
          '/api/Shop.Points/myPointsList',
          { ...q, limit: 10, start_date: q.start_date ?? '', end_date: q.end_date ?? '' },
          { signal },
        ),
    }),
  gifts: (page: number, status: string) =>
    queryOptions({
      queryKey: pointsKeys.giftList(page, status),
      queryFn: ({ signal }) => apiGet<GiftList>('/api/Shop.Gift/list', { page, limit: 10, status }, { signal }),
    }),
  gift: (id: number) =>
    queryOptions({
      queryKey: pointsKeys.gift(id),
      queryFn: ({ signal }) => apiGet<GiftDetail>('/api/Shop.Gift/detail', { gift_id: id }, { signal }),
    }),
};

type Envelope<T> = { data: T; msg: string };
const send = async <T>(path: string, body: unknown): Promise<Envelope<T>> => {
  const envelope = await request<T>('POST', path, { body });
  return { data: envelope.data, msg: envelope.msg };
};

/**
 * Every points mutation refreshes the points queries, the gift orders (a redeem adds one, a
 * receipt changes one) and the cart, where points lines are merged.
 */
function usePointsMutation<I, T>(fn: (input: I) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: pointsKeys.all() });
      await queryClient.invalidateQueries({ queryKey: pointsKeys.gifts() });
      await queryClient.invalidateQueries({ queryKey: cartKeys.all() });
    },
  });
}

export const useSignIn = () => usePointsMutation(() => send<SignInResult>('/api/Shop.Points/signIn', {}));
export const useExchange = () =>
  usePointsMutation((frey_coin: number) =>
    send<{ points: number; frey_coin: number }>('/api/Shop.Points/exchangeFreyCoin', { frey_coin }),
  );
export const useAddPointsCart = () =>
  usePointsMutation((points_product_id: number) =>
    send<PointsCartLine>('/api/Shop.Points/addPointsCart', { points_product_id, quantity: 1 }),
  );
export const useSetPointsCartQuantity = () =>
  usePointsMutation((input: { points_cart_id: number; quantity: number }) =>
    send<PointsCartLine | null>('/api/Shop.Points/updatePointsCartQuantity', input),
  );
export const useDeletePointsCart = () =>
  usePointsMutation(async (ids: number[]) => {
    const data = await apiGet<{ deleted: number }>('/api/Shop.Points/delPointsCart', { ids: ids.join(',') });
    return { data, msg: '已删除' };
  });
/** Orders points cart lines alone: a gift order (POST /api/Shop.Order/add with points_cart_id). */
export const useRedeem = () =>
  usePointsMutation((input: { points_cart_id: string; address_id: number; idempotency_key: string }) =>
    send<AddOrderResponse>('/api/Shop.Order/add', input),
  );
export const useConfirmGift = () =>
  usePointsMutation(async (gift_id: number) => {
    await apiGet<null>('/api/Shop.Gift/confirmReceipt', { gift_id });
    return { data: null, msg: '已确认收货' };
  });
