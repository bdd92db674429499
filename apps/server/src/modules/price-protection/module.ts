import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';
import { compensationMessageSubscriber, compensationSubscriber, reversalSubscriber } from './subscribers';

/**
 * Price protection and the price adjustment zone (docs/price-protection.md). The brand's
 * priceProtection flag switches all of it: off, every route answers 该功能未开通 and the
 * subscribers (compensation, reversal, message) do not run.
 */
export default defineModule({
  name: 'price-protection',
  flag: 'priceProtection',
  controllers: [{ controller: 'KeepPrice', routes }],
  adminRoutes,
  permissions: ['finance.manage'],
  subscribers: [compensationSubscriber, reversalSubscriber, compensationMessageSubscriber],
});
