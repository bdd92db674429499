import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PART_MEDIA_FIELD, type PartMediaResponse } from '@shop/core/api/admin-catalog';
import { CONTENT_TEXTS } from '@shop/core/api/admin-content';
import { BusinessError, HttpError } from '../../lib/errors';

/**
 * Part pictures and videos uploaded in the back office: received by the upload service as the
 * shop's own media (kind 'shop-media', as the banners: content sniffed, size bounded, streamed to
 * the file storage) under catalog/ with a random name, and served to everyone under
 * /media/catalog/ (shop content, like the other /media pictures, not a company's private file).
 */
export const CATALOG_MEDIA_URL = '/media/catalog/';
export const CATALOG_MEDIA_FOLDER = 'catalog';
const FILE = /^[0-9a-f-]{36}\.(jpg|png|gif|webp|bmp|mp4|mov|webm|avi|wmv|flv|m4v|3gp|mkv)$/;
const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  '3gp': 'video/3gpp',
  mkv: 'video/x-matroska',
};

export async function storeCatalogMedia(app: FastifyInstance, request: FastifyRequest): Promise<PartMediaResponse> {
  const form = await app.uploads.receiveShopMedia(request, 'shop-media', {
    fileFields: [PART_MEDIA_FIELD],
    folder: CATALOG_MEDIA_FOLDER,
  });
  const [file] = form.files;
  if (!file) throw new BusinessError(CONTENT_TEXTS.mediaRequired);
  return {
    url: `${CATALOG_MEDIA_URL}${file.key.slice(CATALOG_MEDIA_FOLDER.length + 1)}`,
    kind: file.kind === 'video' ? 'video' : 'image',
  };
}

/** GET /media/catalog/{file}: a stored part picture or video, public and cached (its name never changes). */
export const catalogMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:file',
    {
      schema: {
        summary: 'Part picture or video uploaded in the back office',
        tags: ['media'],
        params: z.object({ file: z.string().max(60) }),
      },
    },
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const stored = match
        ? await app.uploads.storage.get(`${CATALOG_MEDIA_FOLDER}/${request.params.file}`)
        : undefined;
      if (!match || !stored) throw new HttpError(404, '文件不存在');
      return reply
        .type(MIME[match[1]!]!)
        .header('content-length', stored.size)
        .header('cache-control', 'public, max-age=2592000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stored.stream);
    },
  );
};
