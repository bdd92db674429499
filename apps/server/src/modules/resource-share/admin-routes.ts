import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { AdminResourcePage, AdminResourceQuery, TakeDownRequest } from '@shop/core/api/resource-share';
import { RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { staffRoutes } from '../staff/staff-routes';
import { adminList, takeDown } from './service';

/** /api/admin/resource-share*: staff see every shared entry and take one down (audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffRoutes(app, 'dealers.manage');
  staff.get('/resource-share', (ctx, q) => adminList(ctx.db, q), {
    summary: '资源共享列表（按状态、编号或名称）',
    input: AdminResourceQuery,
    answer: AdminResourcePage,
  });
  staff.post(
    '/resource-share/:id/take-down',
    (ctx, b, { params, actor }) => takeDown(ctx, actor, params.id, b.reason),
    {
      summary: '下架一条共享资源（填写原因）',
      params: z.object({ id: idInput(RESOURCE_TEXTS.notFound) }),
      input: TakeDownRequest,
      msg: RESOURCE_TEXTS.takenDown,
    },
  );
};

export default adminRoutes;
