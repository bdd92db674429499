import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';

/** Dealers share surplus stock with each other; staff can take entries down (docs/resource-share.md). */
export default defineModule({
  name: 'resource share',
  flag: 'resourceShare',
  controllers: [{ controller: 'ResourceSharing', routes }],
  adminRoutes,
  permissions: ['dealers.manage'],
});
