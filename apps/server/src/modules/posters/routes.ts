import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GeneratedPoster,
  GeneratePosterRequest,
  MakeListQuery,
  MarketingDetail,
  MarketingDetailQuery,
  MarketingListQuery,
  MarketingPage,
  PosterCategory,
  PosterImageQuery,
  PosterTemplate,
} from '@shop/core/api/posters';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { sendPrivateFile } from '../../uploads/send-file';
import { generatePoster, makeList, marketingDetail, posterCategoryList, posterPng, todaysMarketing } from './service';

const tag = 'posters';

/** /api/Shop.GeneratePicture/*: today's marketing and the posters dealers make (docs/posters.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getList',
    loginRoute(tag, "Today's marketing: the brand's published materials of the day (China)", {
      querystring: MarketingListQuery,
      response: answers(MarketingPage),
    }),
    async (request) => ok(await todaysMarketing(app.db, request.query)),
  );
  app.get(
    '/getDetail',
    loginRoute(tag, 'A material of today with its suggested template', {
      querystring: MarketingDetailQuery,
      response: answers(MarketingDetail),
    }),
    async (request) => ok(await marketingDetail(app.db, request.query.id)),
  );
  app.get(
    '/makeList',
    loginRoute(tag, 'The published poster templates (of a category)', {
      querystring: MakeListQuery,
      response: answers(z.array(PosterTemplate)),
    }),
    async (request) => ok(await makeList(app.db, request.query.category_id)),
  );
  app.post(
    '/getPosterCategory',
    loginRoute(tag, 'The template categories with published templates', { response: answers(z.array(PosterCategory)) }),
    async () => ok(await posterCategoryList(app.db)),
  );
  app.post(
    '/generatePoster',
    loginRoute(
      tag,
      "Render a PNG poster of a template and parts with the dealer's price (or none), company, phone, QR codes",
      {
        body: GeneratePosterRequest,
        response: answers(GeneratedPoster),
      },
    ),
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      return ok(await generatePoster(request.ctx.asDealer(), app.uploads.storage, origin, request.body), '海报已生成');
    },
  );
  app.get(
    '/poster',
    loginRoute(tag, "A poster of the caller's company (image/png)", { querystring: PosterImageQuery }),
    async (request, reply) => {
      const png = await posterPng(request.ctx.asDealer(), request.query.id);
      return sendPrivateFile(
        reply,
        { stream: Readable.from([png]), size: png.length, mime: 'image/png' },
        { filename: `海报-${request.query.id}.png` },
      );
    },
  );
};

export default routes;
