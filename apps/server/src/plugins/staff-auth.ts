import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { NO_PERMISSION_TEXT, PERMISSIONS, type Permission } from '@shop/core/staff-permissions';
import { HttpError } from '../lib/errors';
import type { StaffCaller } from '../platform/request-context';
import { resolveStaffSession } from '../platform/staff-sessions';
import { prependOnRequest, tokenFromRequest } from './auth';

/**
 * Staff authentication and permissions for /api/admin/* (docs/decisions/0026). Every admin route
 * declares what it needs in its config: a permission key, 'staff' (any logged-in staff member)
 * or 'public' (the login). A route under /api/admin without one fails to register, so no admin
 * route can be left unchecked. The check runs on the request before its body is read: missing,
 * unknown, ended or expired staff tokens (dealer tokens are unknown here) answer HTTP 401, a
 * staff member without the permission HTTP 403, both in the `{ status, msg, data }` envelope.
 */
export const ADMIN_PREFIX = '/api/admin';

export type AdminAccess = Permission | 'staff' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an /api/admin route needs (required there). */
    permission?: AdminAccess;
  }
  interface FastifyRequest {
    /** The staff member of an admin request (set on every /api/admin route but the login). */
    staff: StaffCaller;
  }
}

export function isAdminUrl(url: string): boolean {
  return url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`);
}

function isAccess(value: unknown): value is AdminAccess {
  return value === 'staff' || value === 'public' || (typeof value === 'string' && Object.hasOwn(PERMISSIONS, value));
}

export default fp(
  async function staffAuthPlugin(app: FastifyInstance) {
    app.decorateRequest('staff', null as unknown as StaffCaller);
    const limits = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };

    const guard = (access: Exclude<AdminAccess, 'public'>): onRequestHookHandler =>
      async function staffGuard(request: FastifyRequest) {
        const staff = await resolveStaffSession(app.db, tokenFromRequest(request), limits);
        request.staff = staff;
        request.ctx.caller = staff;
        if (access !== 'staff' && !request.staff.permissions.includes(access)) {
          throw new HttpError(403, NO_PERMISSION_TEXT);
        }
      };

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isAdminUrl(route.url)) return;
      const access = (route.config as { permission?: unknown } | undefined)?.permission;
      if (!isAccess(access)) {
        throw new Error(`admin route ${String(route.method)} ${route.url} must declare its permission`);
      }
      if (access === 'public') return;
      prependOnRequest(route, guard(access));
    });
  },
  { name: 'shop-staff-auth' },
);
