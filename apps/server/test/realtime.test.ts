import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LIVE_CLOSE, LIVE_REPLY, liveIdentity } from '@shop/core/api/messages';
import { buildApp } from '../src/app';
import { sessions } from '../src/db/schema/accounts';
import { clearSessionCache, hashToken } from '../src/platform/sessions';
import { createTestApp, type TestApp } from './helpers/test-app';
import { insertMessages, LiveClient, listenLive } from './helpers/live';

/**
 * The live socket at /ws through a real listening server and the `ws` client: the handshake's
 * session, the identity protocol, pushes to the right account only, '[]', catching up after a
 * reconnect, limits, logout and expired sessions, the keep-alive.
 */
let t: TestApp;
let url: string;
let tokens: { aMain: string; aSub: string; bMain: string };

beforeAll(async () => {
  t = await createTestApp();
  url = await listenLive(t.app);
  tokens = { aMain: await t.loginAs('aMain'), aSub: await t.loginAs('aSub'), bMain: await t.loginAs('bMain') };
});
afterAll(() => t.close());

const account = (key: 'aMain' | 'aSub' | 'bMain') => t.fixtures.accounts[key];

/** A socket of the account, identified (its '1' read). */
async function connected(key: 'aMain' | 'aSub' | 'bMain', lastTipId?: number): Promise<LiveClient> {
  const client = await LiveClient.open(url, { authorization: tokens[key] });
  expect(await client.identify(liveIdentity(account(key).id, lastTipId))).toBe(LIVE_REPLY.accepted);
  return client;
}

