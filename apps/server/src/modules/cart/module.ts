import { defineModule } from '../../platform/module';
import routes from './routes';

/** The company's cart. */
export default defineModule({ name: 'cart', controllers: [{ controller: 'Cart', routes }] });
