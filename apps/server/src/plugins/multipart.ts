import fp from 'fastify-plugin';
import fastifyMultipart from '@fastify/multipart';

/**
 * multipart/form-data for the whole app, registered once (app.ts). These defaults are small on
 * purpose: a route that takes a file reads it through the upload service (uploads/service.ts),
 * which passes its kind's limits per request (they are merged over these). A multipart body sent
 * to a route that does not read files is never read into memory (nothing attaches it to the body).
 */
export const MULTIPART_DEFAULT_LIMITS = {
  /** Files: 1 MB unless the route's kind allows more. */
  fileSize: 1024 * 1024,
  files: 1,
  fields: 10,
  parts: 12,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
} as const;

export default fp(
  async (app) => {
    await app.register(fastifyMultipart, { limits: MULTIPART_DEFAULT_LIMITS, throwFileSizeLimit: true });
  },
  { name: 'multipart' },
);
