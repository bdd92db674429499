import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageRequest, ProductListRequest, ProductRowPage } from '@shop/core/api/parts';
import { envelope, ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { getCategoryChildren } from './category-service';
import { listHotRecommends, listProducts } from './product-list-service';
import { rowContextFromRequest } from './product-rows';
import { CATEGORY_MISSING_TEXT, CategoryChildRequest, CategoryChildren } from '@shop/core/api/catalog';

/** /api/Shop.Index/*: part lists by category and make, category children, hot recommendations. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ token: [] }];

  app.post(
    '/product_list',
    {
      schema: {
        summary: 'Parts of a category (any level) and/or a make (brand_name_zh)',
        tags: ['parts'],
        security,
        body: ProductListRequest,
        response: { 200: envelope(ProductRowPage) },
      },
    },
    async (request) =>
      ok(await listProducts(app.db, rowContextFromRequest(request, request.body.warehouse), request.body)),
  );

  app.get(
    '/getCategoryChild',
    {
      schema: {
        summary: 'Children of a category (the five groups without one) and the breadcrumb path',
        tags: ['parts'],
        security,
        querystring: CategoryChildRequest,
        response: { 200: envelope(CategoryChildren) },
      },
    },
    async (request) => {
      const children = await getCategoryChildren(app.db, request.query.product_type_id);
      if (!children) refuse(CATEGORY_MISSING_TEXT);
      return ok(children);
    },
  );

  app.get(
    '/hot_recommends',
    {
      schema: {
        summary: 'Hot recommendations by rank (part rows)',
        tags: ['parts'],
        security,
        querystring: PageRequest,
        response: { 200: envelope(ProductRowPage) },
      },
    },
    async (request) => ok(await listHotRecommends(app.db, rowContextFromRequest(request, 1), request.query)),
  );
};

export default routes;
