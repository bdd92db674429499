import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GiftDetail, GiftIdQuery, GiftList, GiftListQuery } from '@shop/core/api/points';
import { POINTS_TEXTS } from '@shop/core/points-rules';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import { confirmGiftReceipt, giftDetail, giftList, giftsWorkbook } from './gifts';

/** /api/Shop.Gift/*: the company's gift orders (any account of the company may follow them). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const tag = 'gifts';
  app.get(
    '/list',
    loginRoute(tag, "The company's gift orders", { querystring: GiftListQuery, response: answers(GiftList) }),
    async (request) => ok(await giftList(request.ctx.asDealer(), request.query)),
  );
  app.get(
    '/detail',
    loginRoute(tag, 'One gift order with its lines and shipment', {
      querystring: GiftIdQuery,
      response: answers(GiftDetail),
    }),
    async (request) => ok(await giftDetail(request.ctx.asDealer(), request.query.gift_id)),
  );
  app.get(
    '/export',
    loginRoute(tag, 'Gift orders with their lines as .xlsx', {
      querystring: GiftListQuery.pick({ status: true }),
      response: { 200: z.any().describe('.xlsx file') },
    }),
    async (request, reply) =>
      sendXlsx(reply, await giftsWorkbook(request.ctx.asDealer(), request.query.status), datedFileName('赠品订单')),
  );
  app.get(
    '/confirmReceipt',
    loginRoute(tag, 'Confirm receipt of a shipped gift order', {
      querystring: GiftIdQuery,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await confirmGiftReceipt(request.ctx.asDealer(), request.query.gift_id);
      return ok(null, POINTS_TEXTS.giftReceived);
    },
  );
};

export default routes;
