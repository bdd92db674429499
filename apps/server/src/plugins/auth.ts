import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../modules/user/sessions';

/** The logged-in caller, set by `app.requireLogin`. Every query is scoped by companyId. */
export interface AuthContext {
  sessionId: number;
  /** The account (subuser_id). */
  accountId: number;
  companyId: number;
  /** Main account of the company (is_main). */
  isMain: boolean;
  /** Purchase account (is_purchase). */
  isPurchase: boolean;
  /** Regional account with the Beijing warehouse (is_regional_warehouse). */
  isRegionalWarehouse: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a login: sets request.auth or answers 101/102/401. */
    requireLogin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext;
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

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null as unknown as AuthContext);
  const limits = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };
  app.decorate('requireLogin', async (request: FastifyRequest) => {
    request.auth = await resolveSession(app.db, tokenFromRequest(request), limits);
  });
});
