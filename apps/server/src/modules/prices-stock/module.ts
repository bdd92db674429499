import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';

/** The staff's prices (with their history and the dealers' price messages) and stock per warehouse. */
export default defineModule({
  name: 'prices-stock',
  controllers: [],
  adminRoutes,
  permissions: ['prices.manage', 'stock.manage'],
});
