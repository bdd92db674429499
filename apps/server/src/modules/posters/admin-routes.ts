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
import type { StaffRequestContext } from '../../platform/request-context';
import type { AuditActor } from '../staff/audit';
import { editRoutes, type EditableRows } from '../staff/edit-routes';
import { staffRoutes } from '../staff/staff-routes';
import * as posters from './admin-service';

/**
 * /api/admin/marketing/*: poster categories and templates and today's marketing (content.manage,
 * checked before the body is read); pictures go up through POST /api/admin/content/media.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const content = staffRoutes(app, 'content.manage');
  /** The services save a new row under id 0. */
  const saving = <In, Out>(
    save: (ctx: StaffRequestContext, a: AuditActor, id: number, input: In) => Promise<Out>,
  ): EditableRows<In, Out> => ({ create: (ctx, a, input) => save(ctx, a, 0, input), update: save });

  content.get('/marketing/categories', (ctx) => posters.categories(ctx.db), {
    summary: '海报分类',
    answer: z.array(AdminPosterCategory),
  });
  editRoutes(app, {
    permission: 'content.manage',
    url: '/marketing/categories',
    input: PosterCategoryInput,
    item: AdminPosterCategory,
    notFound: POSTER_TEXTS.categoryNotFound,
    add: '添加海报分类',
    edit: '修改海报分类',
    remove: '删除海报分类（无模板时）',
    rows: { ...saving(posters.saveCategory), remove: posters.deleteCategory },
  });

  content.get('/marketing/templates', (ctx) => posters.templates(ctx.db), {
    summary: '海报模板（含停用）',
    answer: z.array(AdminPosterTemplate),
  });
  editRoutes(app, {
    permission: 'content.manage',
    url: '/marketing/templates',
    input: PosterTemplateInput,
    item: AdminPosterTemplate,
    notFound: POSTER_TEXTS.templateNotFound,
    add: '添加海报模板',
    edit: '修改海报模板（含启用、停用）',
    rows: saving(posters.saveTemplate),
  });

  content.get('/marketing/items', (ctx, q) => posters.marketingList(ctx.db, q), {
    summary: '今日营销内容（全部日期）',
    input: AdminMarketingQuery,
    answer: AdminMarketingPage,
  });
  editRoutes(app, {
    permission: 'content.manage',
    url: '/marketing/items',
    input: MarketingItemInput,
    item: AdminMarketingItem,
    notFound: POSTER_TEXTS.itemNotFound,
    add: '添加今日营销内容',
    edit: '修改今日营销内容（含发布、下架）',
    rows: saving(posters.saveMarketingItem),
  });
};

export default routes;
