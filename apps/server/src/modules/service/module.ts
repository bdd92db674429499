import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';

/** The back office's customer-service queue over questions, feedback and development requests. */
export default defineModule({ name: 'service', controllers: [], adminRoutes, permissions: ['service.answer'] });
