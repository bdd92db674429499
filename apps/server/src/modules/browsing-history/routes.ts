import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductRowPage } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
import { rowContext, WarehousePageRequest } from '../catalog/product-rows';
import { listBrowsingHistory } from './service';

/** /api/Shop.ProductBrowsingHistory/*: the parts the account opened (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  dealerRoutes(app, 'parts').post('/list', (ctx, b) => listBrowsingHistory(ctx.db, rowContext(ctx, b.warehouse), b), {
    summary: "The account's browsing history, newest first (part rows)",
    input: WarehousePageRequest,
    answer: ProductRowPage,
  });
};

export default routes;
