import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdRequest } from '@shop/core/api/parts';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest } from '../catalog/product-rows';
import { getProductAttributes, ProductAttributes } from './attributes-service';
import { requestRestock, RESTOCK_DONE_TEXT } from './restock-service';
import { ProductStock, viewProductStock } from './stock-service';

const WithWarehouse = ProductIdRequest.extend({ warehouse: z.coerce.number().int().min(1).max(2).default(1) });

/**
 * /api/Shop.Accessory/*: a part's numbers, its exact stock and restock alerts (login required).
 * The search (index) is registered by the catalog module under the same controller.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getProductAttributes',
    loginRoute('parts', 'Replacement / common numbers of a part', {
      querystring: ProductIdRequest,
      response: answers(ProductAttributes),
    }),
    async (request) => ok(await getProductAttributes(app.db, request.query.product_id)),
  );

  const stockRoute = loginRoute(
    'parts',
    'Exact stock of a part; records the view so the rows show the stock (is_view_stock)',
    { querystring: WithWarehouse, response: answers(ProductStock) },
  );
  for (const path of ['/getProductStock', '/getProducStock']) {
    app.get(path, stockRoute, async (request) => {
      const { product_id, warehouse } = request.query;
      return ok(await viewProductStock(app.db, rowContextFromRequest(request, warehouse), product_id));
    });
  }

  app.post(
    '/applyForReplenishment',
    loginRoute('parts', 'Restock alert (arrival reminder) for a part out of stock', {
      description: 'Refused when the part has stock, or with 已提交，不能重复提交 when an alert is open.',
      body: WithWarehouse,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await requestRestock(app.db, rowContextFromRequest(request, request.body.warehouse), request.body.product_id);
      return ok(null, RESTOCK_DONE_TEXT);
    },
  );
};

export default routes;
