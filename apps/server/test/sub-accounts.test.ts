import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import type { SonAccount, SonAccountList } from '@shop/core/api/user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (action: string) => `/api/Shop.User/${action}`;
const asMainA = (action: string, payload: object = {}) =>
  t.injectAs('aMain', { method: 'POST', url: url(action), payload });
/** The answer to a login with a name and password that no longer work. */
const refusedLogin = async (username: string, password: string) =>
  body(await t.app.inject({ method: 'POST', url: url('login'), payload: { username, password } })).msg;

describe('sub-account management', () => {
  test('the main account lists only its own company sub-accounts', async () => {
    const res = body<SonAccountList>(await asMainA('son_account'));
    expect(res.status).toBe(200);
    expect(res.data.list.map((s) => s.username)).toEqual(['a_sub', 'a_purchase', 'a_disabled']);
    expect(res.data.list[2]).toMatchObject({ is_disabled: 1, phone: '13800000009' });
    expect(res.data.total).toBe(3);
  });

  test('accounts that are not main are refused', async () => {
    for (const [action, payload] of [
      ['son_account', {}],
      ['add', { username: 'sneaky_one', phone: '13912345678', password: 'password123' }],
      ['update', { subuser_id: t.fixtures.accounts.aPurchase.id, is_purchase: 0 }],
      ['delete', { subuser_id: t.fixtures.accounts.aPurchase.id }],
    ] as const) {
      const res = await t.injectAs('aSub', { method: 'POST', url: url(action), payload });
      expect(body(res)).toEqual({ status: 201, msg: '只有主账号可以管理子账号', data: null });
    }
  });

  test('add creates a sub-account that can log in and inherits the regional warehouse', async () => {
    const res = body<SonAccount>(
      await asMainA('add', { username: '前台小王', phone: '13711112222', password: 'secret-pass-1', is_purchase: '1' }),
    );
    expect(res).toMatchObject({
      status: 200,
      msg: '添加成功',
      data: { username: '前台小王', phone: '13711112222', is_purchase: 1 },
    });
    const token = await t.login('13711112222', 'secret-pass-1');
    const info = body(await t.app.inject({ url: url('info'), headers: t.auth(token) }));
    expect(info.data).toMatchObject({ company_id: t.fixtures.companies.a.id, is_main: 0, is_purchase: 1 });

    const regional = body<SonAccount>(
      await t.injectAs('cRegional', {
        method: 'POST',
        url: url('add'),
        payload: { username: 'c_sub', phone: '13711113333', password: 'secret-pass-2' },
      }),
    );
    expect(regional.status).toBe(200);
    const cToken = await t.login('c_sub', 'secret-pass-2');
    expect(body(await t.app.inject({ url: url('info'), headers: t.auth(cToken) })).data).toMatchObject({
      is_regional_warehouse: 1,
    });
  });

  test('add validates the phone, the name and the password, in Chinese', async () => {
    const cases: [object, string][] = [
      [{ username: 'abc_1', phone: '12345678901', password: 'password123' }, '请输入正确的手机号'],
      [{ username: 'abc_1', phone: '1381234567', password: 'password123' }, '请输入正确的手机号'],
      [{ username: 'abc_1', password: 'password123' }, '请输入手机号'],
      [{ username: '13812345678', phone: '13812345678', password: 'password123' }, '账号名不能是纯数字'],
      [{ username: 'abc_1', phone: '13812345678', password: 'short' }, '密码至少 8 位'],
      [{ username: 'a', phone: '13812345678', password: 'password123' }, '账号名至少 2 个字符'],
    ];
    for (const [payload, msg] of cases) {
      const res = await asMainA('add', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
  });

  test('a name or phone already in use, in this company or another, gets one answer that does not say which', async () => {
    const unavailable = { status: 201, msg: '该手机号或账号名不可用，请更换', data: null };
    // Another company's account name (any case) and phone.
    expect(body(await asMainA('add', { username: 'B_SUB', phone: '13799990000', password: 'password123' }))).toEqual(
      unavailable,
    );
    expect(
      body(await asMainA('add', { username: 'fresh_name', phone: '13800000006', password: 'password123' })),
    ).toEqual(unavailable);
    // The company's own sub-account's name and phone: the same answer.
    expect(body(await asMainA('add', { username: 'a_sub', phone: '13799990000', password: 'password123' }))).toEqual(
      unavailable,
    );
    expect(
      body(await asMainA('add', { username: 'fresh_name', phone: '13800000002', password: 'password123' })),
    ).toEqual(unavailable);
    // Changing a sub-account to another company's phone: the same answer.
    const aSub = t.fixtures.accounts.aSub.id;
    expect(body(await asMainA('update', { subuser_id: aSub, phone: '13800000006' }))).toEqual(unavailable);
    expect(body(await asMainA('update', { subuser_id: aSub, username: 'b_main' }))).toEqual(unavailable);
  });

  test('update changes the fields sent; a new password ends the sub-account sessions', async () => {
    const id = t.fixtures.accounts.aPurchase.id;
    const oldToken = await t.login('a_purchase');
    const res = body<SonAccount>(
      await asMainA('update', { subuser_id: String(id), username: 'a_buyer', password: 'new-password-9' }),
    );
    expect(res).toMatchObject({
      status: 200,
      msg: '修改成功',
      data: { subuser_id: id, username: 'a_buyer', phone: '13800000005', is_purchase: 1 },
    });
    expect(body(await t.app.inject({ url: url('info'), headers: t.auth(oldToken) })).status).toBe(102);
    expect(await refusedLogin('a_buyer', 'demo1234')).toMatch(/^账号或密码错误，还可尝试 \d+ 次$/);
    await t.login('a_buyer', 'new-password-9');
  });

  test('update can disable and enable a sub-account', async () => {
    const id = t.fixtures.accounts.aDisabled.id;
    expect(body(await asMainA('update', { subuser_id: id, is_disabled: 0 })).data).toMatchObject({ is_disabled: 0 });
    const token = await t.login('a_disabled');
    // The session is in use (and so in the session cache) when the account is disabled.
    expect(body(await t.app.inject({ url: url('info'), headers: t.auth(token) })).status).toBe(200);
    expect(body(await asMainA('update', { subuser_id: id, is_disabled: true })).data).toMatchObject({ is_disabled: 1 });
    expect(body(await t.app.inject({ url: url('info'), headers: t.auth(token) })).status).toBe(102);
  });

  test('another company account, the main account itself and unknown ids answer as not found', async () => {
    const ids = [t.fixtures.accounts.bSub.id, t.fixtures.accounts.bMain.id, t.fixtures.accounts.aMain.id, 999_999];
    for (const subuser_id of ids) {
      expect(body(await asMainA('update', { subuser_id, phone: '13666666666' }))).toEqual({
        status: 201,
        msg: '子账号不存在',
        data: null,
      });
      expect(body(await asMainA('delete', { subuser_id }))).toEqual({ status: 201, msg: '子账号不存在', data: null });
    }
    // Company B's sub-account was not touched.
    expect(body(await t.injectAs('bSub', { url: url('info') })).data).toMatchObject({ phone: '13800000006' });
  });

  test('delete removes a sub-account: it can no longer log in, and its phone is free again', async () => {
    await asMainA('add', { username: 'temp_worker', phone: '13755556666', password: 'password123' });
    const list = body<SonAccountList>(await asMainA('son_account')).data.list;
    const temp = list.find((s) => s.username === 'temp_worker')!;
    const token = await t.login('temp_worker', 'password123');

    expect(body(await asMainA('delete', { subuser_id: temp.subuser_id }))).toEqual({
      status: 200,
      msg: '删除成功',
      data: null,
    });
    expect(body(await t.app.inject({ url: url('info'), headers: t.auth(token) })).status).toBe(102);
    expect(await refusedLogin('temp_worker', 'password123')).toMatch(/^账号或密码错误，还可尝试 \d+ 次$/);
    expect(
      body<SonAccountList>(await asMainA('son_account')).data.list.some((s) => s.subuser_id === temp.subuser_id),
    ).toBe(false);
    expect(body(await asMainA('delete', { subuser_id: temp.subuser_id })).msg).toBe('子账号不存在');
    expect(
      body(await asMainA('add', { username: 'temp_worker', phone: '13755556666', password: 'password123' })).status,
    ).toBe(200);
  });

  test('ids must be numbers', async () => {
    const res = await asMainA('delete', { subuser_id: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('编号格式不正确');
  });
});
