import { brotliCompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { VARIANT_PLACEHOLDER } from '../src/plugins/web';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Security headers on the web app's page, its files and the API: a Content-Security-Policy
 * that allows the page's one inline script (the brand variant) by its hash and nothing else
 * inline, no framing, nosniff, a strict referrer policy. The browser run (e2e) shows the app
 * works under it.
 */
let t: TestApp;
let root = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    `<html><head>${VARIANT_PLACEHOLDER}<script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(join(root, 'assets', 'app.js.br'), brotliCompressSync('console.log(1);'));
  t = await createTestApp({ fixtures: false, env: { WEB_DIST: root, BRAND: 'frey' } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('script-src') ?? csp.get('default-src')).not.toContain("'unsafe-inline'");
}

test('the page allows its one inline script by hash and no other inline script', async () => {
  const res = await t.app.inject({ url: '/home', headers: { host: 'shop.example.com:8080' } });
  expect(res.statusCode).toBe(200);
  expectCommonHeaders(res.headers);
  const inline = /<script>([^<]*)<\/script>/.exec(res.body)?.[1];
  expect(inline).toContain('window.__SHOP_VARIANT__=');
  const hash = `'sha256-${createHash('sha256').update(inline!, 'utf8').digest('base64')}'`;
  const csp = directives(res.headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'", hash]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(csp.get('connect-src')).toEqual(["'self'", 'ws://shop.example.com:8080', 'wss://shop.example.com:8080']);
});

test('each answer names its own host in connect-src, however many hosts ask in turn', async () => {
  for (const host of ['a.example.com', 'b.example.com:81', 'a.example.com', '[::1]:3000']) {
    const res = await t.app.inject({ url: '/home', headers: { host } });
    expect(directives(res.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      `ws://${host}`,
      `wss://${host}`,
    ]);
  }
});

test('a malformed Host header does not reach the policy', async () => {
  const res = await t.app.inject({ url: '/home', headers: { host: "evil; script-src 'unsafe-inline'" } });
  const csp = directives(res.headers['content-security-policy']);
  expect(csp.get('connect-src')).toEqual(["'self'", "'self'", "'self'"]);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
});

test('API answers, errors and pages at any path carry the headers too', async () => {
  // An unknown file under /assets answers index.html: a page, with every header.
  for (const url of ['/api/health', '/api/Shop.Nothing/here', '/assets/missing.js', '/api/Shop.Cart/getList%']) {
    const res = await t.app.inject({ url });
    expectCommonHeaders(res.headers);
  }
});

test('a built script goes without the headers only a page uses, keeping nosniff', async () => {
  for (const encoding of ['identity', 'br']) {
    const res = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection']) {
      expect(res.headers[name]).toBeUndefined();
    }
  }
});

test('the API docs page has its own policy without upgrade-insecure-requests', async () => {
  const res = await t.app.inject({ url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  const csp = directives(res.headers['content-security-policy']);
  expect(csp.get('script-src')?.[0]).toBe("'self'");
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});
