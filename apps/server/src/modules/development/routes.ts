import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVELOPMENT_FIELDS, DEVELOPMENT_PICTURES_MAX, DEVELOPMENT_TEXTS } from '@shop/core/development-rules';
import {
  DevelopmentAddResponse,
  DevelopmentDetail,
  DevelopmentIdRequest,
  DevelopmentLikeResponse,
  DevelopmentList,
  DevelopmentListRequest,
  DevelopmentMyListRequest,
  DevelopmentPictureRequest,
} from '@shop/core/api/development';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { HttpError } from '../../lib/errors';
import { sendPrivateFile } from '../../uploads/send-file';
import {
  addRequest,
  findPicture,
  likeRequest,
  listRequests,
  markAllRequestsRead,
  myRequests,
  requestDetail,
  type DevelopmentForm,
} from './service';

/**
 * /api/Shop.CustomerProductDevelopment/*: 'I want to develop'. The controller scope checks the
 * login before a body is read (platform/module.ts).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    loginRoute('development', '大家的开发需求（sort=new 最新，hot 最多点赞）', {
      querystring: DevelopmentListRequest,
      response: answers(DevelopmentList),
    }),
    async (request) => ok(await listRequests(app.db, request.ctx.dealer, request.query)),
  );

  app.get(
    '/myList',
    loginRoute('development', '我的开发需求', {
      querystring: DevelopmentMyListRequest,
      response: answers(DevelopmentList),
    }),
    async (request) => ok(await myRequests(app.db, request.ctx.dealer, request.query)),
  );

  app.get(
    '/detail',
    loginRoute('development', '我的开发需求详情（含回复；打开即标记已读）', {
      querystring: DevelopmentIdRequest,
      response: answers(DevelopmentDetail),
    }),
    async (request) => ok(await requestDetail(app.db, request.ctx.dealer, request.query.id)),
  );

  app.post(
    '/add',
    loginRoute(
      'development',
      `提交开发需求（multipart：part_name 必填，vehicle，oe_number，monthly_quantity 正整数，description，pictures 最多 ${DEVELOPMENT_PICTURES_MAX} 张图片，每张 ≤10MB；也可 JSON 不带图片）`,
      {
        response: answers(DevelopmentAddResponse),
      },
    ),
    async (request) => {
      let form: DevelopmentForm;
      if (request.isMultipart()) {
        const received = await app.uploads.receiveStored(request, request.ctx.dealer, 'development-picture', {
          fileFields: [DEVELOPMENT_FIELDS.pictures, `${DEVELOPMENT_FIELDS.pictures}[]`],
          maxFiles: DEVELOPMENT_PICTURES_MAX,
          tooMany: DEVELOPMENT_TEXTS.tooManyPictures,
        });
        form = { fields: received.fields, truncated: received.truncated, pictures: received.files };
      } else {
        const fields = (request.body ?? {}) as Record<string, unknown>;
        form = { fields: typeof fields === 'object' ? fields : {}, truncated: new Set(), pictures: [] };
      }
      return ok(await addRequest(app.db, request.ctx.dealer, form, app.uploads), DEVELOPMENT_TEXTS.submitted);
    },
  );

  app.post(
    '/like',
    loginRoute('development', '点赞（每个账号每条一次）', {
      body: DevelopmentIdRequest,
      response: answers(DevelopmentLikeResponse),
    }),
    async (request) => ok(await likeRequest(app.db, request.ctx.dealer, request.body.id), DEVELOPMENT_TEXTS.liked),
  );

  app.post(
    '/markAllAsRead',
    loginRoute('development', '把我的开发需求的回复全部标记为已读', { response: { 200: emptyEnvelope } }),
    async (request) => {
      await markAllRequestsRead(app.db, request.ctx.dealer);
      return ok(null, DEVELOPMENT_TEXTS.markedRead);
    },
  );

  app.get(
    '/picture',
    loginRoute('development', '开发需求的图片（n 从 0 起）', { querystring: DevelopmentPictureRequest }),
    async (request, reply) => {
      const picture = await findPicture(app.db, request.query.id, request.query.n);
      const stored = await app.uploads.storage.get(picture.key);
      if (!stored) throw new HttpError(404, '图片不存在');
      return sendPrivateFile(reply, { ...stored, mime: picture.mime }, { sandbox: true });
    },
  );
};

export default routes;
