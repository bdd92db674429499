import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeIndex, HotKeywords } from '@shop/core/api/home';
import { getBrandVariant } from '@shop/core/brand-variants';
import { envelope, ok } from '../../lib/envelope';
import { getHomeIndex, getHotKeywords } from './service';

/** /api/Shop.Index/*: the home page data and the hot keywords (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const priceKey = getBrandVariant(app.config.BRAND).priceLabels[0]!.key;
  const security = [{ token: [] }];

  app.get(
    '/index',
    {
      schema: {
        summary: 'Home page: banner carousel, first 5 hot recommendations, category tree',
        tags: ['home'],
        security,
        response: { 200: envelope(HomeIndex) },
      },
    },
    async (request) => ok(await getHomeIndex(app.db, priceKey, request.auth.companyId)),
  );

  app.get(
    '/hot_keywords_list',
    {
      schema: {
        summary: 'Hot keywords below the search box (comma-separated)',
        tags: ['home'],
        security,
        response: { 200: envelope(HotKeywords) },
      },
    },
    async () => ok({ hot_keywords: await getHotKeywords(app.db) }),
  );
};

export default routes;
