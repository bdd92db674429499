import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccountSettings, AvatarResponse } from '@shop/core/api/account';
import { ACCOUNT_TEXTS } from '@shop/core/api/account';
import type { SonAccount } from '@shop/core/api/user';
import { smsCodeInLog } from '../src/modules/user/sms-gateway';
import { body } from './helpers/api';
import { multipartForm, SAMPLE_FILES } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * /profile/account's calls: the account's settings, a new phone with a code sent to it, a new
 * password after the old one (the other sessions end), the avatar; and sub-accounts whose
 * sessions end at once when the main account disables or deletes them (the session cache does
 * not keep them alive), never another company's.
 */
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    logger: { stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(() => t.close());

const url = (action: string) => `/api/Shop.User/${action}`;
const as = (token: string, action: string, payload?: object) =>
  t.app.inject(
    payload
      ? { method: 'POST', url: url(action), payload, headers: t.auth(token) }
      : { url: url(action), headers: t.auth(token) },
  );
const statusOf = async (token: string) => body(await as(token, 'info')).status;
/** The main account of company a manages its sub-accounts. */
const asMainA = (action: string, payload: object) => t.injectAs('aMain', { method: 'POST', url: url(action), payload });

describe('account settings', () => {
  test('the account page shows the account, its company and its WeChat state', async () => {
    const token = await t.login('a_sub');
    const res = body<AccountSettings>(await as(token, 'account'));
    expect(res.data).toEqual({
      subuser_id: t.fixtures.accounts.aSub.id,
      username: 'a_sub',
      phone: '13800000002',
      company_name: t.fixtures.companies.a.name,
      is_main: 0,
      is_purchase: 0,
      avatar: '',
      wx_bound: 0,
      wx_nickname: '',
      wx_enabled: 0,
    });
    expect((await t.app.inject({ url: url('account') })).json()).toMatchObject({ status: 401 });
  });

  test('a new phone needs the code sent to it, by this account', async () => {
    const token = await t.login('b_sub');
    // Not logged in: no code for a new phone.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: url('sendSms'),
      payload: { phone: '13766660001', type: 'change_phone' },
    });
    expect(body(anonymous).status).toBe(401);
    // A phone another account uses, or its own.
    expect(body(await as(token, 'sendSms', { phone: '13800000001', type: 'change_phone' })).msg).toBe(
      '该手机号或账号名不可用，请更换',
    );
    expect(body(await as(token, 'sendSms', { phone: '13800000006', type: 'change_phone' })).msg).toBe(
      ACCOUNT_TEXTS.phoneSame,
    );
    expect(body(await as(token, 'sendSms', { phone: '13766660001', type: 'change_phone' })).status).toBe(200);
    const code = smsCodeInLog(logLines.join('\n'), '13766660001')!;
    expect(code).toMatch(/^\d{6}$/);
    // Another account cannot use it, nor can it sign anyone in.
    const other = await t.login('b_main');
    expect(body(await as(other, 'changePhone', { phone: '13766660001', code })).msg).toBe(ACCOUNT_TEXTS.codeWrong);
    const signIn = await t.app.inject({ method: 'POST', url: url('senlogs'), payload: { phone: '13766660001', code } });
    expect(body(signIn).msg).toBe(ACCOUNT_TEXTS.codeWrong);

    expect(body(await as(token, 'changePhone', { phone: '13766660001', code }))).toMatchObject({
      status: 200,
      msg: ACCOUNT_TEXTS.phoneChanged,
    });
    expect(body<AccountSettings>(await as(token, 'account')).data.phone).toBe('13766660001');
    await expect(t.login('13766660001')).resolves.toBeTruthy();
    await expect(t.login('13800000006')).rejects.toThrow();
    // Used once.
    expect(body(await as(token, 'changePhone', { phone: '13766660001', code })).msg).toBe(ACCOUNT_TEXTS.phoneSame);
  });

  test('a new password needs the old one; the other sessions end, this one stays', async () => {
    const here = await t.login('a_purchase');
    const elsewhere = await t.login('a_purchase');
    expect(await statusOf(elsewhere)).toBe(200);

    const wrong = body(await as(here, 'changePassword', { old_password: 'not-it', password: 'new-pass-123' }));
    expect(wrong.msg).toMatch(/^原密码错误，还可尝试 \d+ 次$/);
    expect(body(await as(here, 'changePassword', { old_password: 'demo1234', password: 'demo1234' })).msg).toBe(
      ACCOUNT_TEXTS.passwordSame,
    );
    expect(body(await as(here, 'changePassword', { old_password: 'demo1234', password: 'short' })).msg).toContain(
      '密码至少 8 位',
    );
    expect(body(await as(here, 'changePassword', { old_password: 'demo1234', password: 'new-pass-123' }))).toEqual({
      status: 200,
      msg: ACCOUNT_TEXTS.passwordChanged,
      data: null,
    });
    expect(await statusOf(here)).toBe(200);
    expect(await statusOf(elsewhere)).toBe(102);
    await expect(t.login('a_purchase')).rejects.toThrow();
    await expect(t.login('a_purchase', 'new-pass-123')).resolves.toBeTruthy();
  });

  test('the avatar is a picture of the account, served to its company only', async () => {
    const token = await t.login('a_main');
    const form = multipartForm(
      {},
      { field: 'file', filename: '头像.png', contentType: 'image/png', content: SAMPLE_FILES.png },
    );
    const res = body<AvatarResponse>(
      await t.app.inject({
        method: 'POST',
        url: url('uploadpicture'),
        payload: form.payload,
        headers: { ...form.headers, ...t.auth(token) },
      }),
    );
    expect(res).toMatchObject({ status: 200, msg: ACCOUNT_TEXTS.avatarSaved });
    expect(res.data.avatar).toMatch(/^\/api\/Base\/file\/pictures\/\d+\/[0-9a-f-]{36}\.png$/);
    expect(body<AccountSettings>(await as(token, 'account')).data.avatar).toBe(res.data.avatar);
    const mine = await t.app.inject({ url: res.data.avatar, headers: t.auth(token) });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({ url: res.data.avatar, headers: t.auth(await t.login('b_main')) });
    expect(theirs.statusCode).toBe(404);

    const text = multipartForm(
      {},
      { field: 'file', filename: 'a.png', contentType: 'image/png', content: Buffer.from('not a picture') },
    );
    const refused = body(
      await t.app.inject({
        method: 'POST',
        url: url('uploadpicture'),
        payload: text.payload,
        headers: { ...text.headers, ...t.auth(token) },
      }),
    );
    expect(refused.status).toBe(201);
    expect(body<AccountSettings>(await as(token, 'account')).data.avatar).toBe(res.data.avatar);
  });
});

