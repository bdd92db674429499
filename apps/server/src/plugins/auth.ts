import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The logged-in caller, set by `app.requireLogin`. Every query is scoped by companyId. */
export interface AuthContext {
  sessionId: number;
  accountId: number;
  companyId: number;
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

// TODO(helper: accounts): verify the Authorization token against the sessions table.
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorate('requireLogin', async () => {
    throw new Error('auth plugin not implemented yet');
  });
});
