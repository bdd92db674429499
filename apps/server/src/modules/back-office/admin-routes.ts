import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOrderListQuery } from '@shop/core/api/admin';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import { adminOrdersWorkbook } from './orders-export';
import { adminRoute } from '../../lib/route-options';

/** /api/admin routes the back office adds beside the staff API (plugins/staff-auth.ts checks them). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/export',
    adminRoute('orders.read', '导出订单（按列表的筛选条件，.xlsx）', {
      querystring: AdminOrderListQuery.omit({ page: true, limit: true }),
    }),
    async (request, reply) => sendXlsx(reply, await adminOrdersWorkbook(app.db, request.query), datedFileName('订单')),
  );
};

export default routes;
