import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NewArrivalList, NewArrivalListRequest } from '@shop/core/api/home';
import { getBrandVariant } from '@shop/core/brand-variants';
import { envelope, ok } from '../../lib/envelope';
import { listNewArrivals } from './service';

/** /api/Shop.NewArrival/*: new arrivals (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const priceKey = getBrandVariant(app.config.BRAND).priceLabels[0]!.key;

  app.get(
    '/newArrivalList',
    {
      preHandler: app.requireLogin,
      schema: {
        summary: 'New arrivals, newest first (product cards)',
        tags: ['home'],
        security: [{ token: [] }],
        querystring: NewArrivalListRequest,
        response: { 200: envelope(NewArrivalList) },
      },
    },
    async (request) => ok(await listNewArrivals(app.db, { ...request.query, priceKey })),
  );
};

export default routes;
