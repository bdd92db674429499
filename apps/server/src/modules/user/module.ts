import { defineModule } from '../../platform/module';
import routes from './routes';

/** Login, logout, profile and sub-accounts (the login itself is public). */
export default defineModule({ name: 'user', controllers: [{ controller: 'User', routes }] });
