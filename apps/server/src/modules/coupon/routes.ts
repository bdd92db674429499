import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityListRequest,
  ActivitySummary,
  ActivityVoucherQuery,
  ClaimableVoucher,
  ClaimResponse,
  MyVoucherPage,
  MyVoucherQuery,
  OrdersVoucherRequest,
  OrdersVoucherResponse,
  VoucherIdRequest,
  VoucherProductQuery,
} from '@shop/core/api/coupons';
import { ProductRowPage } from '@shop/core/api/parts';
import { COUPON_TEXTS } from '@shop/core/coupons';
import { opensActivityZone } from '@shop/core/account-rights';
import { dealerRoutes } from '../../lib/declared-routes';
import { refuse } from '../../lib/errors';
import type { DealerRequestContext } from '../../platform/request-context';
import { loadProfile } from '../user/account-queries';
import { rowContext } from '../catalog/product-rows';
import {
  activityVouchers,
  activityZone,
  claimVoucher,
  myVouchers,
  ordersVoucherMsg,
  runningActivities,
  voucherProducts,
} from './service';

const tag = 'coupon';

/**
 * The activity zone is open where the caller's profile has activity_flag 1 (spec.md sections 2 and
 * 6; the flag's rule is the profile's, decision 0046: an activity runs today, or staff flagged the
 * account); otherwise its routes are refused, as the web hides the zone.
 */
async function requireActivityZone(ctx: DealerRequestContext): Promise<void> {
  const profile = await loadProfile(ctx.db, ctx.caller.accountId, ctx.caller.companyId);
  if (!opensActivityZone(profile)) refuse(COUPON_TEXTS.zoneClosed);
}

/** A route of the activity zone: its service behind requireActivityZone. */
function inZone<I, R>(serve: (ctx: DealerRequestContext, input: I) => Promise<R>) {
  return async (ctx: DealerRequestContext, input: I): Promise<R> => {
    await requireActivityZone(ctx);
    return serve(ctx, input);
  };
}

const ActivityZone = ProductRowPage.extend({ activity: ActivitySummary, activities: z.array(ActivitySummary) });

/**
 * /api/Shop.ActivityProductV2/*: the activity zone (getList, getSlideSecActivity, getActivityVoucher,
 * sendVoucherNum: behind requireActivityZone) and the dealers' vouchers (docs/coupons.md).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, tag);
  dealer.post(
    '/getList',
    inZone((ctx, b) => activityZone(ctx.db, rowContext(ctx, b.warehouse), b)),
    {
      summary: 'The activity zone: a running activity and a page of its parts',
      input: ActivityListRequest,
      answer: ActivityZone,
    },
  );
  dealer.post(
    '/getSlideSecActivity',
    inZone((ctx) => runningActivities(ctx.db)),
    {
      summary: "The running activities as the zone's slides",
      answer: z.array(ActivitySummary),
    },
  );
  dealer.get(
    '/getActivityVoucher',
    inZone((ctx, q) => activityVouchers(ctx, q.activity_id)),
    {
      summary: "A running activity's campaign vouchers with the company's share",
      input: ActivityVoucherQuery,
      answer: z.array(ClaimableVoucher),
    },
  );
  dealer.post(
    '/sendVoucherNum',
    inZone((ctx, b) => claimVoucher(ctx, b.voucher_id)),
    {
      summary: 'Claim one use of a campaign voucher (per company and in all, race-safe)',
      input: VoucherIdRequest,
      answer: ClaimResponse,
      msg: COUPON_TEXTS.claimed,
    },
  );
  dealer.get('/getActivityVoucherProduct', (ctx, q) => voucherProducts(ctx.db, rowContext(ctx, q.warehouse), q), {
    summary: 'The parts a voucher covers',
    input: VoucherProductQuery,
    answer: ProductRowPage,
  });
  dealer.post('/getOrdersVoucherMsg', (ctx, b) => ordersVoucherMsg(ctx, b.pd_cart_ids), {
    summary: "The company's vouchers for the chosen cart lines, with their deduction or refusal",
    input: OrdersVoucherRequest,
    answer: OrdersVoucherResponse,
  });
  dealer.get('/myVoucherList', myVouchers, {
    summary: "The company's vouchers of a tab (usable, used, expired)",
    input: MyVoucherQuery,
    answer: MyVoucherPage,
  });
};

export default routes;
