import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';

/** The dealer's feedback with attachments, and customer service's replies. */
export default defineModule({
  name: 'feedback',
  controllers: [{ controller: 'ShopFeedback', routes }],
  adminRoutes,
  permissions: ['service.answer'],
});
