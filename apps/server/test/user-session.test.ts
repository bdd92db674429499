import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, sessions } from '../src/db/schema/accounts';
import { clearSessionCache, FINISHED_SESSION_KEEP_DAYS, hashToken, pruneSessions } from '../src/platform/sessions';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import type { UserIndex, UserProfile } from '@shop/core/api/user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/Shop.User/info', headers });
const EXPIRED = '登录已过期，请重新登录';

describe('session statuses', () => {
  test('no token answers body status 401', async () => {
    const res = await info();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 401, msg: EXPIRED, data: null });
  });

  test('an unknown token answers 102', async () => {
    expect(body(await info({ authorization: 'not-a-real-token' })).status).toBe(102);
    expect(body(await info({ authorization: 'x'.repeat(500) })).status).toBe(102);
  });

  test('a session idle for longer than the idle time answers 101', async () => {
    const token = await t.login('13800000001');
    expect(body(await info(t.auth(token))).status).toBe(200);
    const idleMinutes = t.config.SESSION_IDLE_MINUTES + 1;
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${idleMinutes})` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    clearSessionCache(t.db);
    expect(body(await info(t.auth(token)))).toEqual({ status: 101, msg: EXPIRED, data: null });
  });

  test('a session past its absolute expiry answers 101 even when in use', async () => {
    const token = await t.login('13800000001');
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'`, lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    clearSessionCache(t.db);
    expect(body(await info(t.auth(token))).status).toBe(101);
  });

  test('a recent request keeps the session alive (last_seen_at moves on)', async () => {
    const token = await t.login('13800000001');
    const where = eq(sessions.tokenHash, hashToken(token));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(where);
    clearSessionCache(t.db);
    expect(body(await info(t.auth(token))).status).toBe(200);
    const [row] = await t.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(where);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(5 * 60_000);
  });

  test('only a hash of the token is stored', async () => {
    const token = await t.login('13800000003');
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });

  test('a session of an account disabled afterwards answers 102', async () => {
    const token = await t.login('13800000005');
    await t.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, t.fixtures.accounts.aPurchase.id));
    clearSessionCache(t.db);
    try {
      expect(body(await info(t.auth(token))).status).toBe(102);
    } finally {
      await t.db.update(accounts).set({ disabled: false }).where(eq(accounts.id, t.fixtures.accounts.aPurchase.id));
    }
  });
});

describe('finished sessions', () => {
  test('are deleted once ended, expired or unused for longer than the keeping time; open ones stay', async () => {
    const tokens = await Promise.all(Array.from({ length: 5 }, () => t.login('13800000001')));
    const [ended, expired, unused, recentlyEnded] = tokens.map((token) => eq(sessions.tokenHash, hashToken(token!)));
    const longAgo = sql`now() - make_interval(days => ${FINISHED_SESSION_KEEP_DAYS + 1})`;
    await t.db.update(sessions).set({ endedAt: longAgo }).where(ended!);
    await t.db.update(sessions).set({ expiresAt: longAgo }).where(expired!);
    await t.db.update(sessions).set({ lastSeenAt: longAgo }).where(unused!);
    await t.db
      .update(sessions)
      .set({ endedAt: sql`now() - interval '1 day'` })
      .where(recentlyEnded!);
    expect(await pruneSessions(t.db)).toBe(3);
    const left = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    const hashes = new Set(left.map((r) => r.tokenHash));
    expect(tokens.map((token) => hashes.has(hashToken(token!)))).toEqual([false, false, false, true, true]);
    expect(body(await info(t.auth(tokens[4]!))).status).toBe(200);
  });
});

describe('POST logout', () => {
  test('ends the session on the server: the token then answers 102', async () => {
    const token = await t.login('a_sub');
    const other = await t.login('a_sub');
    const res = await t.app.inject({ method: 'POST', url: '/api/Shop.User/logout', headers: t.auth(token) });
    expect(res.json()).toEqual({ status: 200, msg: '退出成功', data: null });
    expect(body(await info(t.auth(token))).status).toBe(102);
    // Logging out again is a lost login too.
    const again = await t.app.inject({ method: 'POST', url: '/api/Shop.User/logout', headers: t.auth(token) });
    expect(body(again).status).toBe(102);
    // Another session of the same account is untouched.
    expect(body(await info(t.auth(other))).status).toBe(200);
  });

  test('without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Shop.User/logout' });
    expect(body(res).status).toBe(401);
  });
});

describe('GET info and index', () => {
  test('info is the caller profile', async () => {
    const res = await t.injectAs('bMain', { url: '/api/Shop.User/info' });
    expect(body<UserProfile>(res)).toMatchObject({
      status: 200,
      data: {
        subuser_id: t.fixtures.accounts.bMain.id,
        company_name: '北京众诚汽车维修中心',
        is_main: 1,
        is_purchase: 1,
      },
    });
  });

  test('index counts sub-accounts for a main account, 0 for a sub-account', async () => {
    const main = body<UserIndex>(await t.injectAs('aMain', { url: '/api/Shop.User/index' }));
    expect(main.status).toBe(200);
    expect(main.data.user.username).toBe('a_main');
    expect(main.data.son_account_count).toBe(3);
    const sub = body<UserIndex>(await t.injectAs('aSub', { url: '/api/Shop.User/index' }));
    expect(sub.data).toMatchObject({ user: { username: 'a_sub', is_main: 0 }, son_account_count: 0 });
  });
});
