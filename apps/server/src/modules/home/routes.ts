import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(helper): routes of this module.
const routes: FastifyPluginAsyncZod = async () => {};
export default routes;
