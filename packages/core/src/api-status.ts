/**
 * The `{ status, msg, data }` envelope every API answer uses (design.md section 4) and the
 * body statuses of spec.md section 8.
 */
export const ApiStatus = {
  ok: 200,
  /** A business refusal: `msg` says why, in Chinese, for the user. */
  refused: 201,
  /** A server fault: logged with a request id, the user sees a generic message. */
  serverError: 500,
  /** The session has expired (idle or absolute limit reached). */
  loginExpired: 101,
  /** The token is unknown or was ended by a logout. */
  loginInvalid: 102,
  /** No token was sent at all. */
  loginRequired: 401,
} as const;

export type ApiStatusCode = (typeof ApiStatus)[keyof typeof ApiStatus];

export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** Body statuses after which the client must clear the login and go to /login. */
export const LOGIN_EXPIRED_STATUSES: readonly number[] = [
  ApiStatus.loginExpired,
  ApiStatus.loginInvalid,
  ApiStatus.loginRequired,
];

export function isLoginExpiredStatus(status: number): boolean {
  return LOGIN_EXPIRED_STATUSES.includes(status);
}

export const LOGIN_EXPIRED_TEXT = '登录已过期，请重新登录';
export const NO_RESPONSE_TEXT = '请求发生错误';
export const SERVER_FAULT_TEXT = '服务器繁忙，请稍后再试';

const HTTP_ERROR_TEXTS: Record<number, string> = {
  400: '请求错误(400)',
  401: LOGIN_EXPIRED_TEXT,
  403: '拒绝访问(403)',
  404: '请求出错(404)',
  408: '请求超时(408)',
  500: '服务器错误(500)',
  501: '服务未实现(501)',
  502: '网络错误(502)',
  503: '服务不可用(503)',
  504: '网络超时(504)',
  505: 'HTTP版本不受支持(505)',
};

/**
 * The toast text for an HTTP error (spec.md section 8, 'HTTP errors'). For 500 the server's
 * own message wins when it sent one.
 */
export function httpErrorText(code: number, serverMsg?: string): string {
  if (code === 500 && serverMsg) return serverMsg;
  return HTTP_ERROR_TEXTS[code] ?? `连接出错(${code})`;
}
