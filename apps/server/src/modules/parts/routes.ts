import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdRequest } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
import { rowContext } from '../catalog/product-rows';
import { getProductAttributes, ProductAttributes } from './attributes-service';
import { requestRestock, RESTOCK_DONE_TEXT } from './restock-service';
import { ProductStock, viewProductStock } from './stock-service';

const WithWarehouse = ProductIdRequest.extend({ warehouse: z.coerce.number().int().min(1).max(2).default(1) });

/**
 * /api/Shop.Accessory/*: a part's numbers, its exact stock and restock alerts (login required).
 * The search (index) is registered by the catalog module under the same controller.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'parts');
  dealer.get('/getProductAttributes', (ctx, q) => getProductAttributes(ctx.db, q.product_id), {
    summary: 'Replacement / common numbers of a part',
    input: ProductIdRequest,
    answer: ProductAttributes,
  });

  for (const path of ['/getProductStock', '/getProducStock']) {
    dealer.get(path, (ctx, q) => viewProductStock(ctx.db, rowContext(ctx, q.warehouse), q.product_id), {
      summary: 'Exact stock of a part; records the view so the rows show the stock (is_view_stock)',
      input: WithWarehouse,
      answer: ProductStock,
    });
  }

  dealer.post(
    '/applyForReplenishment',
    (ctx, b) => requestRestock(ctx.db, rowContext(ctx, b.warehouse), b.product_id),
    {
      summary: 'Restock alert (arrival reminder) for a part out of stock',
      description: 'Refused when the part has stock, or with 已提交，不能重复提交 when an alert is open.',
      input: WithWarehouse,
      msg: RESTOCK_DONE_TEXT,
    },
  );
};

export default routes;
