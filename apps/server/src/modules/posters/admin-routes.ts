import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMarketingItem,
  AdminMarketingPage,
  AdminMarketingQuery,
  AdminPosterCategory,
  AdminPosterTemplate,
  MarketingItemInput,
  POSTER_TEXTS,
  PosterCategoryInput,
  PosterTemplateInput,
} from '@shop/core/api/posters';
import { idInput } from '@shop/core/api/id-input';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor as actor } from '../staff/audit';
import * as posters from './admin-service';

/**
 * /api/admin/marketing/*: poster categories and templates and today's marketing (content.manage,
 * checked before the body is read); pictures go up through POST /api/admin/content/media.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const route = <S extends object>(summary: string, schema: S) => adminRoute('content.manage', summary, schema);
  const categoryId = z.object({ id: idInput(POSTER_TEXTS.categoryNotFound) });
  const templateId = z.object({ id: idInput(POSTER_TEXTS.templateNotFound) });
  const itemId = z.object({ id: idInput(POSTER_TEXTS.itemNotFound) });

  app.get('/marketing/categories', route('海报分类', { response: answers(z.array(AdminPosterCategory)) }), async () =>
    ok(await posters.categories(app.db)),
  );
  app.post(
    '/marketing/categories',
    route('添加海报分类', { body: PosterCategoryInput, response: answers(AdminPosterCategory) }),
    async (request) => ok(await posters.saveCategory(request.ctx.asStaff(), actor(request), 0, request.body), '已添加'),
  );
  app.post(
    '/marketing/categories/:id',
    route('修改海报分类', { params: categoryId, body: PosterCategoryInput, response: answers(AdminPosterCategory) }),
    async (request) =>
      ok(await posters.saveCategory(request.ctx.asStaff(), actor(request), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/marketing/categories/:id/delete',
    route('删除海报分类（无模板时）', { params: categoryId, response: { 200: emptyEnvelope } }),
    async (request) => {
      await posters.deleteCategory(request.ctx.asStaff(), actor(request), request.params.id);
      return ok(null, '已删除');
    },
  );

  app.get(
    '/marketing/templates',
    route('海报模板（含停用）', { response: answers(z.array(AdminPosterTemplate)) }),
    async () => ok(await posters.templates(app.db)),
  );
  app.post(
    '/marketing/templates',
    route('添加海报模板', { body: PosterTemplateInput, response: answers(AdminPosterTemplate) }),
    async (request) => ok(await posters.saveTemplate(request.ctx.asStaff(), actor(request), 0, request.body), '已添加'),
  );
  app.post(
    '/marketing/templates/:id',
    route('修改海报模板（含启用、停用）', {
      params: templateId,
      body: PosterTemplateInput,
      response: answers(AdminPosterTemplate),
    }),
    async (request) =>
      ok(await posters.saveTemplate(request.ctx.asStaff(), actor(request), request.params.id, request.body), '已保存'),
  );

  app.get(
    '/marketing/items',
    route('今日营销内容（全部日期）', { querystring: AdminMarketingQuery, response: answers(AdminMarketingPage) }),
    async (request) => ok(await posters.marketingList(app.db, request.query)),
  );
  app.post(
    '/marketing/items',
    route('添加今日营销内容', { body: MarketingItemInput, response: answers(AdminMarketingItem) }),
    async (request) =>
      ok(await posters.saveMarketingItem(request.ctx.asStaff(), actor(request), 0, request.body), '已添加'),
  );
  app.post(
    '/marketing/items/:id',
    route('修改今日营销内容（含发布、下架）', {
      params: itemId,
      body: MarketingItemInput,
      response: answers(AdminMarketingItem),
    }),
    async (request) =>
      ok(
        await posters.saveMarketingItem(request.ctx.asStaff(), actor(request), request.params.id, request.body),
        '已保存',
      ),
  );
};

export default routes;
