import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';

/** What the back office (apps/admin, under /admin/) needs beyond the staff API: the orders export. */
export default defineModule({ name: 'back-office', controllers: [], adminRoutes, permissions: ['orders.read'] });
