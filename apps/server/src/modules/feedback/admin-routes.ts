import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StaffReplyRequest } from '@shop/core/api/admin';
import { AdminFeedbackList, AdminFeedbackListQuery } from '@shop/core/api/feedback';
import { idInput } from '@shop/core/api/id-input';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope';
import { auditActor } from '../staff/audit';
import { adminListFeedback, replyToFeedback } from './service';

export const FEEDBACK_REPLIED_TEXT = '已回复';

/** /api/admin/feedback: customer service reads every company's feedback and replies (audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ token: [] }];

  app.get(
    '/feedback',
    {
      config: { permission: 'service.answer' },
      schema: {
        tags,
        security,
        summary: '意见反馈列表（全部公司；可按公司、是否已回复、关键字筛选）',
        querystring: AdminFeedbackListQuery,
        response: { 200: envelope(AdminFeedbackList) },
      },
    },
    async (request) => ok(await adminListFeedback(app.db, request.query)),
  );

  app.post(
    '/feedback/:id/reply',
    {
      config: { permission: 'service.answer' },
      schema: {
        tags,
        security,
        summary: '回复意见反馈（可多次回复；经销商收到消息）',
        params: z.object({ id: idInput('编号格式不正确') }),
        body: StaffReplyRequest,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      await request.ctx.transaction((tx, emit) =>
        replyToFeedback(tx, emit, actor, request.params.id, request.body.content),
      );
      return ok(null, FEEDBACK_REPLIED_TEXT);
    },
  );
};

export default adminRoutes;
