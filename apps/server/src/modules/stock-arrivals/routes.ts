import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductRowPage } from '@shop/core/api/parts';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest, WarehousePageRequest } from '../catalog/product-rows';
import { ArrivalNoticePage, listArrivalNotices, listOutOfStock, listRestocked } from './service';

/**
 * /api/Shop.StockArrival/*: the stock-arrival page (/parts/stock), login required.
 * (spec.md lists these calls under Shop.Index; the home module owns that controller.)
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outStockArrivals',
    loginRoute('parts', 'Parts the company bought or favourited that are now out of stock (part rows)', {
      querystring: WarehousePageRequest,
      response: answers(ProductRowPage),
    }),
    async (request) =>
      ok(await listOutOfStock(app.db, rowContextFromRequest(request, request.query.warehouse), request.query)),
  );

  app.get(
    '/orderStockArrivals',
    loginRoute('parts', 'Parts the company asked a restock alert for that have stock again (part rows)', {
      querystring: WarehousePageRequest,
      response: answers(ProductRowPage),
    }),
    async (request) =>
      ok(await listRestocked(app.db, rowContextFromRequest(request, request.query.warehouse), request.query)),
  );

  app.get(
    '/arrivalNotice',
    loginRoute('parts', "The account's restock alerts with their state (part rows)", {
      querystring: WarehousePageRequest,
      response: answers(ArrivalNoticePage),
    }),
    async (request) =>
      ok(await listArrivalNotices(app.db, rowContextFromRequest(request, request.query.warehouse), request.query)),
  );
};

export default routes;
