import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { body } from './helpers/api';
import { TEST_PASSWORD } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';
import type { LoginResponse } from '@shop/core/api/user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, url = '/api/Shop.User/login') =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/Shop.User/login', () => {
  test('logs in by account name and answers the profile and a token', async () => {
    const res = await login({ username: 'a_main', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { status, data } = body<LoginResponse>(res);
    expect(status).toBe(200);
    expect(data.token.length).toBeGreaterThanOrEqual(40);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now());
    expect(data.user).toEqual({
      subuser_id: t.fixtures.accounts.aMain.id,
      username: 'a_main',
      phone: '13800000001',
      company_id: t.fixtures.companies.a.id,
      company_name: '广州恒通汽配有限公司',
      is_regional_warehouse: 0,
      is_main: 1,
      is_purchase: 0,
      activity_flag: 0,
      activity_flag_image: '',
      brand_grouping_lists: [{ make_name: '奔驰' }, { make_name: '宝马' }],
    });
  });

  test('logs in by phone, and by account name in any case with spaces around', async () => {
    const byPhone = body<LoginResponse>(await login({ username: '13800000004', password: TEST_PASSWORD }));
    expect(byPhone.status).toBe(200);
    expect(byPhone.data.user).toMatchObject({ username: 'c_regional', is_regional_warehouse: 1, activity_flag: 1 });
    const byName = body<LoginResponse>(await login({ username: '  B_Main ', password: TEST_PASSWORD }));
    expect(byName.status).toBe(200);
    expect(byName.data.user).toMatchObject({ phone: '13800000003', is_purchase: 1 });
  });

  test('a wrong password and an unknown account get the same refusal', async () => {
    const wrong = await login({ username: '13800000002', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody_here', password: TEST_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 201, msg: '账号或密码错误，还可尝试 4 次', data: null });
    }
  });

  test('a disabled account is told so, but only with the right password', async () => {
    expect(body(await login({ username: 'a_disabled', password: TEST_PASSWORD }))).toMatchObject({
      status: 201,
      msg: '账号已被停用，请联系主账号或客服',
    });
    expect(body(await login({ username: 'a_disabled', password: 'wrong-password' })).msg).toMatch(
      /^账号或密码错误，还可尝试 \d+ 次$/,
    );
  });

  test('missing fields and wrong types answer 400 with a Chinese message', async () => {
    const missing = await login({ username: 'a_main' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({ status: 400, msg: expect.stringContaining('请输入密码') });

    const wrongType = await login({ username: 13800000001, password: TEST_PASSWORD });
    expect(wrongType.statusCode).toBe(400);
    expect(body(wrongType).msg).toMatch(/^请求参数错误：username 账号或手机号格式不正确/);

    const empty = await login({ username: '  ', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).msg).toContain('请输入账号或手机号');

    const noBody = await t.app.inject({ method: 'POST', url: '/api/Shop.User/login' });
    expect(noBody.statusCode).toBe(400);
    expect(body(noBody).msg).toMatch(/^请求参数错误/);
  });

  test('/api/Shopv2.User is the same controller', async () => {
    const res = await login({ username: '13800000001', password: TEST_PASSWORD }, '/api/Shopv2.User/login');
    const { status, data } = body<LoginResponse>(res);
    expect(status).toBe(200);
    const info = await t.app.inject({ url: '/api/Shopv2.User/info', headers: t.auth(data.token) });
    expect(body(info)).toMatchObject({ status: 200, data: { subuser_id: t.fixtures.accounts.aMain.id } });
    // A token from either path works on the other.
    const viaShop = await t.app.inject({
      url: '/api/Shop.User/info',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(body(viaShop).status).toBe(200);
  });
});

describe('urlencoded bodies', () => {
  test('a form-encoded login works like JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Shop.User/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: '13800000001', password: TEST_PASSWORD }).toString(),
    });
    expect(body<LoginResponse>(res).status).toBe(200);
  });
});
