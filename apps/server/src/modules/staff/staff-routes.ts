import { declaredRoutes, type RouteApp } from '../../lib/declared-routes';
import { adminRoute } from '../../lib/route-options';
import type { StaffRequestContext } from '../../platform/request-context';
import type { AdminAccess } from '../../plugins/staff-auth';
import { auditActor, type AuditActor } from './audit';

/**
 * The /api/admin routes behind `access` (checked by plugins/staff-auth.ts before the body is read),
 * declared like the dealers' (lib/declared-routes.ts); `actor` is who audits the change.
 */
export function staffRoutes(app: RouteApp, access: AdminAccess) {
  return declaredRoutes<StaffRequestContext, { readonly actor: AuditActor }>(app, {
    options: (summary, schema) => adminRoute(access, summary, schema),
    context: (request) => request.ctx.asStaff(),
    extra: (request) => ({
      get actor() {
        return auditActor(request);
      },
    }),
  });
}
