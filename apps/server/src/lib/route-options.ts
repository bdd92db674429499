import type { z } from 'zod';
import type { AdminAccess } from '../plugins/staff-auth';
import { envelope } from './envelope';

/**
 * The options of a route behind a login, documented alike: its OpenAPI tag, the token security
 * (the dealer's token, or the staff token under /api/admin), its summary and schema.
 */
const security = [{ token: [] }];

/** A dealer route (the controller scope checks the login, platform/module.ts). */
export function loginRoute<S extends object>(tag: string, summary: string, schema: S) {
  return { schema: { tags: [tag], security, summary, ...schema } };
}

/** A dealer scope's route without a login (the login itself, a public template): no token. */
export function publicRoute<S extends object>(tag: string, summary: string, schema: S) {
  return { config: { public: true }, schema: { tags: [tag], summary, ...schema } };
}

/**
 * An /api/admin route: the permission it needs (checked by plugins/staff-auth.ts), summary and
 * schema; a 'public' one (the staff login) is documented without the token.
 */
export function adminRoute<S extends object>(permission: AdminAccess, summary: string, schema: S) {
  const secured = permission === 'public' ? {} : { security };
  return { config: { permission }, schema: { tags: ['admin'], ...secured, summary, ...schema } };
}

/** The response schema of a route answering `data` in the envelope. */
export const answers = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });
