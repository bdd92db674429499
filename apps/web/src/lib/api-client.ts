import {
  ApiStatus,
  LOGIN_EXPIRED_TEXT,
  NO_RESPONSE_TEXT,
  httpErrorText,
  isLoginExpiredStatus,
  type Envelope,
} from '@shop/core/api-status';
import { rewriteApiPath } from '@shop/core/brand-variants';
import {
  ApiError,
  EMPTY_REFUSAL_TEXT,
  REQUEST_TIMEOUT_MS,
  isEnvelope,
  isEnvelopeAnswer,
  readDownloadedFile,
  saveDownloadedFile,
  withQuery,
  type DownloadProgress,
  type DownloadedFile,
  type Query,
} from '@shop/ui/api';
import { variant } from './brand';
import { COOKIE, clearLoginCookies, getCookie } from './cookies';
import { notify } from './notify';

/**
 * The one api client (design.md section 7, spec.md section 8): Authorization from the
 * wx_bind_token or token cookie, `source` and `brand` headers, 15 s timeout, the brand's path
 * rewrite, the `{status,msg,data}` envelope and the whole error catalogue.
 */
/**
 * Uploads (feedback files up to 100 MB) cannot finish in 15 s on an ordinary line; they get a
 * longer limit and report progress instead.
 */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** 429 is not in the catalogue; the server's own message (how long to wait) is clearer than '连接出错(429)'. */
export const TOO_MANY_REQUESTS_TEXT = '请求过于频繁，请稍后再试';

export {
  ApiError,
  EMPTY_REFUSAL_TEXT,
  REQUEST_TIMEOUT_MS,
  saveDownloadedFile,
  type DownloadProgress,
  type DownloadedFile,
  type Query,
};

let onLoginExpired: () => void = () => window.location.assign('/login');
/** Several requests failing together with an expired login toast and navigate only once. */
const LOGIN_EXPIRED_DEDUPE_MS = 2_000;
let lastLoginExpiredAt = Number.NEGATIVE_INFINITY;

/** The app registers a router navigation here; the default reloads at /login. */
export function setLoginExpiredHandler(handler: () => void): void {
  onLoginExpired = handler;
}

export interface RequestOptions {
  query?: Query;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
}

const buildUrl = (path: string, query?: Query): string => withQuery(rewriteApiPath(variant, path), query);

function headers(body: unknown): Record<string, string> {
  const h: Record<string, string> = { source: variant.requestSource, brand: variant.key };
  const token = getCookie(COOKIE.wxBindToken) || getCookie(COOKIE.token);
  if (token) h.Authorization = token;
  if (body !== undefined && !(body instanceof FormData)) h['Content-Type'] = 'application/json';
  return h;
}

/**
 * The client never shows an error itself (an expired login aside): the query and mutation caches
 * do, once per failure (query-client.ts), and a caller outside them uses `notifyError`.
 */
function fail(text: string, status: number, kind: ApiError['kind']): ApiError {
  return new ApiError(text, status, kind);
}

/**
 * True for the server's refusal (body status 201: '商品不存在', '分类不存在'), as opposed to a
 * server fault (500), an HTTP error or no answer, which a page offers to retry.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'business' && error.status === ApiStatus.refused;
}

function loginExpired(): ApiError {
  clearLoginCookies();
  const now = Date.now();
  if (now - lastLoginExpiredAt > LOGIN_EXPIRED_DEDUPE_MS) {
    lastLoginExpiredAt = now;
    // Said here, once for all the calls failing together (the caches skip kind 'session'): the page
    // is left for /login.
    notify.error(LOGIN_EXPIRED_TEXT);
    onLoginExpired();
  }
  return new ApiError(LOGIN_EXPIRED_TEXT, ApiStatus.loginExpired, 'session');
}

/** Applies the error catalogue to an HTTP answer; returns the envelope or throws ApiError. */
function interpret<T>(httpStatus: number, body: unknown): Envelope<T> {
  const envelope = isEnvelope(body) ? (body as Envelope<T>) : undefined;
  if (httpStatus < 200 || httpStatus >= 300) {
    if (httpStatus === 401) throw loginExpired();
    const text =
      httpStatus === 429 ? envelope?.msg || TOO_MANY_REQUESTS_TEXT : httpErrorText(httpStatus, envelope?.msg);
    throw fail(text, httpStatus, 'http');
  }
  if (!envelope) throw fail(NO_RESPONSE_TEXT, httpStatus, 'network');
  if (isLoginExpiredStatus(envelope.status)) throw loginExpired();
  if (envelope.status === ApiStatus.refused || envelope.status === ApiStatus.serverError) {
    throw fail(envelope.msg || EMPTY_REFUSAL_TEXT, envelope.status, 'business');
  }
  return envelope;
}

/**
 * Sends a request and returns the envelope. Resolves for status 200 and for statuses the
 * catalogue passes through; rejects with ApiError otherwise (shown by the caches, not here).
 */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abortFromCaller();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: headers(options.body),
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw fail(NO_RESPONSE_TEXT, 0, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const body: unknown = await response.json().catch(() => undefined);
  return interpret<T>(response.status, body);
}

/** GET returning `data` of a status-200 answer. */
export async function apiGet<T>(path: string, query?: Query, options: Omit<RequestOptions, 'query'> = {}): Promise<T> {
  return dataOf(await request<T>('GET', path, { ...options, query }));
}

/** POST returning `data` of a status-200 answer. */
export async function apiPost<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return dataOf(await request<T>('POST', path, { ...options, body }));
}

export interface UploadOptions {
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  /** Called with the answer's msg on success (e.g. an import's summary). */
  onMessage?: (msg: string) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with upload progress (fetch cannot report it) and returns `data` of a
 * status-200 answer. Same headers, path rewrite and error catalogue as `request`.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    for (const [name, value] of Object.entries(headers(form))) xhr.setRequestHeader(name, value);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      try {
        const envelope = interpret<T>(xhr.status, body);
        const data = dataOf(envelope);
        options.onMessage?.(envelope.msg);
        resolve(data);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      reject(fail(NO_RESPONSE_TEXT, 0, 'network'));
    };
    xhr.onabort = () => {
      done();
      reject(options.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    };
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

export interface DownloadOptions extends Pick<RequestOptions, 'signal'> {
  /** Called as the body arrives (read chunk by chunk), so a button can show percent or bytes. */
  onProgress?: DownloadProgress;
}

/**
 * GETs a file (same headers, path rewrite and timeout as `request`). An envelope answer (a
 * refusal such as 'nothing to export', or an expired login) goes through the error catalogue.
 */
export async function apiDownload(
  path: string,
  query: Query | undefined,
  fallbackName: string,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: headers(undefined), signal: controller.signal });
    if (isEnvelopeAnswer(response)) {
      const body: unknown = await response.json().catch(() => undefined);
      interpret(response.status, body);
      throw fail(NO_RESPONSE_TEXT, response.status, 'network');
    }
    return await readDownloadedFile(response, fallbackName, options.onProgress);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw fail(NO_RESPONSE_TEXT, 0, 'network');
  } finally {
    clearTimeout(timer);
  }
}

function dataOf<T>(envelope: Envelope<T>): T {
  if (envelope.status !== ApiStatus.ok) throw new ApiError(envelope.msg, envelope.status, 'business');
  return envelope.data;
}
