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
import { dealerRoutes } from '../../lib/declared-routes';
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
const ActivityZone = ProductRowPage.extend({ activity: ActivitySummary, activities: z.array(ActivitySummary) });

/** /api/Shop.ActivityProductV2/*: the activity zone and the dealers' vouchers (docs/coupons.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, tag);
  dealer.post('/getList', (ctx, b) => activityZone(ctx.db, rowContext(ctx, b.warehouse), b), {
    summary: 'The activity zone: a running activity and a page of its parts',
    input: ActivityListRequest,
    answer: ActivityZone,
  });
  dealer.post('/getSlideSecActivity', (ctx) => runningActivities(ctx.db), {
    summary: "The running activities as the zone's slides",
    answer: z.array(ActivitySummary),
  });
  dealer.get('/getActivityVoucher', (ctx, q) => activityVouchers(ctx, q.activity_id), {
    summary: "A running activity's campaign vouchers with the company's share",
    input: ActivityVoucherQuery,
    answer: z.array(ClaimableVoucher),
  });
  dealer.post('/sendVoucherNum', (ctx, b) => claimVoucher(ctx, b.voucher_id), {
    summary: 'Claim one use of a campaign voucher (per company and in all, race-safe)',
    input: VoucherIdRequest,
    answer: ClaimResponse,
    msg: COUPON_TEXTS.claimed,
  });
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
