import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Every failure answers the envelope: never a stack trace, never a 500 for a client mistake. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    fixtures: false,
    beforeReady(app) {
      app.get('/api/test/boom', async () => {
        throw new Error('database password is hunter2 at /srv/secret.ts:12');
      });
      app.post(
        '/api/test/fields',
        {
          schema: {
            body: z.object({
              name: z.string(),
              count: z.number().int().max(100),
              code: z.string().max(8),
              tags: z.array(z.string()).min(1),
            }),
          },
        },
        async () => ({ status: 200, msg: '', data: null }),
      );
    },
  });
});
afterAll(() => t.close());

/** A login request with a body the parsers look at before the route does. */
const postLogin = (request: { headers?: Record<string, string>; payload: string | object }) =>
  t.app.inject({ method: 'POST', url: '/api/Shop.User/login', ...request });

test('a thrown error answers status 500 with our request id and no details', async () => {
  const res = await t.app.inject({ url: '/api/test/boom', headers: { 'x-request-id': 'req-test-12345' } });
  expect(res.statusCode).toBe(200);
  const { status, msg, data } = body(res);
  expect(status).toBe(500);
  expect(data).toBeNull();
  // The client's X-Request-Id is not taken as ours: the answer names the id we generated.
  const id = String(res.headers['x-request-id']);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(msg).toContain(id);
  expect(msg).not.toContain('req-test-12345');
  expect(res.body).not.toMatch(/hunter2|secret\.ts|stack|at /);
  expect(Object.keys(res.json() as object).sort()).toEqual(['data', 'msg', 'status']);
});

test('the request id is generated when none is sent', async () => {
  const res = await t.app.inject({ url: '/api/test/boom' });
  const id = res.headers['x-request-id'];
  expect(typeof id).toBe('string');
  expect(body(res).msg).toContain(String(id));
});

test('malformed JSON answers 400 with a Chinese message', async () => {
  const res = await postLogin({
    headers: { 'content-type': 'application/json' },
    payload: '{"username": "a_main", "password": ',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ status: 400, msg: '请求内容不是有效的 JSON', data: null });
});

test('wrong types answer 400 with a Chinese message', async () => {
  const res = await postLogin({
    payload: { username: ['a'], password: 1 },
  });
  expect(res.statusCode).toBe(400);
  expect(body(res)).toMatchObject({ status: 400, msg: expect.stringMatching(/^请求参数错误：/), data: null });
});

test('a field without a text of its own is refused in plain Chinese, without zod’s type names', async () => {
  const valid = { name: '刹车片', count: 1, code: 'A1', tags: ['x'] };
  const refusal = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/fields', payload });
    expect(res.statusCode).toBe(400);
    return body(res).msg;
  };
  expect(await refusal({ ...valid, name: undefined })).toBe('请求参数错误：name 必填');
  expect(await refusal({ ...valid, name: 12 })).toBe('请求参数错误：name 应为文字');
  expect(await refusal({ ...valid, count: 'many' })).toBe('请求参数错误：count 应为数字');
  expect(await refusal({ ...valid, count: 101 })).toBe('请求参数错误：count 不能大于 100');
  expect(await refusal({ ...valid, code: 'ABCDEFGHI' })).toBe('请求参数错误：code 不能超过 8 个字符');
  expect(await refusal({ ...valid, tags: [] })).toBe('请求参数错误：tags 不能为空');
});

test('a body over the limit answers 413', async () => {
  const res = await postLogin({
    payload: { username: 'a_main', password: 'x'.repeat(2 * 1024 * 1024) },
  });
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ status: 413, msg: '请求内容过大', data: null });
});

test('an unknown path answers 404 in the envelope', async () => {
  for (const url of ['/api/Shop.Nothing/here', '/api/Shop.User/nothing', '/api/Shopv2.User/nothing']) {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ status: 404, data: null });
    expect(body(res).msg).toContain('接口不存在');
  }
});

test('an unsupported content type answers 415 in the envelope', async () => {
  const res = await postLogin({
    headers: { 'content-type': 'application/xml' },
    payload: '<login/>',
  });
  expect(res.statusCode).toBe(415);
  expect(body(res)).toMatchObject({ status: 415, msg: '不支持的请求内容类型' });
});
