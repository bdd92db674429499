import { defineModule } from '../../platform/module';
import routes from './routes';

/** The home page's data. */
export default defineModule({ name: 'home', controllers: [{ controller: 'Index', routes }] });
