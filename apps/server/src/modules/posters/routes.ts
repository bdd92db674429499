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
import { dealerRoutes } from '../../lib/declared-routes';
import { loginRoute } from '../../lib/route-options';
import { sendPrivateFile } from '../../uploads/send-file';
import { generatePoster, makeList, marketingDetail, posterCategoryList, posterPng, todaysMarketing } from './service';

const tag = 'posters';

/** /api/Shop.GeneratePicture/*: today's marketing and the posters dealers make (docs/posters.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, tag);
  dealer.get('/getList', (ctx, q) => todaysMarketing(ctx.db, q), {
    summary: "Today's marketing: the brand's published materials of the day (China)",
    input: MarketingListQuery,
    answer: MarketingPage,
  });
  dealer.get('/getDetail', (ctx, q) => marketingDetail(ctx.db, q.id), {
    summary: 'A material of today with its suggested template',
    input: MarketingDetailQuery,
    answer: MarketingDetail,
  });
  dealer.get('/makeList', (ctx, q) => makeList(ctx.db, q.category_id), {
    summary: 'The published poster templates (of a category)',
    input: MakeListQuery,
    answer: z.array(PosterTemplate),
  });
  dealer.post('/getPosterCategory', (ctx) => posterCategoryList(ctx.db), {
    summary: 'The template categories with published templates',
    answer: z.array(PosterCategory),
  });
  dealer.post(
    '/generatePoster',
    (ctx, b, { request }) => generatePoster(ctx, app.uploads.storage, `${request.protocol}://${request.host}`, b),
    {
      summary:
        "Render a PNG poster of a template and parts with the dealer's price (or none), company, phone, QR codes",
      input: GeneratePosterRequest,
      answer: GeneratedPoster,
      msg: '海报已生成',
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
