import { defineModule } from '../../platform/module';
import detailRoutes from './detail-routes';
import routes from './routes';
import subscriptionRoutes from './subscription-routes';

/** A part's detail, attributes, stock, restock requests and arrival subscriptions. */
export default defineModule({
  name: 'parts',
  controllers: [
    { controller: 'Accessories', routes: detailRoutes },
    { controller: 'Accessory', routes },
    { controller: 'Subscription', routes: subscriptionRoutes },
  ],
});
