import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { body } from './helpers/api';
import { TEST_PASSWORD } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Failed logins are limited per account and address, per address, and per account over all
 * addresses (login_attempts; limits from the configuration; decision 0022).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3',
      LOGIN_MAX_FAILURES_PER_IP: '5',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '8',
      LOGIN_WINDOW_MINUTES: '15',
    },
  });
});
afterAll(() => t.close());

const LOCKED = '登录失败次数过多，请 15 分钟后再试';
const wrong = (remaining: number) =>
  remaining > 0 ? `账号或密码错误，还可尝试 ${remaining} 次` : '账号或密码错误，登录已暂停，请 15 分钟后再试';

const attempt = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/Shop.User/login', payload: { username, password }, remoteAddress });

/** Three wrong tries from one address: each answers how many are left (2, 1, then none). */
async function expectCountdown(username: string, password: string, ip: string): Promise<void> {
  for (const remaining of [2, 1, 0]) {
    expect(body(await attempt(username, password, ip))).toEqual({ status: 201, msg: wrong(remaining), data: null });
  }
}

async function failedAttemptRows(accountKey: string): Promise<number> {
  const rows = (
    await t.db.execute(
      sql`select count(*)::int as n from login_attempts where account_key = ${accountKey} and not succeeded`,
    )
  ).rows as { n: number }[];
  return rows[0]!.n;
}

test('per account and address: the answer says how many tries are left; after 3 failures that address is refused even the right password, by name or phone', async () => {
  const ip = '10.0.0.1';
  await expectCountdown('a_sub', 'wrong-password', ip);
  expect(body(await attempt('a_sub', TEST_PASSWORD, ip))).toEqual({ status: 201, msg: LOCKED, data: null });
  expect(body(await attempt('13800000002', TEST_PASSWORD, ip)).msg).toBe(LOCKED);
  // The real user at another address is not locked out; other accounts from elsewhere neither.
  expect(body(await attempt('a_sub', TEST_PASSWORD, '10.0.0.2')).status).toBe(200);
  expect(body(await attempt('a_purchase', TEST_PASSWORD, '10.0.0.3')).status).toBe(200);
});

test('40 parallel wrong passwords for one account from one address: exactly 3 are evaluated, the rest refused as locked; another address still logs in', async () => {
  const ip = '10.7.7.7';
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => attempt('13800000005', 'wrong-password', ip).then((r) => body(r).msg)),
  );
  expect(answers.filter((m) => m === LOCKED)).toHaveLength(37);
  expect(answers.filter((m) => m !== LOCKED).sort()).toEqual([wrong(0), wrong(1), wrong(2)].sort());
  expect(await failedAttemptRows(`account:${t.fixtures.accounts.aPurchase.id}`)).toBe(3);
  expect(body(await attempt('a_purchase', TEST_PASSWORD, ip)).msg).toBe(LOCKED);
  expect(body(await attempt('a_purchase', TEST_PASSWORD, '10.7.7.8')).status).toBe(200);
});

test('a successful login starts the count again', async () => {
  const ip = '10.0.1.1';
  expect(body(await attempt('b_sub', 'wrong-password', ip)).msg).toBe(wrong(2));
  expect(body(await attempt('b_sub', 'wrong-password', ip)).msg).toBe(wrong(1));
  expect(body(await attempt('b_sub', TEST_PASSWORD, ip)).status).toBe(200);
  expect(body(await attempt('b_sub', 'wrong-password', ip)).msg).toBe(wrong(2));
  expect(body(await attempt('b_sub', 'wrong-password', ip)).msg).toBe(wrong(1));
  expect(body(await attempt('b_sub', TEST_PASSWORD, ip)).status).toBe(200);
});

test('unknown names get the same answers and the same limit (nothing tells them apart)', async () => {
  const ip = '10.0.2.1';
  await expectCountdown('ghost_user', 'whatever', ip);
  expect(body(await attempt('ghost_user', 'whatever', ip)).msg).toBe(LOCKED);
});

test('per address: after 5 failures from one address every login from it is refused', async () => {
  const ip = '10.9.9.9';
  const answers = [];
  for (const name of ['x1_user', 'x2_user', 'x3_user', 'x4_user', 'x5_user']) {
    answers.push(body(await attempt(name, 'wrong-password', ip)).msg);
  }
  // The address's own cap is the smaller one from the third failure on.
  expect(answers).toEqual([wrong(2), wrong(2), wrong(2), wrong(1), wrong(0)]);
  expect(body(await attempt('b_main', TEST_PASSWORD, ip))).toEqual({ status: 201, msg: LOCKED, data: null });
  // The same account from another address logs in.
  expect(body(await attempt('b_main', TEST_PASSWORD, '10.9.9.10')).status).toBe(200);
});

test('per account over all addresses: 8 failures spread over addresses lock the account everywhere', async () => {
  for (let i = 1; i <= 4; i++) {
    for (let j = 0; j < 2; j++) await attempt('c_regional', 'wrong-password', `10.4.${i}.1`);
  }
  expect(body(await attempt('c_regional', TEST_PASSWORD, '10.4.9.1')).msg).toBe(LOCKED);
});

test('old failures outside the window do not count', async () => {
  const ip = '10.5.5.5';
  for (let i = 0; i < 3; i++) await attempt('ghost_two', 'wrong-password', ip);
  expect(body(await attempt('ghost_two', 'wrong-password', ip)).msg).toBe(LOCKED);
  // Move those failures back beyond the window.
  await t.db.execute(sql`update login_attempts set created_at = now() - interval '16 minutes' where ip = ${ip}`);
  expect(body(await attempt('ghost_two', 'wrong-password', ip)).msg).toBe(wrong(2));
});
