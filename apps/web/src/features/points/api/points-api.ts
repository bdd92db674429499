import { queryOptions } from '@tanstack/react-query';
import type {
  GiftDetail,
  GiftList,
  LedgerList,
  PointsCartList,
  PointsOverview,
  PointsProductList,
  SignInResult,
} from '@shop/core/api/points';
import type { AddOrderResponse } from '@shop/core/api/orders';
import { CONSTANTS } from '@shop/core/constants';
import { apiGet, request } from '../../../lib/api-client';
import { GIFTS_KEY, POINTS_KEY, usePointsMutation, type Envelope } from '../../../entities/cart/points-cart-queries';

export {
  useAddPointsCart,
  useDeletePointsCart,
  useLessPointsCart,
  useSetPointsCartQuantity,
} from '../../../entities/cart/points-cart-queries';

/** Points, the mall, its cart, the ledgers and gift orders (/api/Shop.Points/*, /api/Shop.Gift/*). */
export const pointsKeys = {
  all: () => POINTS_KEY,
  overview: () => [...pointsKeys.all(), 'overview'] as const,
  products: (page: number) => [...pointsKeys.all(), 'products', page] as const,
  cart: () => [...pointsKeys.all(), 'cart'] as const,
  ledger: (q: LedgerFilter) => [...pointsKeys.all(), 'ledger', q] as const,
  gifts: () => GIFTS_KEY,
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

const send = async <T>(path: string, body: unknown): Promise<Envelope<T>> => {
  const envelope = await request<T>('POST', path, { body });
  return { data: envelope.data, msg: envelope.msg };
};

export const useSignIn = () => usePointsMutation(() => send<SignInResult>('/api/Shop.Points/signIn', {}));
export const useExchange = () =>
  usePointsMutation((frey_coin: number) =>
    send<{ points: number; frey_coin: number }>('/api/Shop.Points/exchangeFreyCoin', { frey_coin }),
  );
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
