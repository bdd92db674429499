import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewArrivalList } from '@shop/core/api/home';
import { buildApp } from '../src/app';
import type { Database, Db } from '../src/db/client';
import { clearCatalogCache } from '../src/modules/catalog/ttl-cache';
import { SESSION_CACHE_MS } from '../src/platform/sessions';
import { body } from './helpers/api';
import { withDemoStaff, type StaffClient } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import { createShop } from './orders-shop';

/**
 * Two server processes of one shop (two apps on one database, each with its own database handle
 * and so its own caches, one Redis channel): cached figures the back office drops in one are
 * dropped in the other at once, not after their 30 s TTL. Needs REDIS_URL (CI sets it).
 */
const redisUrl = process.env.REDIS_URL;

/** A second handle on the same connection: what another process's own `db` is to its caches. */
function secondHandle(database: Database): Database {
  const client = (database.db as unknown as { $client: never }).$client;
  const db = (database.driver === 'pglite'
    ? drizzlePglite({ client, casing: 'snake_case' })
    : drizzlePg({ client, casing: 'snake_case' })) as unknown as Db;
  return { ...database, db };
}

/** Asks until `check` holds, for at most 5 s (the caches' TTL is 30 s: without the drop it never holds). */
async function soon(check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.skipIf(!redisUrl)('cache drops across processes through Redis (needs REDIS_URL)', () => {
  const channel = `shop-live-test:${randomUUID()}`;
  let t: TestApp;
  let ids: Record<string, number>;
  let staff: StaffClient;
  let other: FastifyInstance;
  let otherToken: string;

  beforeAll(async () => {
    ({ t, ids } = await createShop({ realtime: { channel } }));
    staff = await withDemoStaff(t);
    other = await buildApp({
      config: t.config,
      database: secondHandle(t.database),
      logger: false,
      realtime: { channel },
    });
    await Promise.all([t.app.liveHub.ready(), other.liveHub.ready()]);
    otherToken = await t.loginAs('aMain');
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const totalOnOther = async () =>
    body<NewArrivalList>(
      await other.inject({
        url: '/api/Shop.NewArrival/newArrivalList?page=1&limit=10',
        headers: { authorization: otherToken },
      }),
    ).data.total;
  const frey = async (id: number) =>
    String(
      ((await t.db.execute(sql`select frey_no from products where id = ${id}`)).rows[0] as { frey_no: string }).frey_no,
    );

  it('a new arrival added in one process shows in the other at once (its cached total dropped there too)', async () => {
    const before = await totalOnOther();
    const res = await staff.asStaff('catalog', {
      method: 'POST',
      url: '/api/admin/content/new-arrivals',
      payload: { number: await frey(ids.p3!) },
    });
    expect(body(res).status).toBe(200);
    expect(await soon(async () => (await totalOnOther()) === before + 1)).toBe(true);
  });

  it('a catalog change drops every cached figure of the other process', async () => {
    const before = await totalOnOther();
    // Changed behind the services' back: the other process keeps its cached total ...
    await t.db.execute(sql`update products set new_arrival_at = now() where id = ${ids.p4}`);
    expect(await totalOnOther()).toBe(before);
    // ... until a catalog change drops everything, here and there.
    clearCatalogCache(t.db);
    expect(await soon(async () => (await totalOnOther()) === before + 1)).toBe(true);
  });

  it('a sub-account disabled in one process is signed out in the other at once (its cached session dropped)', async () => {
    const token = await t.loginAs('aSub');
    const statusOnOther = async () =>
      body(await other.inject({ url: '/api/Shop.User/info', headers: { authorization: token } })).status;
    // Resolved, so cached, in the other process.
    expect(await statusOnOther()).toBe(200);
    const res = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.User/update',
      payload: { subuser_id: t.fixtures.accounts.aSub.id, is_disabled: 1 },
    });
    expect(body(res).status).toBe(200);
    // The session cache keeps an entry SESSION_CACHE_MS: only the drop ends it sooner.
    const until = Date.now() + SESSION_CACHE_MS / 2;
    let status = await statusOnOther();
    while (status !== 102 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      status = await statusOnOther();
    }
    expect(status).toBe(102);
  });
});
