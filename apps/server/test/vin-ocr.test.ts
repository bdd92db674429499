import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { NO_VIN_IN_IMAGE_TEXT } from '@shop/core/api/vin';
import { VinOcrEngine } from '../src/modules/vin/ocr-engine';
import { IMAGE_TOO_LARGE_TEXT, NOT_AN_IMAGE_TEXT } from '../src/modules/vin/ocr-routes';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * POST /api/Vin/ocr on the committed photo fixtures (tools/fixtures/make-vin-photos.ts). Reading
 * is slow (tesseract in WebAssembly, several passes): few tests, generous time limits.
 */
const FIXTURES = new URL('./fixtures/vin-photos/', import.meta.url);
const SLOW = 120_000;

interface FixtureEntry {
  file: string;
  vin: string | null;
}

let t: TestApp;
let manifest: FixtureEntry[];
beforeAll(async () => {
  t = await createTestApp();
  manifest = JSON.parse(await readFile(new URL('manifest.json', FIXTURES), 'utf8')) as FixtureEntry[];
});
afterAll(() => t.close());

async function photo(file: string): Promise<Buffer> {
  return readFile(new URL(file, FIXTURES));
}

function ocr(filebase64: string) {
  return t
    .injectAs('aMain', { method: 'POST', url: '/api/Vin/ocr', payload: { filebase64 } })
    .then((res) => ({ http: res.statusCode, ...body<{ vin: string } | null>(res) }));
}

describe('VIN photo recognition', () => {
  test('without a session the login is refused before the body is read', async () => {
    const size = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 'A');
    let produced = 0;
    function* json() {
      yield Buffer.from('{"filebase64":"');
      for (; produced < size; produced += chunk.length) yield chunk;
      yield Buffer.from('"}');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Vin/ocr',
      payload: Readable.from(json(), { objectMode: false }),
      headers: { 'content-type': 'application/json' },
    });
    expect(body(res)).toMatchObject({ status: 401, data: null });
    expect(produced).toBeLessThan(size / 4);
  });

  test(
    'finds the VIN on a plate, a sticker and a 1600x1200 windscreen photo (data URL or plain base64)',
    async () => {
      for (const [i, file] of ['plate-clean.jpg', 'sticker-clean.jpg', 'windscreen-1600-rotated.jpg'].entries()) {
        const expected = manifest.find((f) => f.file === file)!.vin;
        const base64 = (await photo(file)).toString('base64');
        const res = await ocr(i % 2 === 0 ? `data:image/jpeg;base64,${base64}` : base64);
        expect(res).toMatchObject({ http: 200, status: 200, data: { vin: expected } });
      }
    },
    SLOW,
  );

  test(
    'a picture without text: status 404 and the message',
    async () => {
      const blank = manifest.find((f) => f.vin === null)!;
      const res = await ocr((await photo(blank.file)).toString('base64'));
      expect(res).toMatchObject({ http: 200, status: 404, msg: NO_VIN_IN_IMAGE_TEXT, data: null });
    },
    SLOW,
  );

  test(
    'a picture without a line of text is given up after the first four passes, not all twelve',
    async () => {
      const engine = new VinOcrEngine({ timeLimitMs: 60_000, maxWaitingPerCompany: 1 });
      try {
        const blank = manifest.find((f) => f.vin === null)!;
        expect(await engine.recognise(await photo(blank.file), 0)).toMatchObject({
          kind: 'none',
          passes: 4,
          timedOut: false,
        });
      } finally {
        await engine.close();
      }
    },
    SLOW,
  );

  test('data that is not an image, and pictures over 10 MB, are refused', async () => {
    const text = Buffer.from('这不是图片，只是一段文字').toString('base64');
    expect(await ocr(text)).toMatchObject({ status: 201, msg: NOT_AN_IMAGE_TEXT });
    expect(await ocr('###not base64###')).toMatchObject({ status: 201, msg: NOT_AN_IMAGE_TEXT });
    // A truncated JPEG: the header looks right, the picture cannot be read.
    const jpeg = await photo('plate-clean.jpg');
    expect(await ocr(jpeg.subarray(0, 20).toString('base64'))).toMatchObject({ status: 201, msg: NOT_AN_IMAGE_TEXT });
    // A PNG whose header is whole and whose pixels are not: it fails only when decoded for reading.
    const header = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const idat = header.indexOf('IDAT');
    const broken = Buffer.from(header);
    broken.fill(0x55, idat + 4, broken.indexOf('IEND') - 8);
    expect(await ocr(broken.toString('base64'))).toMatchObject({ status: 201, msg: NOT_AN_IMAGE_TEXT });

    // 11 MB: a real PNG padded past the limit (the size is checked before the picture is read);
    // far larger bodies are HTTP 413.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]);
    expect(await ocr(`data:image/png;base64,${big.toString('base64')}`)).toMatchObject({
      status: 201,
      msg: IMAGE_TOO_LARGE_TEXT,
    });
    const huge = Buffer.alloc(20 * 1024 * 1024).toString('base64');
    expect((await ocr(huge)).http).toBe(413);
  });
});
