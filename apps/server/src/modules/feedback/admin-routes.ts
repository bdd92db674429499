import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminFeedbackList, AdminFeedbackListQuery } from '@shop/core/api/feedback';
import { envelope, ok } from '../../lib/envelope';
import { staffReplyRoute } from '../staff/reply-route';
import { adminListFeedback, replyToFeedback } from './service';

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

  staffReplyRoute(app, '/feedback', '回复意见反馈（可多次回复；经销商收到消息）', replyToFeedback);
};

export default adminRoutes;
