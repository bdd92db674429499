import { defineModule } from '../../platform/module';
import adminRoutes from './routes';

/** The back office's dashboard: the day's and month's figures and what dealers did not find. */
export default defineModule({
  name: 'dashboard',
  controllers: [],
  adminRoutes,
  permissions: ['orders.read', 'catalog.manage'],
});
