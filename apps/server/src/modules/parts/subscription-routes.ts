import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdRequest } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContext, rowContextFromRequest } from '../catalog/product-rows';
import {
  BATCH_MAX,
  BatchRestockResult,
  parseIdList,
  requestRestock,
  requestRestockBatch,
  RESTOCK_DONE_TEXT,
} from './restock-service';

const BatchRequest = z.object({ product_ids: z.string().max(BATCH_MAX * 12, '一次提交的商品过多') });

/** /api/Shop.Subscription/*: restock alerts, one part or many (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  dealerRoutes(app, 'parts').post(
    '/add',
    (ctx, b) => requestRestock(ctx.db, rowContext(ctx, undefined), b.product_id),
    {
      summary: 'Restock alert for one part (same rules as applyForReplenishment)',
      input: ProductIdRequest,
      msg: RESTOCK_DONE_TEXT,
    },
  );

  app.post(
    '/batchAdd',
    loginRoute('parts', `Restock alerts for many parts (product_ids comma-joined, at most ${BATCH_MAX})`, {
      description: 'Parts unknown, in stock or already requested are reported in the answer.',
      body: BatchRequest,
      response: answers(BatchRestockResult),
    }),
    async (request) => {
      const ids = parseIdList(request.body.product_ids, BATCH_MAX);
      const { result, msg } = await requestRestockBatch(app.db, rowContextFromRequest(request, undefined), ids);
      return ok(result, msg);
    },
  );
};

export default routes;
