import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdjustList,
  AdjustListRequest,
  ClientOrdersList,
  ClientOrdersRequest,
  KeepRuleDescription,
} from '@shop/core/api/price-protection';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { adjustList, clientOrdersList, keepRuleDescription } from './service';

const tag = 'price-protection';

/** /api/Shop.KeepPrice/* (spec.md section 7; docs/price-protection.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getAdjustList',
    loginRoute(tag, "Price changes of the dealers' price ('all') or those that compensated the company ('mine')", {
      body: AdjustListRequest,
      response: answers(AdjustList),
    }),
    async (request) => ok(await adjustList(request.ctx.asDealer(), request.body)),
  );

  app.post(
    '/getClientOrdersList',
    loginRoute(tag, "The company's compensated order lines with totals", {
      body: ClientOrdersRequest,
      response: answers(ClientOrdersList),
    }),
    async (request) => ok(await clientOrdersList(request.ctx.asDealer(), request.body)),
  );

  app.post(
    '/getKeepRuleDescription',
    loginRoute(tag, 'The price-protection rules', { response: answers(KeepRuleDescription) }),
    async (request) => ok(keepRuleDescription(request.ctx.variant)),
  );
};

export default routes;
