import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { buildApp } from '../src/app';

let app: FastifyInstance;
beforeAll(async () => {
  const database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  app = await buildApp({ config: loadConfig({}), database, closeDatabase: true, logger: false });
});
afterAll(() => app.close());

test('health', async () => {
  const res = await app.inject('/api/health');
  expect(res.json()).toMatchObject({ status: 200, data: { db: 'ok' } });
});
test('ping answers without the database', async () => {
  const res = await app.inject('/api/ping');
  expect(res.json()).toEqual({ status: 200, msg: 'success', data: 'pong' });
});
test('unknown api path', async () => {
  const res = await app.inject('/api/Shop.Nothing/here');
  expect(res.statusCode).toBe(404);
});
