import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { answers } from '../../lib/route-options';
import { getCarTree } from './car-tree-service';
import { CarTree } from '@shop/core/api/catalog';

/** /api/Shop.Accessories/getCarTree: makes → series → models for the vehicle filter. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getCarTree',
    {
      schema: {
        summary: 'Vehicle tree: makes, their series and models',
        tags: ['parts'],
        security: [{ token: [] }],
        response: answers(CarTree),
      },
    },
    async () => ok(await getCarTree(app.db)),
  );
};

export default routes;
