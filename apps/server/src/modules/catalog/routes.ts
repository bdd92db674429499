import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageRequest, ProductListRequest, ProductRowPage } from '@shop/core/api/parts';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { refuse } from '../../lib/errors';
import { getCategoryChildren } from './category-service';
import { listHotRecommends, listProducts } from './product-list-service';
import { rowContextFromRequest } from './product-rows';
import { CATEGORY_MISSING_TEXT, CategoryChildRequest, CategoryChildren } from '@shop/core/api/catalog';

/** /api/Shop.Index/*: part lists by category and make, category children, hot recommendations. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/product_list',
    loginRoute('parts', 'Parts of a category (any level) and/or a make (brand_name_zh)', {
      body: ProductListRequest,
      response: answers(ProductRowPage),
    }),
    async (request) =>
      ok(await listProducts(app.db, rowContextFromRequest(request, request.body.warehouse), request.body)),
  );

  app.get(
    '/getCategoryChild',
    loginRoute('parts', 'Children of a category (the five groups without one) and the breadcrumb path', {
      querystring: CategoryChildRequest,
      response: answers(CategoryChildren),
    }),
    async (request) => {
      const children = await getCategoryChildren(app.db, request.query.product_type_id);
      if (!children) refuse(CATEGORY_MISSING_TEXT);
      return ok(children);
    },
  );

  app.get(
    '/hot_recommends',
    loginRoute('parts', 'Hot recommendations by rank (part rows)', {
      querystring: PageRequest,
      response: answers(ProductRowPage),
    }),
    async (request) => ok(await listHotRecommends(app.db, rowContextFromRequest(request, 1), request.query)),
  );
};

export default routes;
