import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ServiceItemParams, ServiceQueue, ServiceQueueQuery, SERVICE_TEXTS } from '@shop/core/api/service';
import { staffRoutes } from '../staff/staff-routes';
import { markServiceRead, serviceQueue } from './queue';

/** /api/admin/service/*: customer service's queue of questions, feedback and development requests. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = staffRoutes(app, 'service.answer');
  service.get('/service/queue', (ctx, q) => serviceQueue(ctx.db, q), {
    summary: '客服队列：商品咨询、意见反馈、开发需求（待回复在前，含等待时长与未读；可按类型、状态、公司筛选）',
    input: ServiceQueueQuery,
    answer: ServiceQueue,
  });
  service.post(
    '/service/:kind/:id/read',
    (ctx, _b, { params, actor }) => markServiceRead(ctx.db, actor, params.kind, params.id),
    { summary: '标记为客服已读（打开详情时）', params: ServiceItemParams, msg: SERVICE_TEXTS.markedRead },
  );
};

export default adminRoutes;
