import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { redactUrl } from '../src/lib/logging';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * What the server writes to its log: secrets never (tokens in URLs, passwords, the
 * Authorization and Cookie headers), one line per request (debug; warn when slow, error on
 * 5xx), our own request id with the client's X-Request-Id only beside it.
 */
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  clientReqId?: string;
  status?: number;
  [key: string]: unknown;
}
const DEBUG = 20;
const WARN = 40;
const ERROR = 50;

function logCapture() {
  const raw: string[] = [];
  return {
    raw,
    stream: { write: (line: string) => void raw.push(line) },
    lines: () => raw.map((line) => JSON.parse(line) as LogLine),
    clear: () => void raw.splice(0),
  };
}

const SESSION_TOKEN = 'f3a9c1d2e4b5a6978877665544332211';
const capture = logCapture();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug', LOG_SLOW_REQUEST_MS: '600000' },
    logger: { stream: capture.stream },
    beforeReady(app) {
      app.post('/api/test/log-body', async (request) => {
        request.log.info({ body: request.body, headers: request.headers }, 'body received');
        return { status: 200, msg: 'ok', data: null };
      });
      app.get('/api/test/boom', async () => {
        throw new Error('boom');
      });
      app.get('/api/test/bad-gateway', async (_request, reply) =>
        reply.code(502).send({ status: 502, msg: '网络错误(502)', data: null }),
      );
    },
  });
});
afterAll(() => t.close());

describe('secrets', () => {
  test('redactUrl hides the values of token-like query parameters only', () => {
    expect(redactUrl(`/home?shopUser=${SESSION_TOKEN}&page=2`)).toBe('/home?shopUser=[REDACTED]&page=2');
    expect(redactUrl('/a?keyword=A000&access_token=x&Password=y&sms_code=1&code')).toBe(
      '/a?keyword=A000&access_token=[REDACTED]&Password=[REDACTED]&sms_code=[REDACTED]&code',
    );
    expect(redactUrl('/api/Shop.Cart/getList')).toBe('/api/Shop.Cart/getList');
  });

  test('no log line carries a session token, password, Authorization or Cookie value', async () => {
    capture.clear();
    const token = await t.loginAs('aMain');
    await t.app.inject({
      method: 'POST',
      url: '/api/Shop.User/login',
      payload: { username: 'a_main', password: 'wrong-secret-pw-1' },
    });
    await t.app.inject({ url: `/api/Shop.Cart/count?shopUser=${SESSION_TOKEN}`, headers: t.auth(token) });
    await t.app.inject({ url: `/parts/result?shopUser=${SESSION_TOKEN}&keyword=A0004200420` });
    await t.app.inject({ url: `/api/Shop.Nothing/here?token=${SESSION_TOKEN}` });
    await t.app.inject({ url: `/api/test/boom?shopUser=${SESSION_TOKEN}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/test/log-body?password=${SESSION_TOKEN}`,
      headers: { authorization: token, cookie: `token=${SESSION_TOKEN}` },
      payload: { username: 'a_main', password: 'wrong-secret-pw-2', token: SESSION_TOKEN },
    });

    const text = capture.raw.join('');
    // The lines exist (the URLs are logged, with the secret replaced) ...
    expect(text).toContain('shopUser=[REDACTED]');
    expect(text).toContain('body received');
    expect(text).toContain('unhandled error');
    // ... and no secret is in any of them.
    for (const secret of [SESSION_TOKEN, token, 'wrong-secret-pw-1', 'wrong-secret-pw-2']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('one line per request', () => {
  test('a request writes one debug line with method, path, status and time, and nothing at info', async () => {
    capture.clear();
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const lines = capture.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: DEBUG,
      status: 200,
      msg: expect.stringMatching(/^GET \/api\/health 200 \d+ms$/),
    });
    expect(capture.raw.join('')).not.toMatch(/incoming request|request completed/);
  });

  test('an HTTP 5xx answer is logged at error level', async () => {
    capture.clear();
    await t.app.inject({ url: '/api/test/bad-gateway' });
    expect(capture.lines()).toEqual([
      expect.objectContaining({
        level: ERROR,
        status: 502,
        msg: expect.stringMatching(/^GET \/api\/test\/bad-gateway 502/),
      }),
    ]);
  });

  test('a request slower than LOG_SLOW_REQUEST_MS is logged at warn level', async () => {
    const slow = logCapture();
    const app: FastifyInstance = await buildApp({
      config: { ...t.config, LOG_SLOW_REQUEST_MS: 1 },
      database: t.database,
      logger: { stream: slow.stream },
    });
    app.get('/api/test/wait', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { status: 200, msg: 'ok', data: null };
    });
    try {
      await app.inject({ url: '/api/test/wait' });
    } finally {
      await app.close();
    }
    expect(slow.lines().filter((line) => line.reqId)).toEqual([
      expect.objectContaining({
        level: WARN,
        msg: expect.stringMatching(/^slow request: GET \/api\/test\/wait 200 \d+ms$/),
      }),
    ]);
  });
});

describe('request ids', () => {
  test("the client's X-Request-Id is not our id: logged apart, shortened, and ours is answered", async () => {
    capture.clear();
    const given = `attacker-chosen-${'x'.repeat(200)}`;
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
    const ours = String(res.headers['x-request-id']);
    expect(ours).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [line] = capture.lines();
    expect(line?.reqId).toBe(ours);
    expect(line?.clientReqId).toBe(given.slice(0, 64));
  });

  test('two requests with the same client id get different ids', async () => {
    const headers = { 'x-request-id': 'same-id-12345678' };
    const a = await t.app.inject({ url: '/api/health', headers });
    const b = await t.app.inject({ url: '/api/health', headers });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(a.headers['x-request-id']).not.toBe('same-id-12345678');
  });
});
