import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';

/** Imports of parts, prices and stock from the brand's ERP: preview, apply, rollback (issue 26). */
export default defineModule({
  name: 'erp-imports',
  controllers: [],
  adminRoutes,
  permissions: ['catalog.manage', 'prices.manage', 'stock.manage'],
});
