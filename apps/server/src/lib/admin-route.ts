import type { AdminAccess } from '../plugins/staff-auth';

/** The OpenAPI tag and security of every /api/admin route. */
export const tags = ['admin'];
export const security = [{ token: [] }];

/** An admin route's options: the permission it needs, its summary and schema (tagged and secured alike). */
export function adminRoute<S extends object>(permission: AdminAccess, summary: string, schema: S) {
  return { config: { permission }, schema: { tags, security, summary, ...schema } };
}
