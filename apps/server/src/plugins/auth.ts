import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { getBrandVariant } from '@shop/core/brand-variants';
import { ANONYMOUS, RequestContext, type DealerCaller } from '../platform/request-context';
import { resolveSession } from '../platform/sessions';

/**
 * The request context and the dealers' authentication. Every request gets `request.ctx`
 * (anonymous caller, the brand variant, the database). A dealer scope (`requireDealer(scope)`,
 * which the module registry calls for every controller declared `auth: 'dealer'`) checks the
 * login of each of its routes before the body is read, unless the route opts out with
 * `config: { public: true }`: the caller becomes the dealer (`request.ctx.caller`,
 * `request.auth`), or the answer is 101/102/401.
 */

/** The logged-in dealer (the name the services have long used for it). */
export type AuthContext = DealerCaller;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Checks the dealer's login (sets request.auth and request.ctx.caller or answers
     * 101/102/401); does nothing when the scope has already done it. Routes of a dealer scope do
     * not need it.
     */
    requireLogin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The request context: caller, variant, database, transaction. */
    ctx: RequestContext;
    /** The dealer of a route under a dealer scope (the same object as ctx.caller). */
    auth: DealerCaller;
  }
  interface FastifyContextConfig {
    /** A route of a dealer scope that needs no login. */
    public?: boolean;
  }
}

/** The token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  // An overlong value is still a token that was sent: it is looked up (and not found) as 102.
  return token.length > 0 ? token.slice(0, 200) : undefined;
}

/** Prepends a hook to a route's own ones (the scope's hooks have run before them). */
export function prependOnRequest(route: RouteOptions, hook: onRequestHookHandler): void {
  const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
  route.onRequest = [hook, ...own];
}

/** Every route registered under `scope` (its children included) needs a dealer's login unless `config.public`. */
export function requireDealer(scope: FastifyInstance): void {
  const check: onRequestHookHandler = async function dealerLogin(request) {
    await request.server.requireLogin(request);
  };
  scope.addHook('onRoute', (route: RouteOptions) => {
    if ((route.config as { public?: unknown } | undefined)?.public === true) return;
    prependOnRequest(route, check);
  });
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const variant = getBrandVariant(app.config.BRAND);
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.decorateRequest('auth', null as unknown as DealerCaller);
    app.addHook('onRequest', async (request) => {
      request.ctx = new RequestContext(ANONYMOUS, variant, app.db);
    });
    const limits = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };
    app.decorate('requireLogin', async (request: FastifyRequest) => {
      if (request.ctx.caller.kind === 'dealer') return;
      const dealer = await resolveSession(app.db, tokenFromRequest(request), limits);
      request.ctx.caller = dealer;
      request.auth = dealer;
    });
  },
  { name: 'shop-auth' },
);
