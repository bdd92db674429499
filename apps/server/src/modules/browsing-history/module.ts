import { defineModule } from '../../platform/module';
import routes from './routes';

/** The account's browsing history. */
export default defineModule({
  name: 'browsing-history',
  controllers: [{ controller: 'ProductBrowsingHistory', routes }],
});
