import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { BrandVariant } from '@shop/core/brand-variants';
import { variantScriptHash } from './web';

/**
 * Security headers on every answer: a Content-Security-Policy the web app passes, no framing,
 * nosniff, a strict referrer policy. helmet's middleware is built once here and run on every
 * request: @fastify/helmet builds it again for each request (parsing the policy each time), which
 * cost more CPU than the whole exact part lookup's own work.
 *
 * - Scripts: our own files, and the one inline script of index.html (the brand variant) by its hash.
 * - Styles: antd's CSS-in-JS inserts <style> elements and some components set style attributes
 *   (a nonce does not cover those), so inline styles are allowed; inline scripts are not.
 * - Images and media: ours (/media), the brand's image host if any, data: and blob: (previews of
 *   a file being uploaded).
 * - Connections: this origin, and its WebSocket (/ws) over ws: or wss:.
 * /api/docs (Swagger UI) sets its own policy (app.ts).
 */
const HOST = /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i;

/** ws:// and wss:// of the host the page was asked from (nothing for a malformed Host header). */
const sameHostSocket = (scheme: 'ws' | 'wss') => (req: IncomingMessage) => {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `${scheme}://${host}` : "'self'";
};

/** The origin of the brand's image host, when it has one. */
function imageOrigins(variant: BrandVariant): string[] {
  if (!variant.imageHost) return [];
  try {
    return [new URL(variant.imageHost).origin];
  } catch {
    return [];
  }
}

/**
 * The headers of an answer given before routing (a URL the router cannot read, see
 * `frameworkErrors`), where helmet's hook does not run: JSON that nothing may run or frame.
 */
export const UNROUTED_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

export default fp<{ variant: BrandVariant }>(async function securityHeaders(app: FastifyInstance, opts) {
  const images = imageOrigins(opts.variant);
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", variantScriptHash(opts.variant)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...images],
        mediaSrc: ["'self'", 'blob:', ...images],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", sameHostSocket('ws'), sameHostSocket('wss')],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The site is also served on plain HTTP inside company networks; HSTS only on HTTPS answers.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
