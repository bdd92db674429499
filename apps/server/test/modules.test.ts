import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getBrandVariant, MODULE_OFF_TEXT, type BrandKey } from '@shop/core/brand-variants';
import { insertDemoStaff } from '../src/demo/staff';
import { ok } from '../src/lib/envelope';
import { refuse } from '../src/lib/errors';
import type { Jobs } from '../src/lib/jobs';
import { MODULES } from '../src/modules';
import {
  defineModule,
  moduleSubscribers,
  registerModuleJobs,
  registerModules,
  type ModuleDeclaration,
} from '../src/platform/module';
import { body } from './helpers/api';
import { TEST_PASSWORD, testPasswordHash } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Modules switched per brand (platform/module.ts) and the request context: a tiny module
 * flagged 'points' is off under partsky (every module off) and on under frey (every module on).
 */
const whoAmI = (request: { ctx: { caller: { kind: string }; variant: { key: string } } }) => ({
  caller: request.ctx.caller.kind,
  brand: request.ctx.variant.key,
});

const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/balance', async (request) => ok({ ...whoAmI(request), companyId: request.auth.companyId }));
  app.get('/rules', { config: { public: true } }, async (request) => ok(whoAmI(request)));
  app.post(
    '/earn',
    { schema: { body: z.object({ points: z.number().int().positive(), fail: z.boolean() }) } },
    (request) =>
      request.ctx.transaction(async (tx, emit) => {
        const { companyId } = request.ctx.dealer;
        emit({ type: 'points.test_earned', companyId, points: request.body.points } as {
          type: string;
          companyId: number;
        });
        await tx.execute(sql`select 1`);
        if (request.body.fail) refuse('积分发放失败');
        return ok({ earned: request.body.points });
      }),
  );
};

const pointsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/banner', async (request) => ok(whoAmI(request)));
};

const pointsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/points-test/who', { config: { permission: 'staff' } }, async (request) => ok(whoAmI(request)));
};

const subscriber = { name: 'points-test', types: ['points.test_earned'], handle: async () => {} };

const pointsModule = defineModule({
  name: 'points-test',
  flag: 'points',
  controllers: [
    { controller: 'PointsTest', routes: pointsRoutes },
    { prefix: '/api/PointsTestPublic', routes: pointsPublicRoutes, auth: 'public' },
  ],
  adminRoutes: pointsAdminRoutes,
  subscribers: [subscriber],
  jobs: [{ name: 'points-test-expiry', intervalMs: 60_000, run: async () => {} }],
});

const plainModule = defineModule({
  name: 'plain-test',
  controllers: [{ controller: 'PlainTest', routes: pointsPublicRoutes, auth: 'public' }],
});

/** The app of `brand` with the test modules for one describe block: built before its tests, closed after. */
function useAppFor(brand: BrandKey): { t: TestApp } {
  const running = {} as { t: TestApp };
  beforeAll(async () => {
    running.t = await createTestApp({
      env: { BRAND: brand },
      beforeReady: (fastify) => registerModules(fastify, [pointsModule, plainModule], getBrandVariant(brand)),
    });
  }, 60_000);
  afterAll(() => running.t?.close());
  return running;
}

async function staffToken(t: TestApp): Promise<string> {
  await insertDemoStaff(t.db, await testPasswordHash());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { login: 'admin', password: TEST_PASSWORD },
  });
  return body<{ token: string }>(res).data.token;
}

async function testEvents(t: TestApp): Promise<number> {
  const rows = (await t.db.execute(sql`select count(*)::int as n from domain_events where type = 'points.test_earned'`))
    .rows as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}

const OFF = { status: 201, msg: MODULE_OFF_TEXT, data: null };

