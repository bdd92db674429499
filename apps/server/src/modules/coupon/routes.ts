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
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest } from '../catalog/product-rows';
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
  app.post(
    '/getList',
    loginRoute(tag, 'The activity zone: a running activity and a page of its parts', {
      body: ActivityListRequest,
      response: answers(ActivityZone),
    }),
    async (request) =>
      ok(await activityZone(app.db, rowContextFromRequest(request, request.body.warehouse), request.body)),
  );

  app.post(
    '/getSlideSecActivity',
    loginRoute(tag, "The running activities as the zone's slides", { response: answers(z.array(ActivitySummary)) }),
    async () => ok(await runningActivities(app.db)),
  );

  app.get(
    '/getActivityVoucher',
    loginRoute(tag, "A running activity's campaign vouchers with the company's share", {
      querystring: ActivityVoucherQuery,
      response: answers(z.array(ClaimableVoucher)),
    }),
    async (request) => ok(await activityVouchers(request.ctx.asDealer(), request.query.activity_id)),
  );

  app.post(
    '/sendVoucherNum',
    loginRoute(tag, 'Claim one use of a campaign voucher (per company and in all, race-safe)', {
      body: VoucherIdRequest,
      response: answers(ClaimResponse),
    }),
    async (request) => ok(await claimVoucher(request.ctx.asDealer(), request.body.voucher_id), COUPON_TEXTS.claimed),
  );

  app.get(
    '/getActivityVoucherProduct',
    loginRoute(tag, 'The parts a voucher covers', {
      querystring: VoucherProductQuery,
      response: answers(ProductRowPage),
    }),
    async (request) =>
      ok(await voucherProducts(app.db, rowContextFromRequest(request, request.query.warehouse), request.query)),
  );

  app.post(
    '/getOrdersVoucherMsg',
    loginRoute(tag, "The company's vouchers for the chosen cart lines, with their deduction or refusal", {
      body: OrdersVoucherRequest,
      response: answers(OrdersVoucherResponse),
    }),
    async (request) => ok(await ordersVoucherMsg(request.ctx.asDealer(), request.body.pd_cart_ids)),
  );

  app.get(
    '/myVoucherList',
    loginRoute(tag, "The company's vouchers of a tab (usable, used, expired)", {
      querystring: MyVoucherQuery,
      response: answers(MyVoucherPage),
    }),
    async (request) => ok(await myVouchers(request.ctx.asDealer(), request.query)),
  );
};

export default routes;
