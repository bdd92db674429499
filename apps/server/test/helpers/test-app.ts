import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { RealtimePluginOptions } from '../../src/realtime/socket';
import type { Database, Db } from '../../src/db/client';
import { createTestDatabase } from './test-database';
import { FIXTURE_ACCOUNTS, insertFixtures, TEST_PASSWORD, type FixtureAccountKey, type Fixtures } from './fixtures';

/**
 * The app on a fresh migrated database (PGlite in memory, or PostgreSQL when
 * TEST_DATABASE_URL is set) with the fixture companies and accounts:
 *
 *   const t = await createTestApp();
 *   afterAll(() => t.close());
 *   const token = await t.login('13800000001');
 *   const res = await t.app.inject({ url: '/api/Shop.User/info', headers: t.auth(token) });
 *
 * Create one per test file (in beforeAll); each has its own database.
 */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  fixtures: Fixtures;
  /** Logs in through the API (account name or phone) and returns the session token. */
  login(login: string, password?: string): Promise<string>;
  /** Logs in as a fixture account. */
  loginAs(account: FixtureAccountKey): Promise<string>;
  /** Headers that carry a token. */
  auth(token: string): { authorization: string };
  /** `app.inject` with the token of a fixture account (logged in once per account and kept). */
  injectAs(account: FixtureAccountKey, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides for the configuration (e.g. { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' }). */
  env?: Record<string, string | undefined>;
  /** Insert the fixture companies and accounts (default true). */
  fixtures?: boolean;
  /** Structured logs (default off), or written into a stream (with env LOG_LEVEL). */
  logger?: boolean | { stream: DestinationStream };
  /** Runs before the app is ready, e.g. to register extra test routes. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * The live sockets' hub: a Redis channel of this app's own unless given (test files share one
   * Redis in CI; two apps that should reach each other pass the same), the keep-alive period.
   */
  realtime?: RealtimePluginOptions;
  /** Sees every route as the app registers it. */
  onRoute?: BuildAppOptions['onRoute'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, dispose } = await createTestDatabase();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'silent',
      DEMO_DATA: '0',
      REDIS_URL: process.env.REDIS_URL,
      ...options.env,
    });
    const fixtures =
      options.fixtures === false
        ? ({ companies: {}, accounts: {} } as unknown as Fixtures)
        : await insertFixtures(database.db);
    const app = await buildApp({
      config,
      database,
      closeDatabase: false,
      logger: options.logger ?? false,
      realtime: { channel: `shop-live-test:${randomUUID()}`, ...options.realtime },
      // Test files share one Redis in CI and send from one address: each app counts on its own.
      rateLimit: { nameSpace: `shop-rate-limit-test:${randomUUID()}:` },
      onRoute: options.onRoute,
    });
    await options.beforeReady?.(app);
    await app.ready();

    const login = async (name: string, password = TEST_PASSWORD): Promise<string> => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/Shop.User/login',
        payload: { username: name, password },
      });
      const body = res.json() as { status: number; msg: string; data: { token: string } | null };
      if (body.status !== 200 || !body.data) throw new Error(`login of ${name} failed: ${res.statusCode} ${res.body}`);
      return body.data.token;
    };
    const tokens = new Map<FixtureAccountKey, Promise<string>>();
    const loginAs = (account: FixtureAccountKey) => login(FIXTURE_ACCOUNTS[account].phone);
    const auth = (token: string) => ({ authorization: token });

    return {
      app,
      db: database.db,
      database,
      config,
      fixtures,
      login,
      loginAs,
      auth,
      async injectAs(account, injectOptions) {
        if (!tokens.has(account)) tokens.set(account, loginAs(account));
        const token = await tokens.get(account)!;
        return app.inject({ ...injectOptions, headers: { ...injectOptions.headers, ...auth(token) } });
      },
      async close() {
        try {
          await app.close();
        } finally {
          await dispose();
        }
      },
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}
