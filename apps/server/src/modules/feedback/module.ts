import { defineModule } from '../../platform/module';
import routes from './routes';

/** The dealer's feedback with attachments. */
export default defineModule({ name: 'feedback', controllers: [{ controller: 'ShopFeedback', routes }] });
