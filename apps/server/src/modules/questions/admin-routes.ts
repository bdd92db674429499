import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANSWER_PICTURES_MAX, AnswerQuestionRequest, QUESTION_ANSWERED_TEXT } from '@shop/core/api/admin';
import { AdminQuestion, AdminQuestionList, AdminQuestionListQuery, AnswerPictureUpload } from '@shop/core/api/service';
import { BASE_UPLOAD_FIELD, PICTURE_TEXTS } from '@shop/core/api/uploads';
import { ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { BusinessError, HttpError } from '../../lib/errors';
import { sendPrivateFile } from '../../uploads/send-file';
import { auditActor, writeAudit } from '../staff/audit';
import { adminIdParams, adminPictureParams } from '../staff/reply-route';
import { staffRoutes } from '../staff/staff-routes';
import { adminListQuestions, adminQuestionDetail, answerPicture, answerQuestion, questionForAnswer } from './service';

/** /api/admin/questions/*: the staff read dealers' questions about parts and answer them (text and pictures). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The dealer's address of a stored picture starts with this; staff get it from the admin route. */
  const storedPrefix = app.uploads.storage.url('');

  const service = staffRoutes(app, 'service.answer');

  service.get('/questions', (ctx, q) => adminListQuestions(ctx.db, q, storedPrefix), {
    summary: '商品咨询列表（全部公司；未回复在前；可按公司、商品、是否已回复、关键字筛选）',
    input: AdminQuestionListQuery,
    answer: AdminQuestionList,
  });
  service.get('/questions/:id', (ctx, _q, { params }) => adminQuestionDetail(ctx.db, params.id, storedPrefix), {
    summary: '商品咨询详情',
    params: adminIdParams,
    answer: AdminQuestion,
  });

  app.post(
    '/questions/:id/pictures',
    adminRoute(
      'service.answer',
      `上传回复图片（multipart：${BASE_UPLOAD_FIELD}；回复时以 reply_pics 带上图片编号，未使用的图片一天后删除）`,
      {
        params: adminIdParams,
        response: answers(AnswerPictureUpload),
      },
    ),
    async (request) => {
      // Stored as the asker's company's file, so the dealer who reads the answer is served it, but
      // not in that company's upload quota or rate: the staff's upload, not the dealer's.
      const owner = await questionForAnswer(app.db, request.params.id);
      const form = await app.uploads.receiveStored(request, owner, 'picture', {
        fileFields: [BASE_UPLOAD_FIELD],
        byStaff: true,
      });
      const [file] = form.files;
      if (!file) throw new BusinessError(PICTURE_TEXTS.noFile);
      await writeAudit(app.db, auditActor(request), {
        action: 'questions.picture',
        entityType: 'product_question',
        entityId: String(request.params.id),
        before: null,
        after: { upload_id: file.id, name: file.originalName, size: file.size },
      });
      return ok({ id: file.id, name: file.originalName, size: file.size }, PICTURE_TEXTS.uploaded);
    },
  );

  app.get(
    '/questions/:id/picture/:n',
    adminRoute('service.answer', '回复图片（n 从 0 起）', {
      params: adminPictureParams(ANSWER_PICTURES_MAX),
    }),
    async (request, reply) => {
      const picture = await answerPicture(app.db, request.params.id, request.params.n, storedPrefix);
      const stored = await app.uploads.storage.get(picture.key);
      if (!stored) throw new HttpError(404, '图片不存在');
      return sendPrivateFile(reply, { ...stored, mime: picture.mime }, { sandbox: true });
    },
  );

  service.post(
    '/questions/:id/answer',
    (ctx, b, { params, actor }) =>
      answerQuestion(ctx, actor, params.id, b.reply_content, {
        ids: b.reply_pics,
        urlOf: (key) => app.uploads.storage.url(key),
      }),
    {
      summary: '回复客户的商品咨询（可带图片；回复后客户收到消息）',
      params: adminIdParams,
      input: AnswerQuestionRequest,
      msg: QUESTION_ANSWERED_TEXT,
    },
  );
};

export default adminRoutes;
