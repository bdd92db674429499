import { redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@shop/core/api/user';
import { CONSTANTS } from '@shop/core/constants';
import { ApiError } from '../lib/api-client';
import { COOKIE, getCookie, removeCookie, setCookie } from '../lib/cookies';
import { hasRoute } from '../lib/route-registry';
import { userQueries } from '../lib/user-queries';
import { loginPathFor, PUBLIC_PATHS } from '../lib/return-path';
export const ACTIVITY_PATH = '/parts/activity';

/**
 * A `shopUser` URL parameter replaces the token cookie, is kept in a shopUser cookie for 1 day,
 * and the app reloads at the site root. Returns true when it did so (the caller stops rendering).
 */
export function applyShopUserParam(location: Pick<Location, 'search' | 'replace'> = window.location): boolean {
  const shopUser = new URLSearchParams(location.search).get('shopUser');
  if (!shopUser) return false;
  setCookie(COOKIE.token, shopUser, CONSTANTS.shopUserCookieDays);
  setCookie(COOKIE.shopUser, shopUser, CONSTANTS.shopUserCookieDays);
  location.replace('/');
  return true;
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
      if (err instanceof ApiError && err.kind === 'login') return redirect(loginPathFor(url));
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
