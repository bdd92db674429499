import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { LoginResponse } from '@shop/core/api/user';
import { ACCOUNT_TEXTS, SMS_CODE_MAX_TRIES } from '@shop/core/api/account';
import { smsCodes } from '../src/db/schema/sign-in';
import { smsCodeInLog } from '../src/modules/user/sms-gateway';
import { newSmsCode } from '../src/modules/user/sms-codes';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Sign-in by SMS code (sendSms, senlogs) with the local gateway, whose log line the tests read
 * as a user reads the message: 6 digits, single use, 5 minutes, bound to the phone, 5 tries, one
 * send per phone per 60 s, daily caps per phone and address, and the same answer for a phone
 * without an account.
 */
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn', SMS_DAILY_MAX_PER_PHONE: '3', SMS_DAILY_MAX_PER_IP: '6' },
    logger: { stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(() => t.close());

const A_MAIN = '13800000001';
let ipSeq = 0;
/** Each test from its own address, so the per-address cap is tested only where meant. */
let ip = '10.0.0.1';
beforeEach(() => {
  ip = `10.0.1.${++ipSeq}`;
});

const post = (action: string, payload: object, options: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/Shop.User/${action}`, payload, remoteAddress: ip, ...options });
const send = (phone: string) => post('sendSms', { phone });
const signIn = (phone: string, code: string) => post('senlogs', { phone, code });
const codeFor = (phone: string) => smsCodeInLog(logLines.join('\n'), phone);
/** Lets the phone's last send be over a minute ago (the resend pause), without waiting. */
const pauseOver = (phone: string) =>
  t.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);

describe('sign-in by SMS code', () => {
  test('a code of 6 digits goes to the phone and signs in once', async () => {
    const sent = body(await send(A_MAIN));
    expect(sent).toEqual({ status: 200, msg: ACCOUNT_TEXTS.smsSent, data: { resend_after: 60 } });
    const code = codeFor(A_MAIN);
    expect(code).toMatch(/^\d{6}$/);

    const login = body<LoginResponse>(await signIn(A_MAIN, code!));
    expect(login.status).toBe(200);
    expect(login.data.user.phone).toBe(A_MAIN);
    const info = body(await t.app.inject({ url: '/api/Shop.User/info', headers: t.auth(login.data.token) }));
    expect(info.status).toBe(200);

    // Used once: the same code again is refused.
    expect(body(await signIn(A_MAIN, code!))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.codeWrong });
    // Only a hash is stored.
    const rows = await t.db
      .select()
      .from(smsCodes)
      .where(sql`phone = ${A_MAIN}`);
    expect(rows.every((r) => r.codeHash !== code && r.codeHash.length === 64)).toBe(true);
  });

  test('a code is bound to the phone it was sent to', async () => {
    await pauseOver(A_MAIN);
    await send(A_MAIN);
    const code = codeFor(A_MAIN)!;
    // Another account's phone with this code: refused.
    expect(body(await signIn('13800000003', code))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.codeWrong });
    expect(body(await signIn(A_MAIN, code)).status).toBe(200);
  });

  test('an expired code is refused', async () => {
    await pauseOver(A_MAIN);
    await send(A_MAIN);
    const code = codeFor(A_MAIN)!;
    await t.db.execute(sql`update sms_codes set expires_at = now() - interval '1 second' where phone = ${A_MAIN}`);
    expect(body(await signIn(A_MAIN, code))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.codeWrong });
  });

  test('after 5 wrong tries even the right code is refused', async () => {
    const phone = '13800000003';
    await send(phone);
    const code = codeFor(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) {
      expect(body(await signIn(phone, wrong))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.codeWrong });
    }
    // The 6th try, with the right code.
    expect(body(await signIn(phone, code))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.codeTooManyTries });
  });

  test('a second code within 60 s is refused; a new code ends the old one', async () => {
    const phone = '13800000004';
    expect(body(await send(phone)).status).toBe(200);
    const first = codeFor(phone)!;
    const again = body(await send(phone));
    expect(again.status).toBe(201);
    expect(again.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    await pauseOver(phone);
    expect(body(await send(phone)).status).toBe(200);
    const second = codeFor(phone)!;
    if (second !== first) {
      expect(body(await signIn(phone, first))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.codeWrong });
    }
    expect(body(await signIn(phone, second)).status).toBe(200);
  });

  test('a phone gets at most the daily cap of codes', async () => {
    const phone = '13800000006';
    for (let i = 0; i < 3; i++) {
      expect(body(await send(phone)).status).toBe(200);
      await pauseOver(phone);
    }
    expect(body(await send(phone))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.smsDailyCap });
  });

  test('an address gets at most the daily cap of codes, over all phones', async () => {
    const phones = Array.from({ length: 6 }, (_, i) => `1370000100${i}`);
    for (const phone of phones) expect(body(await send(phone)).status).toBe(200);
    expect(body(await send('13700001099'))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.smsDailyCap });
    // Another address still may.
    ip = '10.0.9.9';
    expect(body(await send('13700001099')).status).toBe(200);
  });

  test('a phone without an account gets the same answer, and no message', async () => {
    const phone = '13911112222';
    const answer = body(await send(phone));
    const known = body(await send('13800000002'));
    expect(answer).toEqual(known);
    expect(answer).toEqual({ status: 200, msg: ACCOUNT_TEXTS.smsSent, data: { resend_after: 60 } });
    expect(codeFor(phone)).toBeUndefined();
    // Its limits count the same: a second send within 60 s is refused as for any phone.
    expect(body(await send(phone)).msg).toMatch(/过于频繁/);
    expect(body(await signIn(phone, '123456'))).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.codeWrong });
  });

  test('a disabled account cannot sign in with a code', async () => {
    const phone = '13800000009';
    await send(phone);
    const code = codeFor(phone);
    expect(code).toBeDefined();
    expect(body(await signIn(phone, code!))).toMatchObject({ status: 201, msg: '账号已被停用，请联系主账号或客服' });
  });

  test('bad input gets Chinese messages', async () => {
    const cases: [string, object, string][] = [
      ['sendSms', { phone: '12345' }, '请输入正确的手机号'],
      ['sendSms', { phone: '13800000001', type: 'other' }, '验证码类型不正确'],
      ['senlogs', { phone: A_MAIN, code: '12ab56' }, '请输入 6 位数字验证码'],
      ['senlogs', { phone: A_MAIN }, '请输入验证码'],
      ['senlogs', { phone: A_MAIN, code: '12\u000034' }, '空字符'],
    ];
    for (const [action, payload, msg] of cases) {
      const res = await post(action, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
  });

  test('codes are 6 digits from the whole range', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newSmsCode();
      expect(code).toMatch(/^\d{6}$/);
      seen.add(code);
    }
    expect(seen.size).toBeGreaterThan(1900);
  });
});

describe('a production server without an SMS gateway', () => {
  test('says so once at start (the controller is registered under Shop. and Shopv2.)', async () => {
    const lines: string[] = [];
    const prod = await createTestApp({
      fixtures: false,
      env: { NODE_ENV: 'production', SMS_GATEWAY_URL: undefined, LOG_LEVEL: 'info' },
      logger: { stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await prod.app.ready();
      const warnings = lines.filter((l) => l.includes('SMS_GATEWAY_URL is not set'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, module: 'user' });
    } finally {
      await prod.close();
    }
  });
});
