import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ServiceItemParams, ServiceQueue, ServiceQueueQuery, SERVICE_TEXTS } from '@shop/core/api/service';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor } from '../staff/audit';
import { markServiceRead, serviceQueue } from './queue';

/** /api/admin/service/*: customer service's queue of questions, feedback and development requests. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service/queue',
    adminRoute(
      'service.answer',
      '客服队列：商品咨询、意见反馈、开发需求（待回复在前，含等待时长与未读；可按类型、状态、公司筛选）',
      { querystring: ServiceQueueQuery, response: answers(ServiceQueue) },
    ),
    async (request) => ok(await serviceQueue(app.db, request.query)),
  );

  app.post(
    '/service/:kind/:id/read',
    adminRoute('service.answer', '标记为客服已读（打开详情时）', {
      params: ServiceItemParams,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await markServiceRead(app.db, auditActor(request), request.params.kind, request.params.id);
      return ok(null, SERVICE_TEXTS.markedRead);
    },
  );
};

export default adminRoutes;
