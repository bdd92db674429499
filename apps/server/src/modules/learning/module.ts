import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';

/** The learning centre: articles and videos staff publish, read progress per account (docs/learning.md). */
export default defineModule({
  name: 'learning',
  controllers: [{ controller: 'StudyCentre', routes }],
  adminRoutes,
  permissions: ['content.manage'],
});
