import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBrandVariant } from '@shop/core/brand-variants';
import { envelope } from '../../lib/envelope';
import { HttpError } from '../../lib/errors';
import { SHOP_MEDIA_TYPES } from '../../uploads/kinds';
import { assetsDir } from './assets-dir';
import { activityPicture, bannerPicture, partPicture, vehiclePicture } from './pictures';

/**
 * Pictures and videos of the shop, served from the server itself (no external hosts):
 *   GET /media/parts/{kind}-{n}.svg      part pictures (kind slug of the category tree, n 1..6)
 *   GET /media/banners/{n}.svg           home banners
 *   GET /media/vehicles/{make}-{n}.svg   vehicle series pictures
 *   GET /media/activity/{n}.svg          the activity zone badge
 *   GET /media/video/{file}              committed videos (apps/server/assets/video)
 *   GET /media/content/{id}.{ext}        banner pictures and videos uploaded by staff
 * The drawings are deterministic, so they are cached for a long time. Unknown names: 404.
 */
const CACHE_CONTROL = 'public, max-age=2592000';
const VIDEO_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

const fileParams = z.object({ file: z.string() });
const svgResponse = {
  200: z.string().describe('image/svg+xml'),
  404: envelope(z.null()),
};

function notFound(): never {
  throw new HttpError(404, '图片不存在');
}

function sendSvg(reply: FastifyReply, svg: string | undefined): FastifyReply {
  if (svg === undefined) notFound();
  return reply
    .header('cache-control', CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('image/svg+xml; charset=utf-8')
    .send(svg);
}

/** '{name}-{n}.svg' → [name, n], or 404. */
function namedFile(file: string): [string, number] {
  if (file.length > 80) notFound();
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,2})\.svg$/.exec(file);
  if (!match) notFound();
  return [match[1]!, Number(match[2])];
}

/** '{n}.svg' → n, or 404. */
function numberedFile(file: string): number {
  const match = /^(\d{1,2})\.svg$/.exec(file);
  if (!match) notFound();
  return Number(match[1]);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const variant = getBrandVariant(app.config.BRAND);
  const tags = ['media'];

  app.get(
    '/parts/:file',
    { schema: { summary: 'Part picture (SVG)', tags, params: fileParams, response: svgResponse } },
    async (request, reply) => {
      const [slug, n] = namedFile(request.params.file);
      return sendSvg(reply, partPicture(slug, n, variant));
    },
  );

  app.get(
    '/banners/:file',
    { schema: { summary: 'Home banner picture (SVG)', tags, params: fileParams, response: svgResponse } },
    async (request, reply) => sendSvg(reply, bannerPicture(numberedFile(request.params.file), variant)),
  );

  app.get(
    '/vehicles/:file',
    { schema: { summary: 'Vehicle series picture (SVG)', tags, params: fileParams, response: svgResponse } },
    async (request, reply) => {
      const [make, n] = namedFile(request.params.file);
      return sendSvg(reply, vehiclePicture(make, n));
    },
  );

  app.get(
    '/activity/:file',
    { schema: { summary: 'Activity zone badge (SVG)', tags, params: fileParams, response: svgResponse } },
    async (request, reply) => sendSvg(reply, activityPicture(numberedFile(request.params.file))),
  );

  // The back office's banner pictures and videos (uploads/service.ts receiveShopMedia): named by
  // a random id, so never changed under the same name.
  app.get(
    '/content/:file',
    { schema: { summary: 'Banner picture or video uploaded by staff', tags, params: fileParams } },
    async (request, reply) => {
      const match = /^[0-9a-f-]{36}\.([a-z0-9]+)$/.exec(request.params.file);
      const mime = match ? SHOP_MEDIA_TYPES[match[1]!] : undefined;
      const file = mime ? await app.uploads.storage.get(`content/${request.params.file}`) : undefined;
      if (!mime || !file) notFound();
      return reply
        .type(mime)
        .header('content-length', file.size)
        .header('cache-control', `${CACHE_CONTROL}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  // Videos: ranges, ETag and caching from @fastify/static (the web plugin owns reply.sendFile).
  await app.register(fastifyStatic, {
    root: join(assetsDir(), 'video'),
    prefix: '/video/',
    decorateReply: false,
    index: false,
    allowedPath: (path) => path.endsWith('.mp4'),
    maxAge: VIDEO_MAX_AGE_MS,
  });

  // Anything else under /media is a missing file, not a page of the web app.
  app.get('/*', { schema: { hide: true } }, async () => notFound());
};

export default routes;
