import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import { deleteOldPosters, POSTER_PRUNE_EVERY_MS } from './retention';
import routes from './routes';

/**
 * Today's marketing and the posters dealers render on the server (docs/posters.md); a job deletes
 * the posters past POSTER_KEEP_DAYS.
 */
export default defineModule({
  name: 'posters',
  controllers: [{ controller: 'GeneratePicture', routes }],
  adminRoutes,
  permissions: ['content.manage'],
  jobs: [{ name: 'prune-posters', intervalMs: POSTER_PRUNE_EVERY_MS, run: (db) => deleteOldPosters(db) }],
});
