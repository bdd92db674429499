import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRAND_VARIANTS } from '@shop/core/brand-variants';
import type * as ClientModuleNs from './api-client';
import type * as CookiesModuleNs from './cookies';

type ClientModule = typeof ClientModuleNs;

const toasts: string[] = [];
let client: ClientModule;
let cookies: typeof CookiesModuleNs;
let onExpired: ReturnType<typeof vi.fn<() => void>>;
const fetchMock = vi.fn();

function answer(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Loads a fresh api client serving `brand`. */
async function load(brand: keyof typeof BRAND_VARIANTS = 'frey'): Promise<void> {
  vi.resetModules();
  window.__SHOP_VARIANT__ = BRAND_VARIANTS[brand];
  client = await import('./api-client');
  cookies = await import('./cookies');
  const { setNotifier } = await import('./notify');
  setNotifier({ error: (text) => toasts.push(text), success: () => undefined });
  onExpired = vi.fn<() => void>();
  client.setLoginExpiredHandler(onExpired);
}

beforeEach(async () => {
  toasts.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await load();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.__SHOP_VARIANT__;
  for (const name of ['token', 'username', 'phone', 'login', 'wx_bind_token']) cookies.removeCookie(name);
});

describe('api client: envelope statuses', () => {
  it('200 resolves with data and sends the token, source and brand headers', async () => {
    cookies.setCookie('token', 'tok-1');
    fetchMock.mockResolvedValueOnce(answer({ status: 200, msg: 'ok', data: { a: 1 } }));
    await expect(client.apiGet('/api/Shop.User/info', { id: 3, skip: undefined })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/Shop.User/info?id=3');
    expect(init.headers).toMatchObject({ Authorization: 'tok-1', source: 'frey_pc', brand: 'frey' });
    expect(toasts).toEqual([]);
  });

  it('prefers the wx_bind_token cookie for Authorization', async () => {
    cookies.setCookie('token', 'tok-1');
    cookies.setCookie('wx_bind_token', 'wx-9');
    fetchMock.mockResolvedValueOnce(answer({ status: 200, msg: '', data: null }));
    await client.apiPost('/api/Shop.User/logout');
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).toMatchObject({ Authorization: 'wx-9' });
  });

  it.each([201, 500])('%i shows the server msg and rejects', async (status) => {
    fetchMock.mockResolvedValueOnce(answer({ status, msg: '库存不足', data: null }));
    await expect(client.apiPost('/api/Shop.Cart/add', { product_id: 1 })).rejects.toMatchObject({
      message: '库存不足',
      status,
      kind: 'business',
    });
    // The client shows nothing itself: the query and mutation caches do (query-client.test.ts).
    expect(toasts).toEqual([]);
  });

  it.each([101, 102, 401])('body status %i: login expired, cookies cleared, sent to /login', async (status) => {
    cookies.setCookie('token', 't');
    cookies.setCookie('username', 'u');
    cookies.setCookie('phone', '13800000001');
    fetchMock.mockResolvedValueOnce(answer({ status, msg: 'x', data: null }));
    await expect(client.apiGet('/api/Shop.User/info')).rejects.toMatchObject({ kind: 'session' });
    expect(toasts).toEqual(['登录已过期，请重新登录']);
    expect(cookies.getCookie('token')).toBeUndefined();
    expect(cookies.getCookie('username')).toBeUndefined();
    expect(cookies.getCookie('phone')).toBeUndefined();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('several requests expiring together toast and navigate once', async () => {
    fetchMock.mockImplementation(async () => answer({ status: 102, msg: '', data: null }));
    const results = await Promise.allSettled([client.apiGet('/a'), client.apiGet('/b'), client.apiGet('/c')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(toasts).toEqual(['登录已过期，请重新登录']);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('other body statuses pass through to the caller of request()', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: 404, msg: '未识别', data: null }));
    await expect(client.request('POST', '/api/Vin/ocr', { body: {} })).resolves.toMatchObject({ status: 404 });
    expect(toasts).toEqual([]);
  });

  it('a request that finds the login expired says so itself: the page is left for /login', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: 401, msg: '', data: null }));
    await expect(client.apiPost('/api/Shop.Accessory/batchSearch', {})).rejects.toMatchObject({
      kind: 'session',
    });
    expect(toasts).toEqual(['登录已过期，请重新登录']);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a refusal without a message says that the operation failed, not nothing', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: 201, msg: '', data: null }));
    await expect(client.apiPost('/api/Shop.Cart/add', { product_id: 1 })).rejects.toMatchObject({
      message: '操作失败，请稍后再试',
      status: 201,
    });
    // The client shows nothing itself: the query and mutation caches do (query-client.test.ts).
    expect(toasts).toEqual([]);
  });
});

