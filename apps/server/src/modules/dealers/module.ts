import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';

/** The back office's dealers: companies, their accounts, passwords, enabling and disabling. */
export default defineModule({ name: 'dealers', controllers: [], adminRoutes, permissions: ['dealers.manage'] });
