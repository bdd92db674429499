import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeIndex, HotKeywords } from '@shop/core/api/home';
import { getBrandVariant } from '@shop/core/brand-variants';
import { dealerRoutes } from '../../lib/declared-routes';
import { getHomeIndex, getHotKeywords } from './service';

/** /api/Shop.Index/*: the home page data and the hot keywords (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const priceKey = getBrandVariant(app.config.BRAND).priceLabels[0]!.key;
  const dealer = dealerRoutes(app, 'home');

  dealer.get('/index', (ctx) => getHomeIndex(ctx.db, priceKey, ctx.caller.companyId), {
    summary: 'Home page: banner carousel, first 5 hot recommendations, category tree',
    answer: HomeIndex,
  });

  dealer.get('/hot_keywords_list', async (ctx) => ({ hot_keywords: await getHotKeywords(ctx.db) }), {
    summary: 'Hot keywords below the search box (comma-separated)',
    answer: HotKeywords,
  });
};

export default routes;
