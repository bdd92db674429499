import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_VARIANTS } from '@shop/core/brand-variants';
import { VARIANT_PLACEHOLDER, variantScript, variantScriptHash } from '../src/plugins/web';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The back office as the server sends it (plugins/admin-web.ts) beside the dealer app: its own
 * index.html for every screen under /admin/, its files, the shop's security headers, and the
 * dealer app still answering everything else.
 */
describe('the back office under /admin/', () => {
  let t: TestApp;
  let webRoot = '';
  let adminRoot = '';
  const adminHead = '<html><head><title>汽配商城 · 后台管理</title>';
  const adminTail = '<script type="module" src="/admin/assets/index-a1.js"></script></head><body></body></html>';
  // As the server sends it: the brand variant script (the same as the shop's) in place of the placeholder.
  let adminIndex = '';
  const script = 'console.log("后台");\n'.repeat(100);

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webRoot, 'index.html'), `<html><head>${VARIANT_PLACEHOLDER}</head><body>dealer</body></html>`);
    adminRoot = mkdtempSync(join(tmpdir(), 'admin-dist-'));
    mkdirSync(join(adminRoot, 'assets'));
    writeFileSync(join(adminRoot, 'index.html'), `${adminHead}${VARIANT_PLACEHOLDER}${adminTail}`);
    writeFileSync(join(adminRoot, 'assets', 'index-a1.js'), script);
    writeFileSync(join(adminRoot, 'assets', 'index-a1.js.br'), brotliCompressSync(script));
    t = await createTestApp({ fixtures: false, env: { WEB_DIST: webRoot, ADMIN_DIST: adminRoot, BRAND: 'autoline' } });
    adminIndex = `${adminHead}<script>${variantScript(BRAND_VARIANTS.autoline)}</script>${adminTail}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(adminRoot, { recursive: true, force: true });
  });

  function expectShopHeaders(headers: Record<string, unknown>) {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }

  it('answers /admin/ with its own index.html and the shop security headers', async () => {
    const res = await t.app.inject({ url: '/admin/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(adminIndex);
    expect(res.body).toContain('"points":false');
    expectShopHeaders(res.headers);
    // The shop's policy allows the variant script by its hash (no 'unsafe-inline').
    expect(String(res.headers['content-security-policy'])).toContain(variantScriptHash(BRAND_VARIANTS.autoline));
  });

  it('answers every unknown screen under /admin/ with the same index.html', async () => {
    for (const url of ['/admin/x', '/admin/login?redirect=%2Forders', '/admin/orders/SO20260101000001']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, adminIndex]);
      expectShopHeaders(res.headers);
    }
  });

  it('sends its files (compressed when accepted), and its page at /admin too', async () => {
    const file = await t.app.inject({ url: '/admin/assets/index-a1.js', headers: { 'accept-encoding': 'br' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBe('br');
    expect(file.headers['cache-control']).toMatch(/immutable/);
    // A script is never a page: nosniff, without the page-only headers (plugins/web.ts).
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBeUndefined();

    const bare = await t.app.inject({ url: '/admin' });
    expect([bare.statusCode, bare.body]).toEqual([200, adminIndex]);
  });

  it('leaves the dealer app and the admin API as they were', async () => {
    const shop = await t.app.inject({ url: '/home' });
    expect(shop.body).toContain('dealer');
    expect(shop.body).toContain('window.__SHOP_VARIANT__=');
    const api = await t.app.inject({ url: '/api/admin/auth/me' });
    expect(api.statusCode).toBe(401);
    expect((api.json() as { status: number }).status).toBe(401);
  });
});
