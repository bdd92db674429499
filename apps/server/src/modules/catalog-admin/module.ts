import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import { catalogMediaRoutes } from './media';

/**
 * The back office's catalog (issue 26): parts with their numbers, fitments, attributes, flags and
 * media, the category tree and the vehicle tree, under /api/admin (permission catalog.manage);
 * the pictures and videos it uploads are served under /media/catalog.
 */
export default defineModule({
  name: 'catalog-admin',
  controllers: [{ prefix: '/media/catalog', routes: catalogMediaRoutes, auth: 'public' }],
  adminRoutes,
  permissions: ['catalog.manage'],
});
