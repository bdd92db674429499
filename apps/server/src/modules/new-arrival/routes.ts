import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NewArrivalList, NewArrivalListRequest } from '@shop/core/api/home';
import { PageRequest, ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest } from '../catalog/product-rows';
import { listNewArrivalRows, listNewArrivals } from './service';

const DetailListRequest = PageRequest.extend({ warehouse: z.coerce.number().int().min(1).max(2).default(1) });

/** /api/Shop.NewArrival/*: new arrivals (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const priceKey = getBrandVariant(app.config.BRAND).priceLabels[0]!.key;

  app.get(
    '/newArrivalList',
    loginRoute('home', 'New arrivals, newest first (product cards)', {
      querystring: NewArrivalListRequest,
      response: answers(NewArrivalList),
    }),
    async (request) =>
      ok(await listNewArrivals(app.db, { ...request.query, priceKey, companyId: request.auth.companyId })),
  );

  app.get(
    '/newArrivalDetailList',
    loginRoute('home', 'New arrivals, newest first (part rows)', {
      querystring: DetailListRequest,
      response: answers(ProductRowPage),
    }),
    async (request) =>
      ok(await listNewArrivalRows(app.db, rowContextFromRequest(request, request.query.warehouse), request.query)),
  );
};

export default routes;
