import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrandVariant } from '@shop/core/brand-variants';
import webPlugin, { VARIANT_PLACEHOLDER } from '../src/plugins/web';

/** The built web app as the server sends it (plugins/web.ts), on a folder made like `vite build`'s. */
describe('web app files', () => {
  const script = 'console.log("汽配商城");\n'.repeat(200);
  let root = '';
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), `<html><head>${VARIANT_PLACEHOLDER}</head><body></body></html>`);
    writeFileSync(join(root, 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(root, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
    writeFileSync(join(root, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
    mkdirSync(join(root, 'brand'));
    writeFileSync(join(root, 'brand', 'frey-logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    await app.register(webPlugin, { root, variant: getBrandVariant('frey') });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy of a script to a browser that accepts it', async () => {
    const res = await get('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the gzip copy when only gzip is accepted, and the file itself otherwise', async () => {
    const gzip = await get('/assets/app-1a2b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('caches hashed scripts for a year, brand pictures for a week, other files briefly, index.html never', async () => {
    expect((await get('/assets/app-1a2b.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/brand/frey-logo.svg')).headers['cache-control']).toBe('public, max-age=604800');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/home')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a screen of the app with index.html carrying the brand', async () => {
    const res = await get('/parts/result?keyword=A0004200420', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('window.__SHOP_VARIANT__=');
    expect(res.body).not.toContain(VARIANT_PLACEHOLDER);
  });
});
