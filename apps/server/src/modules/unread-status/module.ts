import { defineModule } from '../../platform/module';
import routes from './routes';

/** GET /api/Shop.Message/unreadStatus: whether the account's feedback or development requests have unread replies. */
export default defineModule({ name: 'unread-status', controllers: [{ controller: 'Message', routes }] });
