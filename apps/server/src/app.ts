import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBrandVariant } from '@shop/core/brand-variants';
import type { Config } from './config';
import type { Database } from './db/client';
import { sql } from 'drizzle-orm';
import dbPlugin from './plugins/db';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import requestGuard from './plugins/request-guard';
import securityHeaders from './plugins/security-headers';
import { clientRequestId, loggerOptions, RequestLogController } from './lib/logging';
import authPlugin from './plugins/auth';
import staffAuthPlugin from './plugins/staff-auth';
import adminWebPlugin from './plugins/admin-web';
import webPlugin from './plugins/web';
import { createSerializerCompiler } from './lib/serializer';
import rateLimitPlugin, { type RateLimitOptions } from './plugins/rate-limit';
import { envelope, ok } from './lib/envelope';
import { MODULES } from './modules';
import { registerModules, type ModuleDeclaration } from './platform/module';
import multipartPlugin from './plugins/multipart';
import uploadsPlugin from './uploads/plugin';
import realtimePlugin, { type RealtimePluginOptions } from './realtime/socket';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Close the database when the app closes (the server does; tests sharing one do not). */
  closeDatabase?: boolean;
  /** Structured logs at config.LOG_LEVEL (default), none (tests pass false), or into `stream`. */
  logger?: boolean | { stream: DestinationStream };
  /** The modules to serve (default: every module of the shop, modules/index.ts). */
  modules?: readonly ModuleDeclaration[];
  /** The live sockets' hub (realtime/socket.ts): its Redis channel and keep-alive, for tests. */
  realtime?: RealtimePluginOptions;
  /** The general request limit (plugins/rate-limit.ts): tests give each app its own Redis counters. */
  rateLimit?: RateLimitOptions;
  /** Sees every route as it is registered (tests list the routes with their schemas). */
  onRoute?: (route: RouteOptions) => void;
}

/** Largest JSON or form body accepted (uploads go through multipart with their own limits). */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const variant = getBrandVariant(config.BRAND);
  const headersTimeout = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions({
            level: config.LOG_LEVEL,
            stream: typeof options.logger === 'object' ? options.logger.stream : undefined,
          }),
    logController: new RequestLogController(config.LOG_SLOW_REQUEST_MS),
    // Our own id for every request, never the client's (that one is logged apart, shortened).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    childLoggerFactory(logger, bindings, childOptions, rawRequest) {
      const clientId = clientRequestId(rawRequest);
      return logger.child(clientId ? { ...bindings, clientReqId: clientId } : bindings, childOptions);
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      // How often Node looks for requests past their time (its default, 30 s, would stretch them).
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(config.NODE_ENV !== 'production'));
  // POST bodies may be JSON, multipart or urlencoded (design.md section 4).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.decorate('config', config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(requestGuard);
  await app.register(securityHeaders, { variant });
  await app.register(dbPlugin, { database: options.database, closeWithApp: options.closeDatabase ?? false });
  await app.register(rateLimitPlugin, options.rateLimit ?? {});
  // The live socket at /ws and the hub every process's pushes go through (app.realtime).
  await app.register(realtimePlugin, options.realtime ?? {});
  await app.register(multipartPlugin);
  await app.register(uploadsPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '汽配商城 API', version: '1.0.3' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Its own CSP (with the hashes of its inline parts), on plain HTTP too.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  await app.register(authPlugin);
  await app.register(staffAuthPlugin);

  // Hello world of this server (no database): the benchmarks' baseline (tools/bench/baseline.ts).
  app.get(
    '/api/ping',
    { schema: { summary: 'Answers without the database', response: { 200: envelope(z.literal('pong')) } } },
    async () => ok('pong' as const),
  );

  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Health check (database included)',
        response: {
          200: envelope(z.object({ db: z.literal('ok'), driver: z.string(), brand: z.string() })),
          503: envelope(z.null()),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 503, msg: '数据库不可用', data: null });
      }
      return ok({ db: 'ok' as const, driver: options.database.driver, brand: config.BRAND });
    },
  );

  // Every module's controllers, admin routes and switch (platform/module.ts, modules/index.ts).
  await registerModules(app, options.modules ?? MODULES, variant);

  const adminRoot = config.ADMIN_DIST ?? fileURLToPath(new URL('../../admin/dist', import.meta.url));
  await app.register(adminWebPlugin, { root: adminRoot, variant });
  const webRoot = config.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  await app.register(webPlugin, { root: webRoot, variant });

  return app;
}