describe('the handshake', () => {
  it('refuses an upgrade without a session, or with an unknown one, with 401', async () => {
    await expect(LiveClient.open(url)).rejects.toMatchObject({ statusCode: 401 });
    await expect(LiveClient.open(url, { authorization: 'not-a-token' })).rejects.toMatchObject({ statusCode: 401 });
    await expect(LiveClient.open(`${url}?token=not-a-token`)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a session that has ended', async () => {
    const token = await t.loginAs('aPurchase');
    await t.db
      .update(sessions)
      .set({ endedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    clearSessionCache(t.db);
    const refused = await LiveClient.open(url, { authorization: token }).catch((e: { statusCode: number }) => e);
    expect(refused).toMatchObject({ statusCode: 401 });
  });

  it('takes the token from the Authorization header, the cookie the web app keeps, or the query', async () => {
    for (const headers of [{ authorization: tokens.aMain }, { cookie: `lang=zh; token=${tokens.aMain}` }] as Record<
      string,
      string
    >[]) {
      const client = await LiveClient.open(url, headers);
      expect(await client.identify(liveIdentity(account('aMain').id))).toBe(LIVE_REPLY.accepted);
      await client.close();
    }
    const byQuery = await LiveClient.open(`${url}?token=${encodeURIComponent(tokens.aMain)}`);
    expect(await byQuery.identify(liveIdentity(account('aMain').id))).toBe(LIVE_REPLY.accepted);
    await byQuery.close();
  });

  it("refuses another site's page using the dealer's cookie (403)", async () => {
    const host = new URL(url).host;
    await expect(
      LiveClient.open(url, { cookie: `token=${tokens.aMain}`, origin: 'https://evil.example' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const own = await LiveClient.open(url, { cookie: `token=${tokens.aMain}`, origin: `http://${host}` });
    await own.close();
  });

  it('answers 404 to an upgrade on another path', async () => {
    await expect(LiveClient.open(url.replace('/ws', '/api/ws'), { authorization: tokens.aMain })).rejects.toMatchObject(
      { statusCode: 404 },
    );
  });
});

describe('the protocol', () => {
  it("answers '1' to the account's own identity, at every keep-alive", async () => {
    const client = await connected('aSub');
    expect(await client.identify(liveIdentity(account('aSub').id))).toBe(LIVE_REPLY.accepted);
    await client.close();
  });

  it("refuses another account's identity with '0' and closes", async () => {
    const client = await LiveClient.open(url, { authorization: tokens.aSub });
    expect(await client.identify(liveIdentity(account('aMain').id))).toBe(LIVE_REPLY.refused);
    expect((await client.closed).code).toBe(LIVE_CLOSE.refused);
  });

  it("refuses a frame that is not an identity with '0' and closes", async () => {
    const client = await LiveClient.open(url, { authorization: tokens.aSub });
    expect(await client.identify('hello')).toBe(LIVE_REPLY.refused);
    expect((await client.closed).code).toBe(LIVE_CLOSE.refused);
  });

  it('closes a socket that sends an oversized frame (1009) or too many frames', async () => {
    const big = await LiveClient.open(url, { authorization: tokens.aSub });
    big.send(`shop_${'1'.repeat(500)}`);
    expect((await big.closed).code).toBe(1009);

    const chatty = await LiveClient.open(url, { authorization: tokens.aSub });
    for (let i = 0; i < 50; i++) chatty.send(liveIdentity(account('aSub').id));
    expect((await chatty.closed).code).toBe(LIVE_CLOSE.tooManyFrames);
  });

  it("pushes a message to its account's sockets only, and '[]' to clear the popups", async () => {
    const aMain = await connected('aMain');
    const aMain2 = await connected('aMain');
    const aSub = await connected('aSub');
    const bMain = await connected('bMain');

    const [forA] = await insertMessages(t.db, account('aMain'), 1, '订单已发货');
    await t.app.realtime.pushMessages([{ accountId: account('aMain').id, message: forA! }]);
    expect(await aMain.nextMessage()).toEqual(forA);
    expect(await aMain2.nextMessage()).toEqual(forA);

    // The others received nothing: their next frames are their own messages.
    const [forSub] = await insertMessages(t.db, account('aSub'), 1, '退货已受理');
    const [forB] = await insertMessages(t.db, account('bMain'), 1, '到货提醒');
    await t.app.realtime.pushMessages([
      { accountId: account('aSub').id, message: forSub! },
      { accountId: account('bMain').id, message: forB! },
    ]);
    expect(await aSub.nextMessage()).toEqual(forSub);
    expect(await bMain.nextMessage()).toEqual(forB);

    await t.app.realtime.clearPopups([account('aMain').id]);
    expect(await aMain.next()).toBe(LIVE_REPLY.clearPopups);
    expect(await aMain2.next()).toBe(LIVE_REPLY.clearPopups);
    await t.app.realtime.clearPopups([account('bMain').id]);
    expect(await bMain.next()).toBe(LIVE_REPLY.clearPopups);
    expect(aSub.unread()).toEqual([]);

    await Promise.all([aMain, aMain2, aSub, bMain].map((c) => c.close()));
  });

  it('sends a broadcast (one message, many accounts) to each account with its own tip_id', async () => {
    const a = await connected('aMain');
    const b = await connected('bMain');
    const [ma] = await insertMessages(t.db, account('aMain'), 1, '系统公告');
    const [mb] = await insertMessages(t.db, account('bMain'), 1, '系统公告');
    await t.app.realtime.pushMessages([
      { accountId: account('aMain').id, message: { ...ma!, create_time: mb!.create_time } },
      { accountId: account('bMain').id, message: mb! },
    ]);
    expect((await a.nextMessage()).tip_id).toBe(ma!.tip_id);
    expect((await b.nextMessage()).tip_id).toBe(mb!.tip_id);
    await Promise.all([a.close(), b.close()]);
  });

  it('sends a reconnecting client exactly the messages after the last one it has, then the new ones', async () => {
    const missed = await insertMessages(t.db, account('aSub'), 4, '订单消息');
    // Another account's messages are not its.
    await insertMessages(t.db, account('bMain'), 2, '别家的消息');
    const client = await connected('aSub', missed[0]!.tip_id);
    const received = [await client.nextMessage(), await client.nextMessage(), await client.nextMessage()];
    expect(received).toEqual(missed.slice(1));

    const [fresh] = await insertMessages(t.db, account('aSub'), 1, '新消息');
    await t.app.realtime.pushMessages([{ accountId: account('aSub').id, message: fresh! }]);
    expect(await client.nextMessage()).toEqual(fresh);
    // A later identity (the keep-alive) with the last id does not send them again.
    expect(await client.identify(liveIdentity(account('aSub').id, missed[0]!.tip_id))).toBe(LIVE_REPLY.accepted);
    await client.close();

    // Up to date: nothing but '1'.
    const upToDate = await connected('aSub', fresh!.tip_id);
    const [next] = await insertMessages(t.db, account('aSub'), 1, '再一条');
    await t.app.realtime.pushMessages([{ accountId: account('aSub').id, message: next! }]);
    expect(await upToDate.nextMessage()).toEqual(next);
    await upToDate.close();
  });
});

describe('sessions', () => {
  it("closes the session's sockets at logout, and only them", async () => {
    const token = await t.loginAs('aMain');
    const mine = await LiveClient.open(url, { authorization: token });
    expect(await mine.identify(liveIdentity(account('aMain').id))).toBe(LIVE_REPLY.accepted);
    const other = await connected('aMain');

    const res = await t.app.inject({ method: 'POST', url: '/api/Shop.User/logout', headers: t.auth(token) });
    expect(res.json()).toMatchObject({ status: 200 });
    expect((await mine.closed).code).toBe(LIVE_CLOSE.sessionEnded);

    const [m] = await insertMessages(t.db, account('aMain'), 1, '仍然在线');
    await t.app.realtime.pushMessages([{ accountId: account('aMain').id, message: m! }]);
    expect(await other.nextMessage()).toEqual(m);
    await other.close();
  });

  it('closes the socket of a session that expired or was ended elsewhere at the next check', async () => {
    const token = await t.loginAs('bSub');
    const client = await LiveClient.open(url, { authorization: token });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const open = await connected('bMain');
    await t.app.liveHub.checkSessions();
    expect((await client.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    expect(await open.identify(liveIdentity(account('bMain').id))).toBe(LIVE_REPLY.accepted);
    await open.close();
  });
});

describe('the keep-alive', () => {
  let quick: FastifyInstance;
  let quickUrl: string;
  beforeAll(async () => {
    // The same shop with a short keep-alive period.
    quick = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      realtime: { channel: `shop-live-test:quick:${process.pid}:${Date.now()}`, keepAliveMs: 400 },
    });
    quickUrl = await listenLive(quick);
  });
  afterAll(() => quick.close());

  it('keeps a socket that sends its identity, and closes one that falls silent', async () => {
    const client = await LiveClient.open(quickUrl, { authorization: tokens.bMain });
    // Several keep-alive periods with an identity every quarter period: still open, each answered.
    for (let i = 0; i < 12; i++) {
      expect(await client.identify(liveIdentity(account('bMain').id))).toBe(LIVE_REPLY.accepted);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await client.closed).code).toBe(LIVE_CLOSE.silent);
  });

  it('closes the sockets when the server shuts down (1001)', async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    const client = await LiveClient.open(await listenLive(other), { authorization: tokens.bMain });
    await Promise.all([other.close(), expect(client.closed).resolves.toMatchObject({ code: LIVE_CLOSE.goingAway })]);
  });
});
