import { defineModule } from '../../platform/module';
import routes from './routes';

/** Orders, deliveries and returns; their events become the dealers' messages (modules/messages). */
export default defineModule({
  name: 'orders',
  controllers: [{ controller: 'Order', routes }],
});
