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
import { dealerRoutes } from '../../lib/declared-routes';
import { ok } from '../../lib/envelope';
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
  const dealer = dealerRoutes(app, 'development');
  dealer.get('/list', (ctx, q) => listRequests(ctx.db, ctx.caller, q), {
    summary: '大家的开发需求（sort=new 最新，hot 最多点赞）',
    input: DevelopmentListRequest,
    answer: DevelopmentList,
  });

  dealer.get('/myList', (ctx, q) => myRequests(ctx.db, ctx.caller, q), {
    summary: '我的开发需求',
    input: DevelopmentMyListRequest,
    answer: DevelopmentList,
  });

  dealer.get('/detail', (ctx, q) => requestDetail(ctx.db, ctx.caller, q.id), {
    summary: '我的开发需求详情（含回复；打开即标记已读）',
    input: DevelopmentIdRequest,
    answer: DevelopmentDetail,
  });

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

  dealer.post('/like', (ctx, b) => likeRequest(ctx.db, ctx.caller, b.id), {
    summary: '点赞（每个账号每条一次）',
    input: DevelopmentIdRequest,
    answer: DevelopmentLikeResponse,
    msg: DEVELOPMENT_TEXTS.liked,
  });

  dealer.post('/markAllAsRead', (ctx) => markAllRequestsRead(ctx.db, ctx.caller), {
    summary: '把我的开发需求的回复全部标记为已读',
    msg: DEVELOPMENT_TEXTS.markedRead,
  });

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
