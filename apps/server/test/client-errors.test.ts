import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Requests the router or Node's HTTP parser refuse, and clients too slow to send their headers
 * or body (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS), answer the `{status,msg,data}` envelope:
 * on a listening server, through a raw socket. No timing is asserted: a request past its time
 * must get its 408, and the test only waits for it.
 */
let t: TestApp;
let port = 0;
let lines: string[];

beforeAll(async () => {
  lines = [];
  t = await createTestApp({
    fixtures: false,
    env: { REQUEST_TIMEOUT_MS: '400', HEADERS_TIMEOUT_MS: '200', LOG_LEVEL: 'warn' },
    logger: { stream: { write: (line: string) => void lines.push(line) } },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawAnswer {
  statusLine: string;
  headers: string;
  body: unknown;
}

/**
 * Sends `head` (and then each of `trickle`, one every 100 ms, until the server closes) and
 * reads the answer up to the close of the connection.
 */
function rawRequest(head: string, trickle: string[] = []): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      try {
        resolve({ statusLine, headers: headerLines.join('\n'), body: JSON.parse(text.slice(split + 4)) });
      } catch (err) {
        reject(new Error(`answer is not JSON: ${JSON.stringify(text)}`, { cause: err }));
      }
    });
    socket.write(head);
    const rest = [...trickle];
    if (rest.length > 0) {
      timer = setInterval(() => {
        const next = rest.shift();
        if (next === undefined || socket.destroyed) return clearInterval(timer);
        socket.write(next);
      }, 100);
    }
  });
}

test('a URL with a broken percent escape answers 400 in the envelope', async () => {
  for (const path of ['/api/Shop.Cart/getList%', '/%E0%A4%A']) {
    const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({ status: 400, msg: '请求地址不正确', data: null });
  }
});

test('a request the HTTP parser cannot read answers 400 in the envelope', async () => {
  const answer = await rawRequest('GET /api/health HTTP/1.1\r\nHost localhost\r\n\r\n');
  expect(answer.statusLine).toMatch(/^HTTP\/1\.1 400 /);
  expect(answer.body).toEqual({ status: 400, msg: '请求错误(400)', data: null });
});

test('headers that never end answer 408 in the envelope', async () => {
  const answer = await rawRequest('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
  expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
  expect(answer.body).toEqual({ status: 408, msg: '请求超时(408)', data: null });
});

test('a body trickling in slower than the request time-out answers 408 and the connection closes', async () => {
  const payload = JSON.stringify({ username: 'a_main', password: 'demo1234' });
  const head =
    'POST /api/Shop.User/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${payload.length}\r\n\r\n${payload.slice(0, 2)}`;
  // One byte every 100 ms: the whole body would take seconds; the server closes first.
  const answer = await rawRequest(head, [...payload.slice(2)]);
  expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
  expect(answer.body).toEqual({ status: 408, msg: '请求超时(408)', data: null });
});

test('none of these was logged as a server fault', () => {
  expect(lines.join('')).not.toMatch(/"level":50/);
});