describe('a module the brand has off (partsky)', () => {
  const partsky = useAppFor('partsky');

  it('answers 201 该功能未开通 on every route, logged in or not, whatever the body, on both path forms', async () => {
    const answers = await Promise.all([
      partsky.t.injectAs('aMain', { url: '/api/Shop.PointsTest/balance' }),
      partsky.t.app.inject({ url: '/api/Shop.PointsTest/balance' }),
      partsky.t.app.inject({ url: '/api/Shopv2.PointsTest/rules' }),
      partsky.t.app.inject({ method: 'POST', url: '/api/Shop.PointsTest/earn', payload: { points: 'x' } }),
      partsky.t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.PointsTest/earn',
        payload: { points: 5, fail: false },
      }),
      partsky.t.app.inject({ url: '/api/PointsTestPublic/banner' }),
      partsky.t.app.inject({ url: '/api/admin/points-test/who' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(OFF);
    }
    expect(await testEvents(partsky.t)).toBe(0);
  });

  it('a module without a flag and the shop’s own modules still answer', async () => {
    expect(body(await partsky.t.app.inject({ url: '/api/Shop.PlainTest/banner' })).data).toEqual({
      caller: 'anonymous',
      brand: 'partsky',
    });
    expect(body(await partsky.t.injectAs('aMain', { url: '/api/Shop.Cart/count' })).status).toBe(200);
  });

  it('leaves out the subscribers and jobs of a module that is off', () => {
    const names: string[] = [];
    const jobs = { every: (name: string) => names.push(name) } as unknown as Jobs;
    const variant = getBrandVariant('partsky');
    registerModuleJobs(jobs, [pointsModule, ...MODULES], variant, { db: partsky.t.db }, partsky.t.config);
    expect(names).not.toContain('points-test-expiry');
    expect(names).toContain('search-log-rollup');
    expect(moduleSubscribers([pointsModule, ...MODULES], variant)).not.toContain(subscriber);
  });
});

describe('the same module where the brand has it (frey)', () => {
  const frey = useAppFor('frey');

  it('serves its routes with the caller in the request context', async () => {
    const res = await frey.t.injectAs('aMain', { url: '/api/Shop.PointsTest/balance' });
    expect(body(res)).toMatchObject({
      status: 200,
      data: { caller: 'dealer', brand: 'frey', companyId: frey.t.fixtures.companies.a.id },
    });
    expect(body(await frey.t.app.inject({ url: '/api/Shopv2.PointsTest/rules' })).data).toEqual({
      caller: 'anonymous',
      brand: 'frey',
    });
    expect(body(await frey.t.app.inject({ url: '/api/PointsTestPublic/banner' })).data).toEqual({
      caller: 'anonymous',
      brand: 'frey',
    });
  });

  it('checks the login once for the controller: every route but the public one, before the body is validated', async () => {
    expect(body(await frey.t.app.inject({ url: '/api/Shop.PointsTest/balance' })).status).toBe(401);
    const badBody = await frey.t.app.inject({
      method: 'POST',
      url: '/api/Shop.PointsTest/earn',
      payload: { points: 'x' },
    });
    expect(body(badBody).status).toBe(401);
    const invalid = await frey.t.app.inject({
      url: '/api/Shop.PointsTest/balance',
      headers: { authorization: 'no-such-token' },
    });
    expect(body(invalid).status).toBe(102);
    const loggedInBadBody = await frey.t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.PointsTest/earn',
      payload: { points: 'x' },
    });
    expect(loggedInBadBody.statusCode).toBe(400);
  });

  it('a staff member is the caller of an admin route; a dealer token is not a staff session', async () => {
    const token = await staffToken(frey.t);
    const res = await frey.t.app.inject({ url: '/api/admin/points-test/who', headers: { authorization: token } });
    expect(body(res).data).toEqual({ caller: 'staff', brand: 'frey' });
    expect((await frey.t.injectAs('aMain', { url: '/api/admin/points-test/who' })).statusCode).toBe(401);
  });

  it('ctx.transaction publishes the emitted events when it commits and none when it rolls back', async () => {
    const before = await testEvents(frey.t);
    const refused = await frey.t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.PointsTest/earn',
      payload: { points: 5, fail: true },
    });
    expect(body(refused)).toMatchObject({ status: 201, msg: '积分发放失败' });
    expect(await testEvents(frey.t)).toBe(before);
    const done = await frey.t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.PointsTest/earn',
      payload: { points: 5, fail: false },
    });
    expect(body(done)).toMatchObject({ status: 200, data: { earned: 5 } });
    expect(await testEvents(frey.t)).toBe(before + 1);
  });

  it('registers the subscribers and jobs of a module the brand has', () => {
    const names: string[] = [];
    const jobs = { every: (name: string) => names.push(name) } as unknown as Jobs;
    registerModuleJobs(jobs, [pointsModule], getBrandVariant('frey'), { db: frey.t.db }, frey.t.config);
    expect(names).toEqual(['points-test-expiry']);
    expect(moduleSubscribers([pointsModule], getBrandVariant('frey'))).toContain(subscriber);
  });
});

describe('module declarations', () => {
  it('every shop module is declared once', () => {
    const names = MODULES.map((m: ModuleDeclaration) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('a controller names a shop controller or a prefix', () => {
    expect(() => defineModule({ name: 'x', controllers: [{ routes: pointsPublicRoutes }] })).toThrow();
  });
});
