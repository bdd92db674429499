import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEEDBACK_FIELDS,
  FEEDBACK_MARKED_READ,
  FEEDBACK_SUBMITTED,
  FeedbackAddResponse,
  FeedbackDetail,
  FeedbackFileRequest,
  FeedbackIdRequest,
  FeedbackList,
  FeedbackListRequest,
} from '@shop/core/api/feedback';
import { dealerRoutes } from '../../lib/declared-routes';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { BusinessError } from '../../lib/errors';
import { sendPrivateFile } from '../../uploads/send-file';
import {
  FEEDBACK_NOT_FOUND_TEXT,
  feedbackDetail,
  findFeedbackFile,
  listFeedback,
  markAllFeedbackRead,
  submitFeedback,
  type FeedbackForm,
} from './service';

/**
 * /api/Shop.ShopFeedback/*: the side bar's feedback (text and an optional image or video), the
 * account's list, a feedback with the staff's replies. The controller scope checks the login
 * before a body is read (platform/module.ts).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'feedback');
  app.post(
    '/add',
    loginRoute(
      'feedback',
      `提交反馈（multipart：text，可选 files 图片或视频，≤100MB；每个公司每天共 ${app.config.UPLOAD_MB_PER_COMPANY_DAY}MB，每个账号 10 分钟内最多 ${app.config.UPLOADS_PER_ACCOUNT_10_MINUTES} 个文件；也可 JSON {text}）`,
      {
        response: answers(FeedbackAddResponse),
      },
    ),
    async (request) => {
      let form: FeedbackForm;
      if (request.isMultipart()) {
        // The file as 'files' (the web's field) or 'file'.
        const { fields, truncated, files } = await app.uploads.receiveStored(request, request.auth, 'feedback', {
          fileFields: [FEEDBACK_FIELDS.file, 'file'],
        });
        const text = FEEDBACK_FIELDS.text;
        form = { text: fields[text], textTruncated: truncated.has(text), file: files[0] };
      } else {
        form = { text: (request.body as { text?: unknown } | null | undefined)?.text, textTruncated: false };
      }
      return ok(await submitFeedback(app.db, request.auth, form, app.uploads), FEEDBACK_SUBMITTED);
    },
  );

  dealer.get('/index', (ctx, q) => listFeedback(ctx.db, ctx.caller, q), {
    summary: '我的反馈',
    input: FeedbackListRequest,
    answer: FeedbackList,
  });

  dealer.get('/detail', (ctx, q) => feedbackDetail(ctx.db, ctx.caller, q.id), {
    summary: '反馈详情（含客服的全部回复；打开即标记回复为已读）',
    input: FeedbackIdRequest,
    answer: FeedbackDetail,
  });

  dealer.post('/markAllAsRead', (ctx) => markAllFeedbackRead(ctx.db, ctx.caller), {
    summary: '把我的反馈的回复全部标记为已读',
    msg: FEEDBACK_MARKED_READ,
  });

  app.get(
    '/file',
    loginRoute('feedback', '反馈附件（图片或视频）', { querystring: FeedbackFileRequest }),
    async (request, reply) => {
      const file = await findFeedbackFile(app.db, request.auth, request.query.id);
      const stored = await app.uploads.storage.get(file.key);
      if (!stored) throw new BusinessError(FEEDBACK_NOT_FOUND_TEXT);
      return sendPrivateFile(reply, { ...stored, mime: file.mime }, { filename: file.name || 'file' });
    },
  );
};

export default routes;
