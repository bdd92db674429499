import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BASE_UPLOAD_FIELD, BaseUploadResponse, PICTURE_TEXTS } from '@shop/core/api/uploads';
import { ok } from '../lib/envelope';
import { answers, loginRoute } from '../lib/route-options';
import { BusinessError } from '../lib/errors';
import { sendPrivateFile } from './send-file';

/**
 * /api/Base/*: the generic upload (spec.md section 7: 'POST /api/Base/upload (form file)') and
 * the stored files, served to the company that uploaded them only.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload',
    loginRoute(
      'uploads',
      `上传图片（multipart：${BASE_UPLOAD_FIELD}，JPG、PNG、GIF、WEBP 等，≤10MB；计入公司每日上传额度）`,
      {
        response: answers(BaseUploadResponse),
      },
    ),
    async (request) => {
      const form = await app.uploads.receiveStored(request, request.auth, 'picture', {
        fileFields: [BASE_UPLOAD_FIELD],
      });
      const [file] = form.files;
      if (!file) throw new BusinessError(PICTURE_TEXTS.noFile);
      return ok(
        { id: file.id, url: file.url, name: file.originalName, size: file.size, mime: file.mime },
        PICTURE_TEXTS.uploaded,
      );
    },
  );

  app.get(
    '/file/*',
    loginRoute('uploads', '已上传的文件（只有上传它的公司可以取）', {
      params: z.object({ '*': z.string().max(300) }),
    }),
    async (request, reply) => {
      const file = await app.uploads.open(request.auth, request.params['*']);
      return sendPrivateFile(reply, file, { filename: file.name || 'file', sandbox: true });
    },
  );
};

export default routes;
