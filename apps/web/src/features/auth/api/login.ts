import type { LoginRequest, LoginResponse } from '@shop/core/api/user';
import type {
  BindAccountRequest,
  SendSmsResponse,
  SmsLoginRequest,
  WxLoginResponse,
  WxStartResponse,
} from '@shop/core/api/account';
import { apiPost, request } from '../../../lib/api-client';
import { COOKIE, removeCookie, setCookie } from '../../../lib/cookies';

/** POST /api/Shop.User/login: account name or phone + password. Errors are shown by the page. */
export function login(values: LoginRequest): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/api/Shop.User/login', values);
}

const DAY_MS = 86_400_000;

/**
 * Keeps the session in cookies: the token (until the session's absolute expiry), username and
 * phone, and the 'login' cookie that makes the route guard send an activity account to the
 * activity zone once.
 */
export function storeLogin(response: LoginResponse, now: number = Date.now()): void {
  const expires = Date.parse(response.expires_at);
  const days = Number.isFinite(expires) && expires > now ? (expires - now) / DAY_MS : undefined;
  setCookie(COOKIE.token, response.token, days);
  setCookie(COOKIE.username, response.user.username, days);
  setCookie(COOKIE.phone, response.user.phone, days);
  setCookie(COOKIE.login, '1');
  // A WeChat binding token would take the place of the new session's (api-client.ts).
  removeCookie(COOKIE.wxBindToken);
}

/** POST wx_login without a code: WeChat's QR address, or why there is none ('' and the message). */
export async function startWxLogin(): Promise<{ authorize_url: string; message: string }> {
  const envelope = await request<WxStartResponse>('POST', '/api/Shop.User/wx_login', { body: {} });
  return { authorize_url: envelope.data.configured ? envelope.data.authorize_url : '', message: envelope.msg };
}

/** POST sendSms (a sign-in code); answers the seconds before the next may be asked for and the msg. */
export async function sendLoginCode(phone: string): Promise<{ resendAfter: number; message: string }> {
  const envelope = await request<SendSmsResponse>('POST', '/api/Shop.User/sendSms', { body: { phone, type: 'login' } });
  return { resendAfter: envelope.data.resend_after, message: envelope.msg };
}

/** POST senlogs: signs in with the phone and the code sent to it. */
export function smsLogin(values: SmsLoginRequest): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/api/Shop.User/senlogs', values);
}

/** POST wx_login / binding_wx with what WeChat sent back to /bind_wx. */
export function finishWx(action: 'wx_login' | 'binding_wx', input: { code: string; state: string }) {
  return request<WxLoginResponse | WxStartResponse>('POST', `/api/Shop.User/${action}`, { body: input });
}

/** Keeps a binding token until it expires (the api client sends it as Authorization meanwhile). */
export function storeBindToken(response: WxLoginResponse, now: number = Date.now()): void {
  const expires = Date.parse(response.bind_expires_at);
  const days = Number.isFinite(expires) && expires > now ? (expires - now) / DAY_MS : 10 / (24 * 60);
  setCookie(COOKIE.wxBindToken, response.bind_token, days);
}

/** POST binding_account (Authorization: the binding token): binds the WeChat to the account and signs in. */
export async function bindAccount(values: BindAccountRequest): Promise<{ login: LoginResponse; message: string }> {
  const envelope = await request<LoginResponse>('POST', '/api/Shop.User/binding_account', { body: values });
  return { login: envelope.data, message: envelope.msg };
}
