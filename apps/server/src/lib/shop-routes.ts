import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Registers a controller's routes under `/api/Shop.{name}` and again under
 * `/api/Shopv2.{name}` (brands that rewrite paths), served by the same handlers.
 * The alias is left out of the OpenAPI document.
 */
export async function registerShopController(
  app: FastifyInstance,
  name: string,
  routes: FastifyPluginAsync,
): Promise<void> {
  await app.register(routes, { prefix: `/api/Shop.${name}` });
  await app.register(
    async (alias) => {
      alias.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      await alias.register(routes);
    },
    { prefix: `/api/Shopv2.${name}` },
  );
}
