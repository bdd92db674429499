import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEEDBACK_SUBMITTED,
  FeedbackAddResponse,
  FeedbackFileRequest,
  FeedbackList,
  FeedbackListRequest,
} from '@shop/core/api/feedback';
import { envelope, ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { feedbackFolder, FEEDBACK_NOT_FOUND_TEXT, findFeedbackFile, listFeedback, submitFeedback } from './service';
import { FEEDBACK_FORM_LIMITS, receiveFeedbackForm, type FeedbackForm } from './upload';
import { releaseUploadsRoot, uploadsRoot } from './upload-dir';
import { uploadLimits, uploadReserver } from './upload-quota';

/** /api/Shop.ShopFeedback/*: the side bar's feedback (text and an optional image or video). */
const routes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: FEEDBACK_FORM_LIMITS });
  }
  const { root } = uploadsRoot(app.config);
  const limits = uploadLimits(app.config);
  app.addHook('onClose', async () => releaseUploadsRoot(app.config));
  const loggedIn = { preHandler: app.requireLogin } as const;
  const tags = ['feedback'];

  app.post(
    '/add',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: `提交反馈（multipart：text，可选 files 图片或视频，≤100MB；每个公司每天共 ${app.config.UPLOAD_MB_PER_COMPANY_DAY}MB，每个账号 10 分钟内最多 ${app.config.UPLOADS_PER_ACCOUNT_10_MINUTES} 个文件；也可 JSON {text}）`,
        security: [{ token: [] }],
        response: { 200: envelope(FeedbackAddResponse) },
      },
    },
    async (request) => {
      const form: FeedbackForm = request.isMultipart()
        ? await receiveFeedbackForm(
            request,
            root,
            feedbackFolder(request.auth.companyId),
            uploadReserver(app.db, request.auth, limits),
          )
        : { text: (request.body as { text?: unknown } | null | undefined)?.text, textTruncated: false };
      return ok(await submitFeedback(app.db, request.auth, form), FEEDBACK_SUBMITTED);
    },
  );

  app.get(
    '/index',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: '我的反馈',
        security: [{ token: [] }],
        querystring: FeedbackListRequest,
        response: { 200: envelope(FeedbackList) },
      },
    },
    async (request) => ok(await listFeedback(app.db, request.auth, request.query)),
  );

  app.get(
    '/file',
    {
      ...loggedIn,
      schema: { tags, summary: '反馈附件（图片或视频）', security: [{ token: [] }], querystring: FeedbackFileRequest },
    },
    async (request, reply) => {
      const file = await findFeedbackFile(app.db, request.auth, request.query.id, root);
      const size = await stat(file.path).then(
        (s) => s.size,
        () => undefined,
      );
      if (size === undefined) throw new BusinessError(FEEDBACK_NOT_FOUND_TEXT);
      return reply
        .type(file.mime)
        .header('content-length', size)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name || 'file')}`)
        .send(createReadStream(file.path));
    },
  );
};

export default routes;
