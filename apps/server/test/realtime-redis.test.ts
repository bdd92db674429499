import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { LIVE_CLOSE, LIVE_REPLY, liveIdentity, type PushMessage } from '@shop/core/api/messages';
import { buildApp } from '../src/app';
import { createTestApp, type TestApp } from './helpers/test-app';
import { insertMessages, LiveClient, listenLive } from './helpers/live';

/**
 * Two server processes of one shop (two apps on one database, one Redis channel): a push, '[]'
 * and a logout in one reach the sockets of the other; a Redis outage in the middle (the hubs'
 * connections killed) loses nothing. Needs REDIS_URL (CI sets it).
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('live pushes across processes through Redis (needs REDIS_URL)', () => {
  const channel = `shop-live-test:${randomUUID()}`;
  let t: TestApp;
  let other: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let admin: Redis;

  beforeAll(async () => {
    t = await createTestApp({ realtime: { channel } });
    other = await buildApp({ config: t.config, database: t.database, logger: false, realtime: { channel } });
    urlA = await listenLive(t.app);
    urlB = await listenLive(other);
    await Promise.all([t.app.liveHub.ready(), other.liveHub.ready()]);
    admin = new Redis(redisUrl!);
  });
  afterAll(async () => {
    admin?.disconnect();
    await other?.close();
    await t?.close();
  });

  const aMain = () => t.fixtures.accounts.aMain;

  async function connectedTo(url: string, token: string, lastTipId?: number): Promise<LiveClient> {
    const client = await LiveClient.open(url, { authorization: token });
    expect(await client.identify(liveIdentity(aMain().id, lastTipId))).toBe(LIVE_REPLY.accepted);
    return client;
  }

  it("delivers a push, '[]' and a logout made in one process to the sockets held by the other", async () => {
    const token = await t.loginAs('aMain');
    const onB = await connectedTo(urlB, token);
    const onA = await connectedTo(urlA, token);
    const [m] = await insertMessages(t.db, aMain(), 1, '订单已发货');
    await t.app.realtime.pushMessages([{ accountId: aMain().id, message: m! }]);
    expect(await onB.nextMessage()).toEqual(m);
    expect(await onA.nextMessage()).toEqual(m);

    await t.app.realtime.clearPopups([aMain().id]);
    expect(await onB.next()).toBe(LIVE_REPLY.clearPopups);

    const res = await t.app.inject({ method: 'POST', url: '/api/Shop.User/logout', headers: t.auth(token) });
    expect(res.json()).toMatchObject({ status: 200 });
    expect((await onB.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    expect((await onA.closed).code).toBe(LIVE_CLOSE.sessionEnded);
  });

  it('loses nothing when Redis drops the connections in the middle', async () => {
    const token = await t.loginAs('aMain');
    const onB = await connectedTo(urlB, token);
    const [before] = await insertMessages(t.db, aMain(), 1, '断开之前');
    await t.app.realtime.pushMessages([{ accountId: aMain().id, message: before! }]);
    expect(await onB.nextMessage()).toEqual(before);

    // Redis "restarts": every connection of these two hubs is killed.
    const clients = String(await admin.call('CLIENT', 'LIST'))
      .split('\n')
      .filter((line) => line.includes(`name=live-pub:${channel} `) || line.includes(`name=live-sub:${channel} `));
    expect(clients.length).toBe(4);
    for (const line of clients) await admin.call('CLIENT', 'KILL', 'ID', /\bid=(\d+)/.exec(line)![1]!);

    const during = await insertMessages(t.db, aMain(), 3, '断开期间');
    await t.app.realtime.pushMessages(during.map((message) => ({ accountId: aMain().id, message })));

    // Each arrives (through the queued publish or the hub's catch-up), repeats dropped by tip_id.
    const seen = new Map<number, PushMessage>();
    while (seen.size < during.length) {
      const m = await onB.nextMessage();
      seen.set(m.tip_id, m);
    }
    expect([...seen.values()].sort((x, y) => x.tip_id - y.tip_id)).toEqual(during);

    // After the outage pushes flow again, and a client reconnecting with its last id gets exactly the rest.
    const [after] = await insertMessages(t.db, aMain(), 1, '恢复之后');
    await t.app.realtime.pushMessages([{ accountId: aMain().id, message: after! }]);
    let m = await onB.nextMessage();
    while (m.tip_id !== after!.tip_id) {
      expect(seen.has(m.tip_id)).toBe(true);
      m = await onB.nextMessage();
    }
    await onB.close();
    const again = await connectedTo(urlB, token, during[0]!.tip_id);
    expect([await again.nextMessage(), await again.nextMessage(), await again.nextMessage()]).toEqual([
      ...during.slice(1),
      after,
    ]);
    await again.close();
  });
});
