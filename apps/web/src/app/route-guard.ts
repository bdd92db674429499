import { redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@shop/core/api/user';
import { CONSTANTS } from '@shop/core/constants';
import { ApiStatus } from '@shop/core/api-status';
import { rewriteApiPath } from '@shop/core/brand-variants';
import { ApiError, REQUEST_TIMEOUT_MS } from '../lib/api-client';
import { variant } from '../lib/brand';
import { COOKIE, getCookie, removeCookie, setCookie } from '../lib/cookies';
import { hasRoute } from '../lib/route-registry';
import { userQueries } from '../entities/user/user-queries';
import { loginPathFor, PUBLIC_PATHS } from '../lib/return-path';
export const ACTIVITY_PATH = '/parts/activity';

/**
 * A `shopUser` link signs in with the token it carries (spec.md section 2: it replaces the token
 * cookie, a shopUser cookie is kept 1 day, the app reloads at the site root). So that a link
 * cannot silently swap the account of a browser that is already signed in (login CSRF,
 * decision 0025):
 *  - the token leaves the address bar at once (history.replaceState), so it is neither kept in
 *    the history nor shared with the page's address;
 *  - into a browser without a session, or with the same token, the link applies as the spec says;
 *  - into a browser signed in with another token, the account the link signs in as is read with
 *    that token (GET /api/Shop.User/info) and the user is asked first (ShopUserSwitchPrompt);
 *  - a link whose token is invalid or expired never replaces the session (the user is told).
 */
export type ShopUserLink =
  { kind: 'none' } | { kind: 'applied' } | { kind: 'confirm'; token: string; user: UserProfile } | { kind: 'invalid' };

export interface ShopUserEnv {
  location: Pick<Location, 'href' | 'replace'>;
  history: Pick<History, 'replaceState' | 'state'>;
  /** The profile a token signs in as; undefined when the token is not (or no longer) valid. */
  profileOf(token: string): Promise<UserProfile | undefined>;
}

/** GET /api/Shop.User/info with the link's token, outside the api client (which would treat a refusal as this browser's login expiring). */
export async function profileOfToken(token: string): Promise<UserProfile | undefined> {
  try {
    const response = await fetch(rewriteApiPath(variant, '/api/Shop.User/info'), {
      headers: { source: variant.requestSource, brand: variant.key, Authorization: token },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json()) as { status?: unknown; data?: UserProfile | null };
    return response.ok && body.status === ApiStatus.ok && body.data ? body.data : undefined;
  } catch {
    return undefined;
  }
}

const defaultShopUserEnv = (): ShopUserEnv => ({
  location: window.location,
  history: window.history,
  profileOf: profileOfToken,
});

/** Signs in with a link's token: the token and shopUser cookies, then a reload at the site root. */
export function applyShopUserToken(token: string, location: Pick<Location, 'replace'> = window.location): void {
  setCookie(COOKIE.token, token, CONSTANTS.shopUserCookieDays);
  setCookie(COOKIE.shopUser, token, CONSTANTS.shopUserCookieDays);
  location.replace('/');
}

/** Handles a `shopUser` parameter at start-up (see above); 'applied' means the page is reloading. */
export async function handleShopUserParam(env: ShopUserEnv = defaultShopUserEnv()): Promise<ShopUserLink> {
  const url = new URL(env.location.href);
  const token = url.searchParams.get('shopUser');
  if (token === null) return { kind: 'none' };
  url.searchParams.delete('shopUser');
  env.history.replaceState(env.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!token) return { kind: 'none' };

  const current = getCookie(COOKIE.token);
  if (!current || current === token) {
    applyShopUserToken(token, env.location);
    return { kind: 'applied' };
  }
  const user = await env.profileOf(token);
  return user ? { kind: 'confirm', token, user } : { kind: 'invalid' };
}

/**
 * The once-only redirect to the activity zone: the profile has activity_flag 1 and a 'login'
 * cookie (set at login) exists. Only while the activity route is in the table, so nobody lands
 * on /404; the cookie is removed when the redirect happens.
 */
export function activityRedirect(
  user: Pick<UserProfile, 'activity_flag'> | undefined,
  pathname: string,
): string | null {
  if (!user || user.activity_flag !== 1 || !getCookie(COOKIE.login)) return null;
  if (pathname === ACTIVITY_PATH || !hasRoute(ACTIVITY_PATH)) return null;
  removeCookie(COOKIE.login);
  return ACTIVITY_PATH;
}

/**
 * Loader of the logged-in part of the route table: no token cookie → /login (with the page to
 * return to, return-path.ts); loads the profile
 * (the header needs it anyway) and applies the activity redirect.
 */
export function createGuardLoader(queryClient: QueryClient) {
  return async function guardLoader({ request }: { request: Request }): Promise<Response | null> {
    const url = new URL(request.url);
    const { pathname } = url;
    if (!PUBLIC_PATHS.includes(pathname) && !getCookie(COOKIE.token) && !getCookie(COOKIE.wxBindToken)) {
      return redirect(loginPathFor(url));
    }
    let user: UserProfile | undefined;
    try {
      user = await queryClient.ensureQueryData(userQueries.info());
    } catch (err) {
      // The api client has toasted and cleared the cookies; other failures still show the page.
      if (err instanceof ApiError && err.kind === 'session') return redirect(loginPathFor(url));
    }
    const target = activityRedirect(user, pathname);
    return target ? redirect(target) : null;
  };
}

interface LoginLeaver {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate(to: string, options: { replace: boolean }): Promise<void>;
}

/**
 * What an expired login does (api-client.ts setLoginExpiredHandler): leave the logged-in screens
 * for /login, carrying the page to come back to (return-path.ts), then drop their cached data
 * (no refetch without a token).
 */
export function leaveForLogin(router: LoginLeaver, queryClient: QueryClient): () => void {
  return () => {
    void router.navigate(loginPathFor(router.state.location), { replace: true }).then(() => queryClient.clear());
  };
}
