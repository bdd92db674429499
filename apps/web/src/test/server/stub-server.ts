import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/**
 * The one way web tests stub the server: a tiny fetch router. Routes are 'METHOD /path' (the
 * path as the app asks for it, without the query); a handler gets the call and returns the
 * envelope's `data` (answered with status 200), a `reply(...)` for another envelope or HTTP
 * status, or a Response. A call without a route fails the test's request with a 500 envelope
 * and is recorded in `unmatched`.
 *
 *   const server = stubServerPerTest();
 *   server.use({ ...cartHandlers(), 'POST /api/Shop.Collection/toggle': () => ({ is_sub: 1 }) });
 */
export interface StubCall {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body (parsed), the FormData, or undefined. */
  body: unknown;
  /** The request headers (names in lower case). */
  headers: Record<string, string>;
}

export type StubAnswer = unknown;
export type StubHandler = (call: StubCall) => StubAnswer | Promise<StubAnswer>;
export type StubRoutes = Record<string, StubHandler>;

const REPLY = Symbol('reply');

interface Reply {
  [REPLY]: true;
  status: number;
  msg: string;
  data: unknown;
  httpStatus: number;
}

/** Another envelope than 200: `reply.refused('北京仓暂无库存')`, `reply.http(429, '...')`. */
export const reply = {
  envelope: (status: number, msg: string, data: unknown = null, httpStatus = 200): Reply => ({
    [REPLY]: true,
    status,
    msg,
    data,
    httpStatus,
  }),
  ok: (data: unknown, msg = 'ok') => reply.envelope(200, msg, data),
  refused: (msg: string) => reply.envelope(201, msg),
  serverError: (msg = '服务异常') => reply.envelope(500, msg),
  loginExpired: () => reply.envelope(101, '登录已过期'),
  http: (httpStatus: number, msg = '') => reply.envelope(httpStatus, msg, null, httpStatus),
  /** No answer at all (the connection failed): fetch rejects, an upload calls onerror. */
  networkError: (): typeof NETWORK_ERROR => NETWORK_ERROR,
};

const NETWORK_ERROR = Symbol('network error');

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

function json(status: number, msg: string, data: unknown, httpStatus = 200): Response {
  return new Response(JSON.stringify({ status, msg, data }), {
    status: httpStatus,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface StubServer {
  /** The fetch mock itself (for `toHaveBeenCalledTimes` and the like; uploads are in `calls`). */
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  /** Every call, in order. */
  calls: StubCall[];
  /** Calls that had no route. */
  unmatched: StubCall[];
  /** Adds or replaces routes. */
  use(routes: StubRoutes): StubServer;
  /** The calls made to one route ('POST /api/Shop.Cart/add'). */
  callsTo(route: string): StubCall[];
  reset(): void;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

/**
 * A stub server installed as the global fetch and XMLHttpRequest (uploads), both answered from
 * the same routes (remove it with `vi.unstubAllGlobals()`).
 */
export function stubServer(routes: StubRoutes = {}): StubServer {
  const table = new Map<string, StubHandler>(Object.entries(routes));
  const calls: StubCall[] = [];
  const unmatched: StubCall[] = [];
  async function answer(
    method: string,
    address: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Response | typeof NETWORK_ERROR> {
    const url = new URL(address, 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    const call: StubCall = { method, path: url.pathname, query, body, headers };
    calls.push(call);
    const handler = table.get(`${method} ${url.pathname}`);
    if (!handler) {
      unmatched.push(call);
      return json(500, `no stub for ${method} ${url.pathname}`, null);
    }
    const result = await handler(call);
    if (result === NETWORK_ERROR || result instanceof Response) return result;
    if (isReply(result)) return json(result.status, result.msg, result.data, result.httpStatus);
    return json(200, 'ok', result ?? null);
  }
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const address = String(input instanceof Request ? input.url : input);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name.toLowerCase()] = value));
    const result = await answer((init?.method ?? 'GET').toUpperCase(), address, parseBody(init?.body), headers);
    if (result === NETWORK_ERROR) throw new TypeError('Failed to fetch');
    return result;
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', uploadStub(answer));
  const server: StubServer = {
    fetch: fetchMock,
    calls,
    unmatched,
    use(more) {
      for (const [route, handler] of Object.entries(more)) table.set(route, handler);
      return server;
    },
    callsTo(route) {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
    reset() {
      table.clear();
      calls.length = 0;
      unmatched.length = 0;
    },
  };
  return server;
}

/**
 * A stub server for each test of the file: installed before each test with `routes`, removed
 * with the rendered screen afterwards. Read it through the returned getter's fields.
 */
export function stubServerPerTest(routes: StubRoutes | (() => StubRoutes) = {}): StubServer {
  let current: StubServer | undefined;
  beforeEach(() => {
    current = stubServer(typeof routes === 'function' ? routes() : routes);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  // A view of the current test's server.
  return new Proxy({} as StubServer, {
    get: (_target, key) => {
      if (!current) throw new Error('stubServerPerTest: used outside a test');
      return current[key as keyof StubServer];
    },
  });
}

type Answer = (
  method: string,
  address: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<Response | typeof NETWORK_ERROR>;

/**
 * The XMLHttpRequest of uploads (api-client's apiUpload): the request goes to the stub's routes
 * (the body is the FormData), reports its upload progress once, then loads or fails.
 */
function uploadStub(answer: Answer) {
  return class StubXhr {
    method = '';
    url = '';
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private aborted = false;
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: FormData) {
      void answer(this.method, this.url, body, this.headers).then(async (result) => {
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (result === NETWORK_ERROR) return this.onerror?.();
        this.status = result.status;
        this.responseText = await result.text();
        this.onload?.();
      });
    }
  };
}
