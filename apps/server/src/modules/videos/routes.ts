import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Video } from '@shop/core/api/parts';
import { envelope, ok } from '../../lib/envelope';
import { searchVideos } from './service';

export const VIDEO_SEARCH_MAX = 20;

const SearchRequest = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(VIDEO_SEARCH_MAX, `每次最多 ${VIDEO_SEARCH_MAX} 条`)
    .default(VIDEO_SEARCH_MAX),
  product_name: z.string().trim().max(100, '名称过长').default(''),
});

/** /api/Tools.Video/*: installation and product videos (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search',
    {
      schema: {
        summary: 'Videos matching a product name (the detail tab and the video links of rows)',
        tags: ['parts'],
        security: [{ token: [] }],
        body: SearchRequest,
        response: { 200: envelope(z.object({ data: z.array(Video) })) },
      },
    },
    async (request) => ok({ data: await searchVideos(app.db, request.body.product_name, request.body.limit) }),
  );
};

export default routes;