describe('sub-accounts and their sessions', () => {
  test('a main account cannot see, change, delete or unbind another company’s sub-account', async () => {
    const bSub = t.fixtures.accounts.bSub.id;
    for (const [action, payload] of [
      ['update', { subuser_id: bSub, is_disabled: 1 }],
      ['delete', { subuser_id: bSub }],
      ['unBindWxAccount', { subuser_id: bSub }],
    ] as const) {
      expect(body(await t.injectAs('aMain', { method: 'POST', url: url(action), payload }))).toEqual({
        status: 201,
        msg: '子账号不存在',
        data: null,
      });
    }
    // Nor its main account (of its own company either).
    expect(body(await asMainA('delete', { subuser_id: t.fixtures.accounts.bMain.id })).msg).toBe('子账号不存在');
    expect(await statusOf(await t.login('b_main'))).toBe(200);
  });

  test('a disabled sub-account’s session ends at once, though just looked up (cached)', async () => {
    const added = body<SonAccount>(
      await asMainA('add', { username: 'counter_1', phone: '13755550001', password: 'counter-pass-1' }),
    );
    const token = await t.login('counter_1', 'counter-pass-1');
    expect(await statusOf(token)).toBe(200); // now in the session cache
    await asMainA('update', { subuser_id: added.data.subuser_id, is_disabled: 1 });
    expect(await statusOf(token)).toBe(102);
    await expect(t.login('counter_1', 'counter-pass-1')).rejects.toThrow(/账号已被停用/);
  });

  test('a deleted sub-account’s session ends at once; its phone and name become free', async () => {
    const added = body<SonAccount>(
      await asMainA('add', { username: 'counter_2', phone: '13755550002', password: 'counter-pass-2' }),
    );
    const token = await t.login('13755550002', 'counter-pass-2');
    expect(await statusOf(token)).toBe(200);
    expect(body(await asMainA('delete', { subuser_id: added.data.subuser_id })).status).toBe(200);
    expect(await statusOf(token)).toBe(102);
    await expect(t.login('13755550002', 'counter-pass-2')).rejects.toThrow();
    const again = await asMainA('add', { username: 'counter_2', phone: '13755550002', password: 'counter-pass-2' });
    expect(body(again).status).toBe(200);
  });
});
