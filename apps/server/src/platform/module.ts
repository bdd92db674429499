import type { FastifyInstance, FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import { MODULE_OFF_TEXT, moduleEnabled, type BrandVariant, type ModuleFlag } from '@shop/core/brand-variants';
import type { Permission } from '@shop/core/staff-permissions';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Subscriber } from '../lib/events';
import type { Jobs } from '../lib/jobs';
import { registerShopController } from '../lib/shop-routes';
import { requireDealer } from '../plugins/auth';

/**
 * Server modules (docs/adding-a-module.md). A module declares its controllers, the variant flag
 * it needs, its event subscribers, its jobs and its admin routes; app.ts registers the list
 * (modules/index.ts). A module whose flag the brand has off keeps its routes, but every one of
 * them answers `{ status: 201, msg: '该功能未开通' }` (one hook on the module's scope), and its
 * subscribers and jobs do not run.
 */

/** Who may call a controller's routes: a logged-in dealer (default) or anyone. */
export type ControllerAuth = 'dealer' | 'public';

export interface ControllerDeclaration {
  /** A shop controller: served under /api/Shop.{controller} and /api/Shopv2.{controller}. */
  controller?: string;
  /** Or a path prefix of its own (e.g. '/api/Vin', '/media'). */
  prefix?: string;
  // Route plugins of any option type (fastify-type-provider-zod's included).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  routes: FastifyPluginAsync<any>;
  /**
   * 'dealer' (default): every route checks the dealer's login before its body is read, except
   * the routes with `config: { public: true }`. 'public': no route does.
   */
  auth?: ControllerAuth;
}

export interface JobDeclaration {
  name: string;
  intervalMs: number;
  /** The job's work, with the database and the server's configuration. */
  run: (db: Db, config: Config) => Promise<unknown>;
  /** The first look after start (default: after one check period). */
  firstAfterMs?: number;
}

export interface ModuleDeclaration {
  name: string;
  /** The variant flag the module needs (none: every brand has it). */
  flag?: ModuleFlag;
  controllers: readonly ControllerDeclaration[];
  /** Routes under /api/admin; each names its permission in `config.permission` (plugins/staff-auth.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  adminRoutes?: FastifyPluginAsync<any>;
  /** The staff permissions its admin routes check (for the back office's menus). */
  permissions?: readonly Permission[];
  subscribers?: readonly Subscriber[];
  jobs?: readonly JobDeclaration[];
  /**
   * What the module says once at start about the server's configuration (a production server
   * without a gateway it needs): once here, since a controller's routes are registered twice
   * (lib/shop-routes.ts).
   */
  startupWarnings?: (config: Config) => readonly string[];
}

export function defineModule(declaration: ModuleDeclaration): ModuleDeclaration {
  for (const c of declaration.controllers) {
    if ((c.controller === undefined) === (c.prefix === undefined)) {
      throw new Error(`module ${declaration.name}: a controller needs a controller name or a prefix, not both`);
    }
  }
  return declaration;
}

export const ADMIN_ROUTES_PREFIX = '/api/admin';

const moduleOff: onRequestHookHandler = async function moduleOff(_request, reply) {
  // A refusal, not the route's answer: written without the route's response schema (as plugins/errors.ts does).
  return reply.serializer(JSON.stringify).send({ status: 201, msg: MODULE_OFF_TEXT, data: null });
};

/** Registers every module's controllers and admin routes, each module in a scope of its own. */
export async function registerModules(
  app: FastifyInstance,
  modules: readonly ModuleDeclaration[],
  variant: BrandVariant,
): Promise<void> {
  const names = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`two modules named ${m.name}`);
    names.add(m.name);
    for (const warning of m.startupWarnings?.(app.config) ?? []) app.log.warn({ module: m.name }, warning);
    await app.register(async function moduleScope(scope) {
      if (!moduleEnabled(variant, m.flag)) scope.addHook('onRequest', moduleOff);
      for (const c of m.controllers) {
        await scope.register(async function controllerScope(controller) {
          if ((c.auth ?? 'dealer') === 'dealer') requireDealer(controller);
          if (c.controller !== undefined) await registerShopController(controller, c.controller, c.routes);
          else await controller.register(c.routes, { prefix: c.prefix });
        });
      }
      if (m.adminRoutes) await scope.register(m.adminRoutes, { prefix: ADMIN_ROUTES_PREFIX });
    });
  }
}

/** The subscribers of the modules the brand has. */
export function moduleSubscribers(modules: readonly ModuleDeclaration[], variant: BrandVariant): Subscriber[] {
  return modules.filter((m) => moduleEnabled(variant, m.flag)).flatMap((m) => m.subscribers ?? []);
}

/** Registers the jobs of the modules the brand has (each once per cluster, lib/jobs.ts). */
export function registerModuleJobs(
  jobs: Jobs,
  modules: readonly ModuleDeclaration[],
  variant: BrandVariant,
  database: Pick<Database, 'db'>,
  config: Config,
): void {
  for (const m of modules) {
    if (!moduleEnabled(variant, m.flag)) continue;
    for (const job of m.jobs ?? []) {
      jobs.every(job.name, job.intervalMs, () => job.run(database.db, config), { firstAfterMs: job.firstAfterMs });
    }
  }
}
