import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GiftDetail, GiftIdQuery, GiftList, GiftListQuery } from '@shop/core/api/points';
import { POINTS_TEXTS } from '@shop/core/points-rules';
import { dealerRoutes } from '../../lib/declared-routes';
import { loginRoute } from '../../lib/route-options';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import { confirmGiftReceipt, giftDetail, giftList, giftsWorkbook } from './gifts';
import { mainAccountOnly } from './service';

/** /api/Shop.Gift/*: the company's gift orders, for its main account only (decision 0049), as points are. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', mainAccountOnly);
  const tag = 'gifts';
  const dealer = dealerRoutes(app, tag);
  dealer.get('/list', giftList, {
    summary: "The company's gift orders",
    input: GiftListQuery,
    answer: GiftList,
  });
  dealer.get('/detail', (ctx, q) => giftDetail(ctx, q.gift_id), {
    summary: 'One gift order with its lines and shipment',
    input: GiftIdQuery,
    answer: GiftDetail,
  });
  app.get(
    '/export',
    loginRoute(tag, 'Gift orders with their lines as .xlsx', {
      querystring: GiftListQuery.pick({ status: true }),
      response: { 200: z.any().describe('.xlsx file') },
    }),
    async (request, reply) =>
      sendXlsx(reply, await giftsWorkbook(request.ctx.asDealer(), request.query.status), datedFileName('赠品订单')),
  );
  dealer.get('/confirmReceipt', (ctx, q) => confirmGiftReceipt(ctx, q.gift_id), {
    summary: 'Confirm receipt of a shipped gift order',
    input: GiftIdQuery,
    msg: POINTS_TEXTS.giftReceived,
  });
};

export default routes;
