import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/**
 * Makes the opened database available as `app.db` and closes it with the app. The database is
 * opened (and migrated) by the caller, so tests can share one migrated instance.
 */
export default fp<{ database: Database; closeWithApp: boolean }>(async function dbPlugin(app: FastifyInstance, opts) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeWithApp) app.addHook('onClose', async () => opts.database.close());
});
