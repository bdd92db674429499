import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { $ZodType } from 'zod/v4/core';
import { compileProjection } from '../src/lib/serializer';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('response projections of the app', () => {
  let t: TestApp;
  const seen = { routes: [] as RouteOptions[] };
  beforeAll(async () => {
    // Production: every response schema's projection is compiled as the app starts.
    t = await createTestApp({
      env: { NODE_ENV: 'production' },
      fixtures: false,
      onRoute: (route) => seen.routes.push(route),
    });
  });
  afterAll(() => t.close());

  it('compiles every route response schema whole (no shape falls back to the zod encode)', () => {
    const schemas: { route: string; schema: $ZodType }[] = [];
    for (const route of seen.routes) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(response)) {
        expect(schema, `${String(route.method)} ${route.url} ${status}`).toBeInstanceOf($ZodType);
        schemas.push({ route: `${String(route.method)} ${route.url} ${status}`, schema: schema as $ZodType });
      }
    }
    // The shop's routes are all there (each also under Shopv2).
    expect(seen.routes.some((r) => r.url === '/api/Shop.Accessory/batchSearch')).toBe(true);
    expect(schemas.length).toBeGreaterThan(100);
    const fallbacks = schemas.flatMap(({ route, schema }) =>
      compileProjection(schema).fallbacks.map((where) => `${route}: ${where}`),
    );
    expect(fallbacks).toEqual([]);
  });

  it('answers in production through the projection', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.json()).toMatchObject({ status: 200, data: { db: 'ok' } });
  });
});
