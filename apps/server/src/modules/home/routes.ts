import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeIndex, HotKeywords } from '@shop/core/api/home';
import { getBrandVariant } from '@shop/core/brand-variants';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { getHomeIndex, getHotKeywords } from './service';

/** /api/Shop.Index/*: the home page data and the hot keywords (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const priceKey = getBrandVariant(app.config.BRAND).priceLabels[0]!.key;

  app.get(
    '/index',
    loginRoute('home', 'Home page: banner carousel, first 5 hot recommendations, category tree', {
      response: answers(HomeIndex),
    }),
    async (request) => ok(await getHomeIndex(app.db, priceKey, request.auth.companyId)),
  );

  app.get(
    '/hot_keywords_list',
    loginRoute('home', 'Hot keywords below the search box (comma-separated)', {
      response: answers(HotKeywords),
    }),
    async () => ok({ hot_keywords: await getHotKeywords(app.db) }),
  );
};

export default routes;
