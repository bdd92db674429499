import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdjustList,
  AdjustListRequest,
  ClientOrdersList,
  ClientOrdersRequest,
  KeepRuleDescription,
} from '@shop/core/api/price-protection';
import { dealerRoutes } from '../../lib/declared-routes';
import { adjustList, clientOrdersList, keepRuleDescription } from './service';

/** /api/Shop.KeepPrice/* (spec.md section 7; docs/price-protection.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'price-protection');
  dealer.post('/getAdjustList', adjustList, {
    summary: "Price changes of the dealers' price ('all') or those that compensated the company ('mine')",
    input: AdjustListRequest,
    answer: AdjustList,
  });
  dealer.post('/getClientOrdersList', clientOrdersList, {
    summary: "The company's compensated order lines with totals",
    input: ClientOrdersRequest,
    answer: ClientOrdersList,
  });
  dealer.post('/getKeepRuleDescription', (ctx) => keepRuleDescription(ctx.variant), {
    summary: 'The price-protection rules',
    answer: KeepRuleDescription,
  });
};

export default routes;
