import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';

/** Vouchers, activities and the activity zone (docs/coupons.md, docs/decisions/0046). */
export default defineModule({
  name: 'coupon',
  flag: 'coupon',
  controllers: [{ controller: 'ActivityProductV2', routes }],
  adminRoutes,
  permissions: ['coupon.manage'],
});
