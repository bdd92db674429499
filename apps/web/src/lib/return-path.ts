/**
 * Where a dealer goes back to after logging in again. When a login expires (or a page is opened
 * without one), /login carries the page they were on as `redirect`, so a search, a multi-number
 * result held only in the address, or an order page is not lost. A deliberate logout goes to
 * plain /login, and a login without a return path goes to /home.
 */
export const RETURN_PARAM = 'redirect';
export const HOME_PATH = '/home';
const LOGIN_PATH = '/login';
/** Pages reachable without a token cookie (spec.md sections 2 and 6). */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, '/bind_wx'];

/** Pages that are no place to return to: the login screens themselves and the start page. */
const NO_RETURN = new Set(['/', HOME_PATH, ...PUBLIC_PATHS]);

/** /login, carrying the page at `location` (path, query and hash) to come back to. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  if (NO_RETURN.has(location.pathname)) return LOGIN_PATH;
  const back = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}

/**
 * The page to open after a login: the `redirect` of the login address when it is a path of this
 * shop (one leading slash: '//host' or '/\host' would leave the site), else /home.
 */
export function returnPathAfterLogin(search: string): string {
  const back = new URLSearchParams(search).get(RETURN_PARAM);
  if (!back || !back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\')) return HOME_PATH;
  const pathname = back.split(/[?#]/, 1)[0] ?? '';
  return NO_RETURN.has(pathname) ? HOME_PATH : back;
}
