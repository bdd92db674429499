import { defineModule } from '../../platform/module';
import routes from './routes';

/** Hot recommendations and rankings. */
export default defineModule({ name: 'hot-lists', controllers: [{ controller: 'Index', routes }] });
