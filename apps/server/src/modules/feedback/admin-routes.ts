import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminFeedbackList, AdminFeedbackListQuery } from '@shop/core/api/feedback';
import { adminRoute } from '../../lib/route-options';
import { BusinessError } from '../../lib/errors';
import { sendPrivateFile } from '../../uploads/send-file';
import { adminIdParams, staffReplyRoute } from '../staff/reply-route';
import { staffRoutes } from '../staff/staff-routes';
import { adminListFeedback, FEEDBACK_NOT_FOUND_TEXT, findFeedbackFile, replyToFeedback } from './service';

/** /api/admin/feedback: customer service reads every company's feedback and replies (audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  staffRoutes(app, 'service.answer').get('/feedback', (ctx, q) => adminListFeedback(ctx.db, q), {
    summary: '意见反馈列表（全部公司；可按公司、是否已回复、关键字筛选）',
    input: AdminFeedbackListQuery,
    answer: AdminFeedbackList,
  });

  app.get(
    '/feedback/:id/file',
    adminRoute('service.answer', '意见反馈的附件（图片或视频）', { params: adminIdParams }),
    async (request, reply) => {
      const file = await findFeedbackFile(app.db, 'staff', request.params.id);
      const stored = await app.uploads.storage.get(file.key);
      if (!stored) throw new BusinessError(FEEDBACK_NOT_FOUND_TEXT);
      return sendPrivateFile(reply, { ...stored, mime: file.mime }, { filename: file.name || 'file' });
    },
  );

  staffReplyRoute(app, '/feedback', '回复意见反馈（可多次回复；经销商收到消息）', replyToFeedback);
};

export default adminRoutes;
