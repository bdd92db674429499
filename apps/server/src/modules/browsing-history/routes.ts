import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductRowPage } from '@shop/core/api/parts';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest, WarehousePageRequest } from '../catalog/product-rows';
import { listBrowsingHistory } from './service';

/** /api/Shop.ProductBrowsingHistory/*: the parts the account opened (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/list',
    loginRoute('parts', "The account's browsing history, newest first (part rows)", {
      body: WarehousePageRequest,
      response: answers(ProductRowPage),
    }),
    async (request) => {
      const body = request.body;
      return ok(await listBrowsingHistory(app.db, rowContextFromRequest(request, body.warehouse), body));
    },
  );
};

export default routes;
