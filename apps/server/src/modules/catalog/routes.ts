import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageRequest, ProductListRequest, ProductRowPage } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
import { refuse } from '../../lib/errors';
import { getCategoryChildren } from './category-service';
import { listHotRecommends, listProducts } from './product-list-service';
import { rowContext } from './product-rows';
import { CATEGORY_MISSING_TEXT, CategoryChildRequest, CategoryChildren } from '@shop/core/api/catalog';

/** /api/Shop.Index/*: part lists by category and make, category children, hot recommendations. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'parts');
  dealer.post('/product_list', (ctx, b) => listProducts(ctx.db, rowContext(ctx, b.warehouse), b), {
    summary: 'Parts of a category (any level) and/or a make (brand_name_zh)',
    input: ProductListRequest,
    answer: ProductRowPage,
  });

  dealer.get(
    '/getCategoryChild',
    async (ctx, q) => (await getCategoryChildren(ctx.db, q.product_type_id)) ?? refuse(CATEGORY_MISSING_TEXT),
    {
      summary: 'Children of a category (the five groups without one) and the breadcrumb path',
      input: CategoryChildRequest,
      answer: CategoryChildren,
    },
  );

  dealer.get('/hot_recommends', (ctx, q) => listHotRecommends(ctx.db, rowContext(ctx, 1), q), {
    summary: 'Hot recommendations by rank (part rows)',
    input: PageRequest,
    answer: ProductRowPage,
  });
};

export default routes;
