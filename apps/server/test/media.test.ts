import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { PART_KINDS } from '../src/demo/definitions/categories';
import { MAKES } from '../src/demo/definitions/vehicles';
import { generateDemoData } from '../src/demo/generate';
import { BANNER_COUNT, PART_PICTURE_VARIANTS } from '../src/modules/media/pictures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixtures: false });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

function expectSvg(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
  expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(res.body.endsWith('</svg>')).toBe(true);
}

describe('pictures', () => {
  test('a part picture is an SVG with the part name, the same every time', async () => {
    const a = await get('/media/parts/brake-pad-1.svg');
    expectSvg(a);
    expect(a.body).toContain('刹车片');
    expect((await get('/media/parts/brake-pad-1.svg')).body).toBe(a.body);
    expect((await get('/media/parts/brake-pad-2.svg')).body).not.toBe(a.body);
  });

  test('every part kind has its pictures', async () => {
    for (const kind of PART_KINDS) {
      for (let n = 1; n <= PART_PICTURE_VARIANTS; n++) {
        const res = await get(`/media/parts/${kind.slug}-${n}.svg`);
        expect(res.statusCode, `${kind.slug}-${n}`).toBe(200);
      }
    }
  });

  test('banners, vehicles and the activity badge', async () => {
    for (let n = 1; n <= BANNER_COUNT; n++) expectSvg(await get(`/media/banners/${n}.svg`));
    expect((await get('/media/banners/1.svg')).body).toContain('新品上市');
    for (const make of MAKES) {
      for (let n = 1; n <= make.series.length; n++) expectSvg(await get(`/media/vehicles/${make.slug}-${n}.svg`));
    }
    expect((await get('/media/vehicles/bmw-2.svg')).body).toContain('宝马 5系');
    expectSvg(await get('/media/activity/1.svg'));
  });

  test.each([
    '/media/parts/brake-pad-0.svg',
    '/media/parts/brake-pad-7.svg',
    '/media/parts/no-such-part-1.svg',
    '/media/parts/brake-pad-1.png',
    '/media/parts/brake-pad.svg',
    '/media/parts/..%2F..%2Fpackage.json',
    '/media/parts/BRAKE-PAD-1.svg',
    `/media/parts/${'a'.repeat(120)}-1.svg`,
    '/media/banners/0.svg',
    '/media/banners/99.svg',
    '/media/banners/x.svg',
    '/media/vehicles/benz-99.svg',
    '/media/vehicles/lada-1.svg',
    '/media/activity/2.svg',
    '/media/nothing/1.svg',
  ])('%s is not found', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });
});

describe('videos', () => {
  test('the banner video is served with ranges and caching', async () => {
    const res = await get('/media/video/banner-promo.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const part = await get('/media/video/banner-promo.mp4', { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
  });

  test.each(['/media/video/missing.mp4', '/media/video/README.md', '/media/video/..%2F..%2Fpackage.json'])(
    '%s is not found',
    async (url) => {
      expect((await get(url)).statusCode).toBe(404);
    },
  );
});

test('every picture the demo data points at exists', async () => {
  await generateDemoData(t.db, { parts: 300, brand: t.config.BRAND, seed: 3 });
  const paths = (
    await t.db.execute<{ path: string }>(sql`
      select distinct pic as path from products
      union select picture from banners
      union select pic from vehicle_series union select pic from vehicle_models
      union select activity_flag_image from accounts where activity_flag_image <> ''`)
  ).rows.map((r) => r.path);
  expect(paths.length).toBeGreaterThan(50);
  for (const path of paths) expect((await get(path)).statusCode, path).toBe(200);
});
