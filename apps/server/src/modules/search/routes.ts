import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductRowPage, SearchRequest } from '@shop/core/api/parts';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest } from '../catalog/product-rows';
import { flushSearchLogs } from './search-log-buffer';
import { searchParts } from './service';

/** /api/Shop.Accessory/*: the search box (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/index',
    loginRoute(
      'parts',
      'Search parts by own code, OE / replacement / old number, number prefix, series and part name',
      {
        body: SearchRequest,
        response: answers(ProductRowPage),
      },
    ),
    async (request) =>
      ok(
        await searchParts(app.db, rowContextFromRequest(request, request.body.warehouse), request.body, (err) =>
          app.log.error({ err }, 'search log: write failed'),
        ),
      ),
  );
  // Entries still collected are written before the database closes.
  app.addHook('onClose', () => flushSearchLogs(app.db));
};

export default routes;
