import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LocalFileStorage, type FileStorage } from './storage';
import { UploadService } from './service';
import { releaseUploadsRoot, uploadsRoot } from './upload-dir';
import { uploadLimits } from './upload-quota';

declare module 'fastify' {
  interface FastifyInstance {
    /** The upload service (uploads/service.ts): every route that takes a file goes through it. */
    uploads: UploadService;
  }
}

/** Where GET serves a stored file by its key (uploads/routes.ts). */
export const FILE_URL_PREFIX = '/api/Base/file/';

export interface UploadsPluginOptions {
  /** Another file storage; the default keeps files in the uploads folder (DATA_DIR/uploads). */
  storage?: FileStorage;
}

/** The default file storage of a configuration: the uploads folder (DATA_DIR/uploads). */
export function localUploadStorage(config: Config): LocalFileStorage {
  return new LocalFileStorage(uploadsRoot(config).root, FILE_URL_PREFIX);
}

/** One upload service for the app, decorated as `app.uploads` (registered once in app.ts). */
export default fp<UploadsPluginOptions>(
  async (app, options) => {
    const storage = options.storage ?? localUploadStorage(app.config);
    app.decorate('uploads', new UploadService(app.db, storage, uploadLimits(app.config)));
    app.addHook('onClose', async () => releaseUploadsRoot(app.config));
  },
  { name: 'uploads', dependencies: ['multipart'] },
);
