import { defineModule } from '../platform/module';
import { localUploadStorage } from './plugin';
import routes from './routes';
import { deleteUnclaimedUploads, UNCLAIMED_UPLOADS_EVERY_MS } from './unclaimed';

/**
 * POST /api/Base/upload (spec.md section 7) and the company's own stored files; dealers only.
 * Its job deletes the uploads nothing has claimed for a day (uploads/unclaimed.ts).
 */
export default defineModule({
  name: 'uploads',
  controllers: [{ prefix: '/api/Base', routes }],
  jobs: [
    {
      name: 'delete-unclaimed-uploads',
      intervalMs: UNCLAIMED_UPLOADS_EVERY_MS,
      run: (db, config) => deleteUnclaimedUploads(db, localUploadStorage(config)),
    },
  ],
});
