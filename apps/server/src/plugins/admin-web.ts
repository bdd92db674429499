import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built back office (apps/admin) under /admin/: its files, and its own index.html for
 * every other GET under /admin/ and for /admin itself (its router shows the screen or its own 404). It carries no brand
 * variant script: the staff app needs none, so the shop's Content-Security-Policy
 * (plugins/security-headers.ts, on every answer) covers it as it is. Registered before the
 * dealer app (plugins/web.ts), whose catch-all would otherwise answer /admin with the shop.
 */
export const ADMIN_PATH = '/admin/';

export default fp<{ root: string }>(async function adminWebPlugin(app: FastifyInstance, opts) {
  const indexFile = join(opts.root, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn({ root: opts.root }, 'back office not built; /admin/ answers 404');
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : '';

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.root,
      prefix: ADMIN_PATH,
      decorateReply: false,
      index: false,
      wildcard: false,
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders(res, path) {
        if (!path.includes('/assets/')) res.header('cache-control', 'public, max-age=300');
      },
    });
  }

  const sendIndex = (_: unknown, reply: FastifyReply) =>
    built
      ? reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml)
      : reply.code(404).type('text/plain; charset=utf-8').send('后台管理未构建（npm run build）');

  app.get(ADMIN_PATH, { schema: { hide: true } }, sendIndex);
  app.get(`${ADMIN_PATH}*`, { schema: { hide: true } }, sendIndex);
});
