import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ActivitySummary,
  ClaimableVoucher,
  ClaimResponse,
  MyVoucherPage,
  OrdersVoucherResponse,
} from '@shop/core/api/coupons';
import type { ProductRowPage } from '@shop/core/api/parts';
import { apiPost, request } from '../../lib/api-client';
import { getQuery, pageQuery } from '../../lib/api-queries';

/**
 * The voucher and activity calls (spec.md section 7 'Activity and vouchers',
 * Shop.ActivityProductV2; docs/coupons.md), shared by the settlement, the account centre's
 * coupons and the activity zone. A claim or an order invalidates the ['coupons'] prefix.
 */
export const COUPON_PATH = '/api/Shop.ActivityProductV2';

export type ActivityZone = ProductRowPage & { activity: ActivitySummary; activities: ActivitySummary[] };

export const couponKeys = {
  all: () => ['coupons'] as const,
  mine: (state: string, page: number) => [...couponKeys.all(), 'mine', state, page] as const,
  forOrder: (cartIds: string) => [...couponKeys.all(), 'order', cartIds] as const,
  zone: (activityId: number | undefined, page: number, limit: number, warehouse: number) =>
    [...couponKeys.all(), 'zone', activityId ?? 0, page, limit, warehouse] as const,
  activityVouchers: (activityId: number) => [...couponKeys.all(), 'activity-vouchers', activityId] as const,
};

export const couponQueries = {
  mine: (state: 'usable' | 'used' | 'expired', page: number, limit = 10) =>
    pageQuery<MyVoucherPage>(couponKeys.mine(state, page), 'GET', `${COUPON_PATH}/myVoucherList`, {
      state,
      page,
      limit,
    }),
  /** The company's vouchers for the chosen cart lines (getOrdersVoucherMsg). */
  forOrder: (cartIds: string) =>
    queryOptions({
      queryKey: couponKeys.forOrder(cartIds),
      queryFn: ({ signal }) =>
        apiPost<OrdersVoucherResponse>(`${COUPON_PATH}/getOrdersVoucherMsg`, { pd_cart_ids: cartIds }, { signal }),
      enabled: cartIds !== '',
    }),
  zone: (activityId: number | undefined, page: number, limit: number, warehouse: number) =>
    pageQuery<ActivityZone>(couponKeys.zone(activityId, page, limit, warehouse), 'POST', `${COUPON_PATH}/getList`, {
      activity_id: activityId ?? '',
      page,
      limit,
      warehouse,
    }),
  activityVouchers: (activityId: number) =>
    getQuery<ClaimableVoucher[]>(couponKeys.activityVouchers(activityId), `${COUPON_PATH}/getActivityVoucher`, {
      activity_id: activityId,
    }),
};

/** POST sendVoucherNum: claim one use; answers the server's msg ('领取成功'). */
export function useClaimVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (voucherId: number) => {
      const envelope = await request<ClaimResponse>('POST', `${COUPON_PATH}/sendVoucherNum`, {
        body: { voucher_id: voucherId },
      });
      return envelope.msg;
    },
    onSettled: () => client.invalidateQueries({ queryKey: couponKeys.all() }),
  });
}
