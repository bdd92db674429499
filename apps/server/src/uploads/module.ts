import { defineModule } from '../platform/module';
import { localUploadStorage } from './plugin';
import routes from './routes';
import { deleteUnclaimedUploads, UNCLAIMED_UPLOADS_EVERY_MS } from './unclaimed';
import { deleteUnreferencedMedia, UNREFERENCED_MEDIA_EVERY_MS } from './unreferenced-media';

/**
 * POST /api/Base/upload (spec.md section 7) and the company's own stored files; dealers only.
 * Its jobs delete the uploads nothing has claimed for a day (uploads/unclaimed.ts) and the shop's
 * own media no row references any more (uploads/unreferenced-media.ts).
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
    {
      name: 'delete-unreferenced-media',
      intervalMs: UNREFERENCED_MEDIA_EVERY_MS,
      run: (db, config) =>
        deleteUnreferencedMedia(db, localUploadStorage(config), config.MEDIA_UNREFERENCED_GRACE_HOURS * 60 * 60_000),
    },
  ],
});
