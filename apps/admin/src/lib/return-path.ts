/**
 * Where the login page sends a staff member back to: a path inside the back office only (never
 * another site, never the login page itself). `expired` makes the login page say why it shows.
 */
export function loginPathFor(returnTo: string, expired = false): string {
  const params = new URLSearchParams();
  if (returnTo && returnTo !== '/' && !returnTo.startsWith('/login')) params.set('redirect', returnTo);
  if (expired) params.set('expired', '1');
  const qs = params.toString();
  return qs ? `/login?${qs}` : '/login';
}

export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login')) return '/';
  return value;
}
