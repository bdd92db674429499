import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BrandVariant } from '@shop/core/brand-variants';
import { indexSender, serveBuiltFiles, VARIANT_PLACEHOLDER, variantScript } from './web';

/**
 * Serves the built back office (apps/admin) under /admin/: its files, and its own index.html for
 * /admin and every other GET under /admin/ (its router shows the screen or its own 404). Its
 * index.html gets the same brand variant script as the shop's (plugins/web.ts), so the menu and
 * the routes leave out the modules the brand has off; the shop's Content-Security-Policy
 * (plugins/security-headers.ts, on every answer) already allows that script by its hash.
 * Registered before the dealer app (plugins/web.ts), whose catch-all would otherwise answer
 * /admin with the shop.
 */
export const ADMIN_PATH = '/admin/';

export default fp<{ root: string; variant: BrandVariant }>(async function adminWebPlugin(app: FastifyInstance, opts) {
  const indexFile = join(opts.root, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn({ root: opts.root }, 'back office not built; /admin/ answers 404');
  const indexHtml = built
    ? readFileSync(indexFile, 'utf8').replace(VARIANT_PLACEHOLDER, `<script>${variantScript(opts.variant)}</script>`)
    : '';

  if (built) await serveBuiltFiles(app, opts.root, ADMIN_PATH);
  const sendIndex = built
    ? indexSender(indexHtml)
    : (_: unknown, reply: FastifyReply) =>
        reply.code(404).type('text/plain; charset=utf-8').send('后台管理未构建（npm run build）');

  app.get(ADMIN_PATH, { schema: { hide: true } }, sendIndex);
  app.get(`${ADMIN_PATH}*`, { schema: { hide: true } }, sendIndex);
});
