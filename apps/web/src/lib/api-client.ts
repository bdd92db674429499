import {
  ApiStatus,
  LOGIN_EXPIRED_TEXT,
  NO_RESPONSE_TEXT,
  httpErrorText,
  isLoginExpiredStatus,
  type Envelope,
} from '@shop/core/api-status';
import { rewriteApiPath } from '@shop/core/brand-variants';
import { variant } from './brand';
import { COOKIE, clearLoginCookies, getCookie } from './cookies';
import { notify } from './notify';

/**
 * The one api client (design.md section 7, spec.md section 8): Authorization from the
 * wx_bind_token or token cookie, `source` and `brand` headers, 15 s timeout, the brand's path
 * rewrite, the `{status,msg,data}` envelope and the whole error catalogue.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  constructor(
    message: string,
    /** Body status (201, 500, 101, ...) or HTTP status for transport errors; 0 without response. */
    readonly status: number,
    readonly kind: 'business' | 'login' | 'http' | 'network',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onLoginExpired: () => void = () => window.location.assign('/login');

/** The app registers a router navigation here; the default reloads at /login. */
export function setLoginExpiredHandler(handler: () => void): void {
  onLoginExpired = handler;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Do not toast errors (the caller shows its own). */
  silent?: boolean;
}

function buildUrl(path: string, query?: Query): string {
  const url = rewriteApiPath(variant, path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function headers(body: unknown): Record<string, string> {
  const h: Record<string, string> = { source: variant.requestSource, brand: variant.key };
  const token = getCookie(COOKIE.wxBindToken) || getCookie(COOKIE.token);
  if (token) h.Authorization = token;
  if (body !== undefined && !(body instanceof FormData)) h['Content-Type'] = 'application/json';
  return h;
}

function loginExpired(silent: boolean | undefined): ApiError {
  if (!silent) notify.error(LOGIN_EXPIRED_TEXT);
  clearLoginCookies();
  onLoginExpired();
  return new ApiError(LOGIN_EXPIRED_TEXT, ApiStatus.loginExpired, 'login');
}

/**
 * Sends a request and returns the envelope. Resolves for status 200 and for statuses the
 * catalogue passes through; rejects with ApiError (after a toast unless `silent`) otherwise.
 */
export async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: headers(options.body),
      body:
        options.body === undefined ? undefined : options.body instanceof FormData ? options.body : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    if (!options.silent) notify.error(NO_RESPONSE_TEXT);
    throw new ApiError(NO_RESPONSE_TEXT, 0, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const body = (await response.json().catch(() => undefined)) as Envelope<T> | undefined;

  if (!response.ok) {
    if (response.status === 401) throw loginExpired(options.silent);
    const text = httpErrorText(response.status, body?.msg);
    if (!options.silent) notify.error(text);
    throw new ApiError(text, response.status, 'http');
  }
  if (!body || typeof body.status !== 'number') {
    if (!options.silent) notify.error(NO_RESPONSE_TEXT);
    throw new ApiError(NO_RESPONSE_TEXT, response.status, 'network');
  }
  if (isLoginExpiredStatus(body.status)) throw loginExpired(options.silent);
  if (body.status === ApiStatus.refused || body.status === ApiStatus.serverError) {
    if (!options.silent) notify.error(body.msg);
    throw new ApiError(body.msg, body.status, 'business');
  }
  return body;
}

/** GET returning `data` of a status-200 answer. */
export async function apiGet<T>(path: string, query?: Query, options: Omit<RequestOptions, 'query'> = {}): Promise<T> {
  return dataOf(await request<T>('GET', path, { ...options, query }));
}

/** POST returning `data` of a status-200 answer. */
export async function apiPost<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return dataOf(await request<T>('POST', path, { ...options, body }));
}

function dataOf<T>(envelope: Envelope<T>): T {
  if (envelope.status !== ApiStatus.ok) throw new ApiError(envelope.msg, envelope.status, 'business');
  return envelope.data;
}