describe('api client: HTTP errors', () => {
  it.each([
    [400, '请求错误(400)'],
    [403, '拒绝访问(403)'],
    [404, '请求出错(404)'],
    [408, '请求超时(408)'],
    [500, '服务器错误(500)'],
    [501, '服务未实现(501)'],
    [502, '网络错误(502)'],
    [503, '服务不可用(503)'],
    [504, '网络超时(504)'],
    [505, 'HTTP版本不受支持(505)'],
    [418, '连接出错(418)'],
  ])('%i → %s', async (code, text) => {
    fetchMock.mockResolvedValueOnce(answer('not json', code));
    await expect(client.apiGet('/api/Shop.X/y')).rejects.toMatchObject({ message: text, status: code, kind: 'http' });
    // The client shows nothing itself: the query and mutation caches do (query-client.test.ts).
    expect(toasts).toEqual([]);
  });

  it('500 shows the server message when it sent one', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: 500, msg: '数据库不可用', data: null }, 500));
    await expect(client.apiGet('/api/health')).rejects.toMatchObject({ message: '数据库不可用' });
  });

  it('HTTP 401 is a login expiry', async () => {
    cookies.setCookie('token', 't');
    fetchMock.mockResolvedValueOnce(answer({ status: 401, msg: '', data: null }, 401));
    await expect(client.apiGet('/api/Shop.User/info')).rejects.toMatchObject({ kind: 'session' });
    expect(toasts).toEqual(['登录已过期，请重新登录']);
    expect(cookies.getCookie('token')).toBeUndefined();
    expect(onExpired).toHaveBeenCalled();
  });

  it('429 shows the rate-limit message of the server', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ status: 429, msg: '登录尝试过于频繁，请 15 分钟后再试', data: null }, 429),
    );
    await expect(client.apiPost('/api/Shop.User/login', {})).rejects.toMatchObject({
      message: '登录尝试过于频繁，请 15 分钟后再试',
    });
  });

  it('no response at all → 请求发生错误', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.apiGet('/api/Shop.Index/index')).rejects.toMatchObject({
      message: '请求发生错误',
      status: 0,
      kind: 'network',
    });
    // The client shows nothing itself: the query and mutation caches do (query-client.test.ts).
    expect(toasts).toEqual([]);
  });

  it('a 200 answer without an envelope → 请求发生错误', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html></html>', { status: 200 }));
    await expect(client.apiGet('/api/Shop.Index/index')).rejects.toMatchObject({ message: '请求发生错误' });
  });

  it('times out after 15 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const pending = client.apiGet('/slow');
    const assertion = expect(pending).rejects.toMatchObject({ message: '请求发生错误' });
    await vi.advanceTimersByTimeAsync(client.REQUEST_TIMEOUT_MS);
    await assertion;
  });

  it("a caller's abort is passed on without a toast", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const pending = client.apiGet('/slow', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(toasts).toEqual([]);
  });
});

describe('api client: path rewrite', () => {
  it('keeps /Shop. paths for a brand without the rewrite', async () => {
    fetchMock.mockImplementation(async () => answer({ status: 200, msg: '', data: null }));
    await client.apiGet('/api/Shop.Index/index');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/Shop.Index/index');
  });

  it('rewrites /Shop. to /Shopv2. for a Shopv2 brand, except VIN endpoints', async () => {
    await load('eurox');
    fetchMock.mockImplementation(async () => answer({ status: 200, msg: '', data: null }));
    await client.apiGet('/api/Shop.Index/index');
    await client.apiPost('/api/Shop.Vin/searchproduct', { vin: 'x' });
    await client.apiPost('/api/Vin/ocr', { filebase64: '' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/Shopv2.Index/index',
      '/api/Shop.Vin/searchproduct',
      '/api/Vin/ocr',
    ]);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).toMatchObject({ source: 'eurox_pc', brand: 'eurox' });
  });
});
