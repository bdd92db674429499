import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HotSalesAndSearch } from '@shop/core/api/parts';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { getHotSalesAndSearch } from './service';

const HotListRequest = z.object({
  limit: z.coerce.number().int().min(1).max(50).catch(20),
  page: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((p) => Math.max(1, p)),
});

/** /api/Shop.Index/getHotSalesAndHotSearchList: the hot rank panel (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getHotSalesAndHotSearchList',
    loginRoute('parts', 'Hot sales (order lines, 90 days) and hot search (search log, 30 days)', {
      querystring: HotListRequest,
      response: answers(HotSalesAndSearch),
    }),
    async (request) => ok(await getHotSalesAndSearch(app.db, request.query)),
  );
};

export default routes;
