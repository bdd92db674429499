import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NewArrivalList, NewArrivalListRequest } from '@shop/core/api/home';
import { PageRequest, ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { envelope, ok } from '../../lib/envelope';
import { rowContextFromRequest } from '../catalog/product-rows';
import { listNewArrivalRows, listNewArrivals } from './service';

const DetailListRequest = PageRequest.extend({ warehouse: z.coerce.number().int().min(1).max(2).default(1) });

/** /api/Shop.NewArrival/*: new arrivals (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const priceKey = getBrandVariant(app.config.BRAND).priceLabels[0]!.key;

  app.get(
    '/newArrivalList',
    {
      schema: {
        summary: 'New arrivals, newest first (product cards)',
        tags: ['home'],
        security: [{ token: [] }],
        querystring: NewArrivalListRequest,
        response: { 200: envelope(NewArrivalList) },
      },
    },
    async (request) =>
      ok(await listNewArrivals(app.db, { ...request.query, priceKey, companyId: request.auth.companyId })),
  );

  app.get(
    '/newArrivalDetailList',
    {
      schema: {
        summary: 'New arrivals, newest first (part rows)',
        tags: ['home'],
        security: [{ token: [] }],
        querystring: DetailListRequest,
        response: { 200: envelope(ProductRowPage) },
      },
    },
    async (request) =>
      ok(await listNewArrivalRows(app.db, rowContextFromRequest(request, request.query.warehouse), request.query)),
  );
};

export default routes;
