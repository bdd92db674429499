import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardFigures, NotFoundLists, NotFoundQuery } from '@shop/core/api/admin-dashboard';
import { ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { dashboardFigures, notFoundLists } from './service';

/**
 * /api/admin/dashboard: the back office's home. The figures need orders.read; what dealers did
 * not find needs catalog.manage (the catalog team decides what to stock next; decision record
 * "the dashboard").
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    adminRoute('orders.read', '看板：今日与本月订单和销售额、待发货、待处理退货与咨询', {
      response: answers(DashboardFigures),
    }),
    async (request) => ok(await dashboardFigures(request.ctx.asStaff().db)),
  );

  app.get(
    '/dashboard/not-found',
    adminRoute('catalog.manage', '看板：经销商搜索未找到的编号与关键词、无法识别的 VIN（按次数）', {
      querystring: NotFoundQuery,
      response: answers(NotFoundLists),
    }),
    async (request) => ok(await notFoundLists(request.ctx.asStaff().db, request.query)),
  );
};

export default routes;
