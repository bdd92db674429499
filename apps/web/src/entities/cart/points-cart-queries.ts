import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PointsCartLine } from '@shop/core/api/points';
import { apiGet, request } from '../../lib/api-client';
import { cartKeys } from './cart-queries';

/**
 * The points cart's changes (Shop.Points addPointsCart, decPointsCartNumber,
 * updatePointsCartQuantity, delPointsCart), shared by the points mall and the cart page, where a
 * main account's points lines are merged (spec.md section 4). Each refreshes the points queries
 * (the mall's cart and balance) and the cart.
 */
export const POINTS_KEY = ['points'] as const;
export const GIFTS_KEY = ['gifts'] as const;
const POINTS_PATH = '/api/Shop.Points';

export type Envelope<T> = { data: T; msg: string };
export const sendPoints = async <T>(path: string, body: unknown): Promise<Envelope<T>> => {
  const envelope = await request<T>('POST', `${POINTS_PATH}/${path}`, { body });
  return { data: envelope.data, msg: envelope.msg };
};

/** A points mutation: afterwards the points queries, the gift orders and the cart are asked again. */
export function usePointsMutation<I, T>(fn: (input: I) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: POINTS_KEY });
      await queryClient.invalidateQueries({ queryKey: GIFTS_KEY });
      await queryClient.invalidateQueries({ queryKey: cartKeys.all() });
    },
  });
}

/** addPointsCart: one more of a mall item (a new line, or the item's line plus one). */
export const useAddPointsCart = () =>
  usePointsMutation((points_product_id: number) =>
    sendPoints<PointsCartLine>('addPointsCart', { points_product_id, quantity: 1 }),
  );
/** decPointsCartNumber: one less (the line goes at 0). */
export const useLessPointsCart = () =>
  usePointsMutation((points_cart_id: number) =>
    sendPoints<PointsCartLine | null>('decPointsCartNumber', { points_cart_id }),
  );
/** updatePointsCartQuantity: a quantity typed in (0 removes the line). */
export const useSetPointsCartQuantity = () =>
  usePointsMutation((input: { points_cart_id: number; quantity: number }) =>
    sendPoints<PointsCartLine | null>('updatePointsCartQuantity', input),
  );
/** delPointsCart: removes lines. */
export const useDeletePointsCart = () =>
  usePointsMutation(async (ids: number[]) => {
    const data = await apiGet<{ deleted: number }>(`${POINTS_PATH}/delPointsCart`, { ids: ids.join(',') });
    return { data, msg: '已删除' };
  });
