/** Cookie helpers and the names of every cookie the shop uses (spec.md sections 2, 4 and 9). */
export const COOKIE = {
  token: 'token',
  wxBindToken: 'wx_bind_token',
  username: 'username',
  phone: 'phone',
  shopUser: 'shopUser',
  /** Set at login; with activity_flag = 1 it sends the user once to /parts/activity. */
  login: 'login',
  /** Purchase price display: '1' shown, '2' hidden. */
  showPrice: 'show_price',
  sideBarHidden: 'side_bar_hidden',
  defaultWarehouse: 'default_warehouse',
  systemMsgLimit: 'system_msg_limit',
} as const;

export const YEAR_DAYS = 365;

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** Sets a cookie for the whole site; without `days` it lasts for the browser session. */
export function setCookie(name: string, value: string, days?: number): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (days !== undefined) cookie += `; max-age=${Math.round(days * 86_400)}`;
  document.cookie = cookie;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

/** Logout and login expiry clear the token, username and phone cookies. */
export function clearLoginCookies(): void {
  for (const name of [COOKIE.token, COOKIE.username, COOKIE.phone, COOKIE.login]) removeCookie(name);
}
