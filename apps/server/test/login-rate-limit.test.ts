import { afterAll, beforeAll, expect, test } from 'vitest';
import { body } from './helpers/api';
import { TEST_PASSWORD } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Failed logins are limited per account and per address (login_attempts; limits from the configuration). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '5', LOGIN_WINDOW_MINUTES: '15' },
  });
});
afterAll(() => t.close());

const LOCKED = '登录失败次数过多，请 15 分钟后再试';

const attempt = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/Shop.User/login', payload: { username, password }, remoteAddress });

test('per account: after 3 failures even the right password is refused, from any address and by name or phone', async () => {
  for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
    expect(body(await attempt('a_sub', 'wrong-password', ip)).msg).toBe('账号或密码错误');
  }
  expect(body(await attempt('a_sub', TEST_PASSWORD, '10.0.0.4'))).toEqual({ status: 201, msg: LOCKED, data: null });
  expect(body(await attempt('13800000002', TEST_PASSWORD, '10.0.0.5')).msg).toBe(LOCKED);
  // Other accounts are not affected.
  expect(body(await attempt('a_purchase', TEST_PASSWORD, '10.0.0.4')).status).toBe(200);
});

test('per account: a successful login starts the count again', async () => {
  await attempt('b_sub', 'wrong-password', '10.0.1.1');
  await attempt('b_sub', 'wrong-password', '10.0.1.2');
  expect(body(await attempt('b_sub', TEST_PASSWORD, '10.0.1.3')).status).toBe(200);
  await attempt('b_sub', 'wrong-password', '10.0.1.4');
  await attempt('b_sub', 'wrong-password', '10.0.1.5');
  expect(body(await attempt('b_sub', TEST_PASSWORD, '10.0.1.6')).status).toBe(200);
});

test('per account: unknown names are limited the same way (nothing tells them apart)', async () => {
  for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3']) await attempt('ghost_user', 'whatever', ip);
  expect(body(await attempt('ghost_user', 'whatever', '10.0.2.4')).msg).toBe(LOCKED);
});

test('per address: after 5 failures from one address every login from it is refused', async () => {
  const ip = '10.9.9.9';
  for (const name of ['x1_user', 'x2_user', 'x3_user', 'x4_user', 'x5_user']) {
    expect(body(await attempt(name, 'wrong-password', ip)).msg).toBe('账号或密码错误');
  }
  expect(body(await attempt('b_main', TEST_PASSWORD, ip))).toEqual({ status: 201, msg: LOCKED, data: null });
  // The same account from another address logs in.
  expect(body(await attempt('b_main', TEST_PASSWORD, '10.9.9.10')).status).toBe(200);
});

test('old failures outside the window do not count', async () => {
  const ip = '10.5.5.5';
  for (let i = 0; i < 3; i++) await attempt('c_regional', 'wrong-password', ip);
  expect(body(await attempt('c_regional', TEST_PASSWORD, '10.5.5.6')).msg).toBe(LOCKED);
  // Move those failures back beyond the window.
  const { sql } = await import('drizzle-orm');
  await t.db.execute(sql`update login_attempts set created_at = now() - interval '16 minutes' where ip = ${ip}`);
  expect(body(await attempt('c_regional', TEST_PASSWORD, '10.5.5.6')).status).toBe(200);
});
