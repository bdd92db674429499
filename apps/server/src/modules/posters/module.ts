import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';

/** Today's marketing and the posters dealers render on the server (docs/posters.md). */
export default defineModule({
  name: 'posters',
  controllers: [{ controller: 'GeneratePicture', routes }],
  adminRoutes,
  permissions: ['content.manage'],
});
