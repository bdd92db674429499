import { defineModule } from '../../platform/module';
import routes from './routes';

/** New arrivals. */
export default defineModule({ name: 'new-arrival', controllers: [{ controller: 'NewArrival', routes }] });
