import { ApiStatus, NO_RESPONSE_TEXT, httpErrorText, type Envelope } from '@shop/core/api-status';
import { STAFF_SESSION_EXPIRED_TEXT } from '@shop/core/staff-permissions';
import { ApiError, EMPTY_REFUSAL_TEXT, REQUEST_TIMEOUT_MS, isEnvelope, isEnvelopeAnswer } from '@shop/ui/api';
import { readDownloadedFile, withQuery, type DownloadProgress, type DownloadedFile, type Query } from '@shop/ui/api';
import { clearStaffToken, getStaffToken } from './session-token';

/**
 * The back office's api client for /api/admin: the staff token as Authorization, a 15 s limit,
 * the `{status,msg,data}` envelope. A missing, ended or expired staff session (HTTP 401) clears
 * the token and hands over to the session-expiry handler once (the app goes to the login page
 * with the return path). It shows nothing itself: the query and mutation caches do, once.
 */
export { ApiError, EMPTY_REFUSAL_TEXT, REQUEST_TIMEOUT_MS, type DownloadedFile, type DownloadProgress, type Query };

let onSessionExpired: () => void = () => {};
let expiryReported = false;

/** The app registers here what an ended staff session does (back to /login?redirect=...). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
  expiryReported = false;
}

/** A new login re-arms the expiry handler. */
export function sessionStarted(): void {
  expiryReported = false;
}

/** The path with the query's values; empty filters are left out. */
export const buildUrl = (path: string, query?: Query): string => withQuery(path, query, true);

function sessionEnded(msg: string | undefined): ApiError {
  const hadToken = getStaffToken() !== null;
  clearStaffToken();
  if (hadToken && !expiryReported) {
    expiryReported = true;
    onSessionExpired();
  }
  return new ApiError(msg || STAFF_SESSION_EXPIRED_TEXT, 401, 'session');
}

function send(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = getStaffToken();
  if (token) headers.Authorization = token;
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  return fetch(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => {
    throw new ApiError(NO_RESPONSE_TEXT, 0, 'network');
  });
}

export async function request<T>(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown): Promise<T> {
  return interpret<T>(await send(method, path, query, body));
}

/** The envelope's data, or the ApiError the answer means. */
export async function interpret<T>(response: Response): Promise<T> {
  const parsed: unknown = await response.json().catch(() => undefined);
  const envelope = isEnvelope(parsed) ? (parsed as Envelope<T>) : undefined;
  if (response.status === 401) throw sessionEnded(envelope?.msg);
  if (!response.ok) {
    // 403 (no permission), 400 (bad input), 429 (too many logins) carry the server's own words.
    const text = envelope?.msg || httpErrorText(response.status);
    throw new ApiError(text, response.status, 'http');
  }
  if (!envelope) throw new ApiError(NO_RESPONSE_TEXT, response.status, 'network');
  if (envelope.status !== ApiStatus.ok) {
    throw new ApiError(envelope.msg || EMPTY_REFUSAL_TEXT, envelope.status, 'business');
  }
  return envelope.data;
}

/**
 * GETs a file, reporting its progress as the body arrives. An envelope instead of a file (a
 * refusal such as '没有可导出的订单', an ended session) becomes the ApiError it means.
 */
export async function apiDownload(
  path: string,
  query: Query | undefined,
  fallbackName: string,
  onProgress?: DownloadProgress,
): Promise<DownloadedFile> {
  const response = await send('GET', path, query);
  if (isEnvelopeAnswer(response)) {
    await interpret(response);
    throw new ApiError(EMPTY_REFUSAL_TEXT, response.status, 'business');
  }
  return readDownloadedFile(response, fallbackName, onProgress ?? (() => {}));
}

export const apiGet = <T>(path: string, query?: Query) => request<T>('GET', path, query);
export const apiPost = <T>(path: string, body: unknown = {}) => request<T>('POST', path, undefined, body);

/** Uploads take longer than a call: a video of 50MB on a slow line. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * POSTs a multipart form (XMLHttpRequest, for its upload progress: `onProgress` gets 0-100) and
 * reads the answer as any call (the envelope, an ended session, a refusal).
 */
export function apiUpload<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = getStaffToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status > 599) return reject(new ApiError(NO_RESPONSE_TEXT, 0, 'network'));
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': 'application/json' },
      });
      interpret<T>(response).then(resolve, reject);
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new ApiError(NO_RESPONSE_TEXT, 0, 'network'));
    xhr.send(form);
  });
}
