import { PERMISSION_KEYS } from '@shop/core/staff-permissions';
import { staffSessions } from '../../db/schema/staff';
import { defineModule } from '../../platform/module';
import { pruneSessions } from '../../platform/sessions';
import adminRoutes from './routes';

/**
 * The staff API under /api/admin: staff login, members, orders and returns, the audit log. Its
 * job clears finished staff sessions.
 */
export default defineModule({
  name: 'staff',
  controllers: [],
  adminRoutes,
  permissions: PERMISSION_KEYS,
  jobs: [{ name: 'prune-staff-sessions', intervalMs: 24 * 60 * 60_000, run: (db) => pruneSessions(db, staffSessions) }],
});
