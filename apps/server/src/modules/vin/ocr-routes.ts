import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { NO_VIN_IN_IMAGE_TEXT, VinOcrRequest, VinOcrResult } from '@shop/core/api/vin';
import { ok } from '../../lib/envelope';
import { answers } from '../../lib/route-options';
import { refuse } from '../../lib/errors';
import { VIN_PHOTO_MAX_BYTES, VIN_PHOTO_TEXTS } from '../../uploads/kinds';
import { DEFAULT_OCR_OPTIONS, VinOcrEngine, type OcrOptions } from './ocr-engine';

/** Largest picture accepted, decoded (upload kind 'vin-photo'). */
export const OCR_MAX_IMAGE_BYTES = VIN_PHOTO_MAX_BYTES;
export const IMAGE_TOO_LARGE_TEXT = VIN_PHOTO_TEXTS.tooLarge;
export const NOT_AN_IMAGE_TEXT = VIN_PHOTO_TEXTS.badType;
export const OCR_BUSY_TEXT = '识别请求较多，请稍后再试';
/**
 * Base64 of a picture a fifth over the limit, so that a somewhat too large one is told so in
 * Chinese (larger bodies get HTTP 413 '请求内容过大').
 */
const BODY_LIMIT = Math.ceil((OCR_MAX_IMAGE_BYTES * 1.2 * 4) / 3) + 64 * 1024;

/** The bytes of a data URL ('data:image/jpeg;base64,…') or plain base64; refused when too large or not base64. */
export function decodeImageBase64(input: string): Buffer {
  const payload = input
    .trim()
    .replace(/^data:[^,]{0,100};base64,/i, '')
    .replace(/\s+/g, '');
  if (Math.floor((payload.length * 3) / 4) > OCR_MAX_IMAGE_BYTES + 2) refuse(IMAGE_TOO_LARGE_TEXT);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload) || payload.length === 0) refuse(NOT_AN_IMAGE_TEXT);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > OCR_MAX_IMAGE_BYTES) refuse(IMAGE_TOO_LARGE_TEXT);
  return bytes;
}

async function assertImage(bytes: Buffer): Promise<void> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
    if (!meta.format || !meta.width || !meta.height) refuse(NOT_AN_IMAGE_TEXT);
  } catch {
    refuse(NOT_AN_IMAGE_TEXT);
  }
}

export interface OcrRoutesOptions {
  ocr?: Partial<OcrOptions>;
}

/** /api/Vin/ocr: a VIN from a photo (login required). Body status 404 when none is recognised. */
const routes: FastifyPluginAsyncZod<OcrRoutesOptions> = async (app, opts) => {
  const engine = new VinOcrEngine({ ...DEFAULT_OCR_OPTIONS, ...opts.ocr });
  app.addHook('onClose', () => engine.close());

  app.post(
    '/ocr',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Read a VIN from a photo (filebase64: data URL or plain base64, at most 10 MB decoded)',
        description: `status 404 with msg ${NO_VIN_IN_IMAGE_TEXT} when no valid VIN is found in time; 201 when the file is not an image or too large.`,
        tags: ['vin'],
        security: [{ token: [] }],
        body: VinOcrRequest,
        response: answers(VinOcrResult.nullable()),
      },
    },
    async (request) => {
      const bytes = decodeImageBase64(request.body.filebase64);
      // Size and type by content (upload kind 'vin-photo', kept in memory), then decoded for real.
      app.uploads.check('vin-photo', bytes);
      await assertImage(bytes);
      const outcome = await engine.recognise(bytes, request.auth.companyId);
      if (outcome.kind === 'busy') refuse(OCR_BUSY_TEXT);
      if (outcome.kind === 'unreadable') refuse(NOT_AN_IMAGE_TEXT);
      request.log.info({ ocr: outcome }, 'VIN OCR');
      if (outcome.kind === 'none') return { status: 404, msg: NO_VIN_IN_IMAGE_TEXT, data: null };
      return ok({ vin: outcome.vin });
    },
  );
};

export default routes;
