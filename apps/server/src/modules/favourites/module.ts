import { defineModule } from '../../platform/module';
import routes from './routes';

/** The account's favourite parts. */
export default defineModule({ name: 'favourites', controllers: [{ controller: 'Collection', routes }] });
