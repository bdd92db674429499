import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import giftRoutes from './gift-routes';
import { checkLedgers, expirePoints } from './ledger';
import routes from './routes';
import { pointsSubscriber } from './subscribers';

/**
 * Points, the points mall, frey coins and gift orders (docs/points.md). The brand's points flag
 * switches all of it: off, every route answers 该功能未开通 and the subscriber and jobs do not run.
 */
export default defineModule({
  name: 'points',
  flag: 'points',
  controllers: [
    { controller: 'Points', routes },
    { controller: 'Gift', routes: giftRoutes },
  ],
  adminRoutes,
  permissions: ['points.manage'],
  subscribers: [pointsSubscriber],
  jobs: [
    { name: 'points-expiry', intervalMs: 60 * 60_000, run: (db) => expirePoints(db) },
    { name: 'points-ledger-check', intervalMs: 24 * 60 * 60_000, run: (db) => checkLedgers(db) },
  ],
});
