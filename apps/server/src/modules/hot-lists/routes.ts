import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HotSalesAndSearch } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
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
  dealerRoutes(app, 'parts').get('/getHotSalesAndHotSearchList', (ctx, q) => getHotSalesAndSearch(ctx.db, q), {
    summary: 'Hot sales (order lines, 90 days) and hot search (search log, 30 days)',
    input: HotListRequest,
    answer: HotSalesAndSearch,
  });
};

export default routes;
