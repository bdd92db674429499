import { PERMISSION_KEYS } from '@shop/core/staff-permissions';
import { defineModule } from '../../platform/module';
import adminRoutes from './routes';

/** The staff API under /api/admin: staff login, members, orders and returns, the audit log. */
export default defineModule({ name: 'staff', controllers: [], adminRoutes, permissions: PERMISSION_KEYS });
