/**
 * The staff token (POST /api/admin/auth/login), kept in this browser's localStorage under a key of
 * the back office's own: it never reaches the dealer app's cookies, and a dealer's token never
 * travels to /api/admin (the server would refuse it anyway).
 */
const KEY = 'shop_admin_token';

export function getStaffToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setStaffToken(token: string): void {
  localStorage.setItem(KEY, token);
}

export function clearStaffToken(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage unavailable: nothing kept
  }
}
