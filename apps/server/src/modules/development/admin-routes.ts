import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVELOPMENT_PICTURES_MAX } from '@shop/core/development-rules';
import {
  AdminDevelopmentList,
  AdminDevelopmentListQuery,
  AdminDevelopmentStatusRequest,
} from '@shop/core/api/development';
import { adminRoute } from '../../lib/route-options';
import { HttpError } from '../../lib/errors';
import { sendPrivateFile } from '../../uploads/send-file';
import { adminIdParams, adminPictureParams, staffReplyRoute } from '../staff/reply-route';
import { staffRoutes } from '../staff/staff-routes';
import { adminListRequests, answerRequest, findPicture } from './service';

/** /api/admin/development: customer service reads every request, replies and moves its status (audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = staffRoutes(app, 'service.answer');
  service.get('/development', (ctx, q) => adminListRequests(ctx.db, q), {
    summary: '开发需求列表（全部公司；可按状态、公司、配件名或 OE 号筛选）',
    input: AdminDevelopmentListQuery,
    answer: AdminDevelopmentList,
  });

  app.get(
    '/development/:id/picture/:n',
    adminRoute('service.answer', '开发需求的图片（n 从 0 起）', {
      params: adminPictureParams(DEVELOPMENT_PICTURES_MAX),
    }),
    async (request, reply) => {
      const picture = await findPicture(app.db, request.params.id, request.params.n);
      const stored = await app.uploads.storage.get(picture.key);
      if (!stored) throw new HttpError(404, '图片不存在');
      return sendPrivateFile(reply, { ...stored, mime: picture.mime }, { sandbox: true });
    },
  );

  staffReplyRoute(app, '/development', '回复开发需求（经销商收到消息）', (tx, emit, actor, id, content) =>
    answerRequest(tx, emit, actor, id, { content }),
  );

  service.post(
    '/development/:id/status',
    (ctx, { status, note }, { params, actor }) =>
      ctx.transaction((tx, emit) => answerRequest(tx, emit, actor, params.id, { content: note, status })),
    {
      summary: '修改开发需求状态（pending 待评估 / developing 开发中 / launched 已上架 / rejected 不开发；可附说明）',
      params: adminIdParams,
      input: AdminDevelopmentStatusRequest,
      msg: '状态已更新',
    },
  );
};

export default adminRoutes;
