import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { AdminResourcePage, AdminResourceQuery, TakeDownRequest } from '@shop/core/api/resource-share';
import { RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor } from '../staff/audit';
import { adminList, takeDown } from './service';

const P = 'dealers.manage' as const;

/** /api/admin/resource-share*: staff see every shared entry and take one down (audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/resource-share',
    adminRoute(P, '资源共享列表（按状态、编号或名称）', {
      querystring: AdminResourceQuery,
      response: answers(AdminResourcePage),
    }),
    async (request) => ok(await adminList(app.db, request.query)),
  );
  app.post(
    '/resource-share/:id/take-down',
    adminRoute(P, '下架一条共享资源（填写原因）', {
      params: z.object({ id: idInput(RESOURCE_TEXTS.notFound) }),
      body: TakeDownRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await takeDown(request.ctx.asStaff(), auditActor(request), request.params.id, request.body.reason);
      return ok(null, RESOURCE_TEXTS.takenDown);
    },
  );
};

export default adminRoutes;
