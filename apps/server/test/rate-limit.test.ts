import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import errorsPlugin from '../src/plugins/errors';
import rateLimitPlugin from '../src/plugins/rate-limit';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The general per-address limit (plugins/rate-limit.ts), in memory or on Redis when REDIS_URL is set. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixtures: false });
});
afterAll(() => t.close());

const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;

async function smallLimitApp(redisUrl: string | undefined) {
  const app = Fastify();
  app.decorate('config', loadConfig({ REDIS_URL: redisUrl }));
  await app.register(errorsPlugin);
  // A window long enough that it cannot roll over during the test; a random address keeps Redis runs apart.
  await app.register(rateLimitPlugin, { max: 3, timeWindowMs: 10 * 60_000, redisUrl });
  app.get('/api/ping', async () => ({ status: 200, msg: 'success', data: null }));
  app.get('/static.js', async () => 'ok');
  return app;
}

for (const store of ['memory', 'redis'] as const) {
  const redisUrl = store === 'redis' ? process.env.REDIS_URL : undefined;
  test.skipIf(store === 'redis' && !redisUrl)(`over the limit answers 429 with the envelope (${store})`, async () => {
    const app = await smallLimitApp(redisUrl);
    try {
      const remoteAddress = randomAddress();
      for (let i = 0; i < 3; i++) {
        expect((await app.inject({ url: '/api/ping', remoteAddress })).statusCode).toBe(200);
      }
      const res = await app.inject({ url: '/api/ping', remoteAddress });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ status: 429, msg: '请求过于频繁，请稍后再试', data: null });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is counted on its own; files outside /api are not counted.
      expect((await app.inject({ url: '/api/ping', remoteAddress: randomAddress() })).statusCode).toBe(200);
      expect((await app.inject({ url: '/static.js', remoteAddress })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
}

test('the app counts API requests per address', async () => {
  const res = await t.app.inject({ url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThanOrEqual(600);
  expect(res.headers['x-ratelimit-remaining']).toBeDefined();
});
