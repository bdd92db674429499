import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { BrandVariant } from '@shop/core/brand-variants';
import { variantScriptHash } from './web';

/**
 * Security headers on every answer: a Content-Security-Policy the web app passes, no framing,
 * nosniff, a strict referrer policy. helmet writes them once at start; every request then gets the
 * same values (its host put into connect-src). @fastify/helmet builds helmet again for each
 * request, parsing the policy each time, which cost more CPU than the exact part lookup's own work.
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

/** Where the policy names the page's host (its WebSocket), filled in per request. */
const HOST_SLOT = '__shop_live_host__';

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
        connectSrc: ["'self'", `ws://${HOST_SLOT}`, `wss://${HOST_SLOT}`],
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
  // The headers are the same for every answer but for the host in connect-src: helmet writes them
  // once here, and each request gets them with its host (a malformed Host header gets 'self').
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: () => {},
  } as unknown as ServerResponse;
  applyHeaders({ headers: {} } as IncomingMessage, recorder, () => {});
  const csp = headers.get('Content-Security-Policy') ?? '';
  headers.delete('Content-Security-Policy');
  const fixed = [...headers];
  const withoutHost = csp.replaceAll(`wss://${HOST_SLOT}`, "'self'").replaceAll(`ws://${HOST_SLOT}`, "'self'");
  const policyByHost = new Map<string, string>();
  const policyFor = (host: string | undefined): string => {
    if (!host || !HOST.test(host)) return withoutHost;
    let policy = policyByHost.get(host);
    if (policy === undefined) {
      policy = csp.replaceAll(HOST_SLOT, host);
      // A handful of names reach one shop; a flood of made-up Host headers must not grow this.
      if (policyByHost.size >= 64) policyByHost.clear();
      policyByHost.set(host, policy);
    }
    return policy;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of fixed) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', policyFor(request.headers.host));
    done();
  });
});
