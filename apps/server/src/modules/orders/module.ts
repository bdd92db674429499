import { defineModule } from '../../platform/module';
import { orderNotificationSubscriber } from './notifications';
import routes from './routes';

/** Orders, deliveries and returns; their events become the dealers' notifications. */
export default defineModule({
  name: 'orders',
  controllers: [{ controller: 'Order', routes }],
  subscribers: [orderNotificationSubscriber],
});
