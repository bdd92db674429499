import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDevelopmentList,
  AdminDevelopmentListQuery,
  AdminDevelopmentStatusRequest,
} from '@shop/core/api/development';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope';
import { auditActor } from '../staff/audit';
import { adminIdParams, staffReplyRoute } from '../staff/reply-route';
import { adminListRequests, answerRequest } from './service';

/** /api/admin/development: customer service reads every request, replies and moves its status (audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ token: [] }];

  app.get(
    '/development',
    {
      config: { permission: 'service.answer' },
      schema: {
        tags,
        security,
        summary: '开发需求列表（全部公司；可按状态、公司、配件名或 OE 号筛选）',
        querystring: AdminDevelopmentListQuery,
        response: { 200: envelope(AdminDevelopmentList) },
      },
    },
    async (request) => ok(await adminListRequests(app.db, request.query)),
  );

  staffReplyRoute(app, '/development', '回复开发需求（经销商收到消息）', (tx, emit, actor, id, content) =>
    answerRequest(tx, emit, actor, id, { content }),
  );

  app.post(
    '/development/:id/status',
    {
      config: { permission: 'service.answer' },
      schema: {
        tags,
        security,
        summary: '修改开发需求状态（pending 待评估 / developing 开发中 / launched 已上架 / rejected 不开发；可附说明）',
        params: adminIdParams,
        body: AdminDevelopmentStatusRequest,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      const { status, note } = request.body;
      await request.ctx.transaction((tx, emit) =>
        answerRequest(tx, emit, actor, request.params.id, { content: note, status }),
      );
      return ok(null, '状态已更新');
    },
  );
};

export default adminRoutes;
