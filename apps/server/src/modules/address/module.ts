import { defineModule } from '../../platform/module';
import routes from './routes';

/** The company's delivery addresses. */
export default defineModule({ name: 'address', controllers: [{ controller: 'Address', routes }] });
