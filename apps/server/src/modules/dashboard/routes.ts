import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardFigures, NotFoundLists, NotFoundQuery } from '@shop/core/api/admin-dashboard';
import { staffRoutes } from '../staff/staff-routes';
import { dashboardFigures, notFoundLists } from './service';

/**
 * /api/admin/dashboard: the back office's home. The figures need orders.read; what dealers did
 * not find needs catalog.manage (the catalog team decides what to stock next; decision record
 * "the dashboard").
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  staffRoutes(app, 'orders.read').get('/dashboard', (ctx) => dashboardFigures(ctx.db), {
    summary: '看板：今日与本月订单和销售额、待发货、待处理退货与咨询',
    answer: DashboardFigures,
  });
  staffRoutes(app, 'catalog.manage').get('/dashboard/not-found', (ctx, q) => notFoundLists(ctx.db, q), {
    summary: '看板：经销商搜索未找到的编号与关键词、无法识别的 VIN（按次数）',
    input: NotFoundQuery,
    answer: NotFoundLists,
  });
};

export default routes;
