import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductRowPage } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
import { rowContext, WarehousePageRequest } from '../catalog/product-rows';
import { ArrivalNoticePage, listArrivalNotices, listOutOfStock, listRestocked } from './service';

/**
 * /api/Shop.StockArrival/*: the stock-arrival page (/parts/stock), login required.
 * (spec.md lists these calls under Shop.Index; the home module owns that controller.)
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'parts');
  dealer.get('/outStockArrivals', (ctx, q) => listOutOfStock(ctx.db, rowContext(ctx, q.warehouse), q), {
    summary: 'Parts the company bought or favourited that are now out of stock (part rows)',
    input: WarehousePageRequest,
    answer: ProductRowPage,
  });

  dealer.get('/orderStockArrivals', (ctx, q) => listRestocked(ctx.db, rowContext(ctx, q.warehouse), q), {
    summary: 'Parts the company asked a restock alert for that have stock again (part rows)',
    input: WarehousePageRequest,
    answer: ProductRowPage,
  });

  dealer.get('/arrivalNotice', (ctx, q) => listArrivalNotices(ctx.db, rowContext(ctx, q.warehouse), q), {
    summary: "The account's restock alerts with their state (part rows)",
    input: WarehousePageRequest,
    answer: ArrivalNoticePage,
  });
};

export default routes;
