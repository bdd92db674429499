import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';

/** The back office's shop content: home banners, hot keywords, hot recommendations, new arrivals. */
export default defineModule({ name: 'content', controllers: [], adminRoutes, permissions: ['content.manage'] });
