import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BrandVariant } from '@shop/core/brand-variants';

/**
 * Serves the built web app. index.html gets the brand variant injected at run time, so one
 * build serves every brand; every unknown GET outside /api answers index.html (the SPA router
 * shows /404 itself). Scripts and styles go out as the brotli or gzip copy the build made
 * (apps/web/build/precompress.ts) when the browser accepts it.
 */
export const VARIANT_PLACEHOLDER = '<!--shop-variant-->';

function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The inline script index.html gets, which gives the app its brand variant. The
 * Content-Security-Policy allows exactly this script by its hash (plugins/security-headers.ts).
 */
export function variantScript(variant: BrandVariant): string {
  return `window.__SHOP_VARIANT__=${escapeJsonForHtml(variant)}`;
}

/** The CSP source that allows `variantScript(variant)`: 'sha256-...'. */
export function variantScriptHash(variant: BrandVariant): string {
  return `'sha256-${createHash('sha256').update(variantScript(variant), 'utf8').digest('base64')}'`;
}

/**
 * Headers of the security plugin (plugins/security-headers.ts) that only a document uses: a
 * script or style sheet is never rendered as a page, so its answer goes without them (they made
 * up most of the bytes of a small chunk). nosniff and the resource policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Built scripts and styles: their names carry their content's hash. */
const HASHED_CODE = /\/assets\/[^/]+\.(js|css)(\.br|\.gz)?$/;

/** Brand pictures (public/brand): their names do not change with their content. */
const BRAND_PICTURE = /\/brand\/[^/]+$/;
const BRAND_MAX_AGE = 'public, max-age=604800';

/**
 * The files of a built app (`vite build`'s folder) under `prefix`: hashed assets cached for a
 * year (immutable), brand pictures for a week, the rest for five minutes (index.html is never
 * cached, indexSender); the brotli or gzip copy when the browser accepts it.
 */
export async function serveBuiltFiles(app: FastifyInstance, root: string, prefix?: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    ...(prefix ? { prefix, decorateReply: false } : {}),
    index: false,
    wildcard: false,
    preCompressed: true,
    maxAge: '1y',
    immutable: true,
    setHeaders(res, path) {
      if (HASHED_CODE.test(path)) {
        for (const name of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(name);
      } else if (BRAND_PICTURE.test(path)) {
        res.header('cache-control', BRAND_MAX_AGE);
      } else if (!path.includes('/assets/')) {
        res.header('cache-control', 'public, max-age=300');
      }
    },
  });
}

/** A handler answering an app's index.html, never cached (it names the current assets). */
export function indexSender(indexHtml: string) {
  return (_: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
}

export default fp<{ root: string; variant: BrandVariant }>(async function webPlugin(app: FastifyInstance, opts) {
  const indexFile = join(opts.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root: opts.root }, 'web app not built; only the API is served');
    return;
  }
  const script = `<script>${variantScript(opts.variant)}</script>`;
  const indexHtml = readFileSync(indexFile, 'utf8').replace(VARIANT_PLACEHOLDER, script);

  await serveBuiltFiles(app, opts.root);
  const sendIndex = indexSender(indexHtml);

  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.code(404).send({ status: 404, msg: `接口不存在：${request.method} ${path}`, data: null });
    }
    // Files that exist were answered by the static handler registered for them.
    return sendIndex(request, reply);
  });
});
