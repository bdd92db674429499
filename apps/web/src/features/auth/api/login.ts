import type { LoginRequest, LoginResponse } from '@shop/core/api/user';
import { apiPost } from '../../../lib/api-client';
import { COOKIE, setCookie } from '../../../lib/cookies';

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
}
