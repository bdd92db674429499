import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdRequest, ProductRowPage } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { dealerRoutes } from '../../lib/declared-routes';
import { envelope, ok } from '../../lib/envelope';
import { loginRoute } from '../../lib/route-options';
import { rowContext, WarehousePageRequest } from '../catalog/product-rows';
import { listFavourites, TOGGLE_WINDOW_MS, toggleFavourite } from './service';
import { RepeatThrottle } from './throttle';

/** One throttle per database (the Shop. and Shopv2. registrations share it; tests may set their own). */
export const favouriteThrottles = new WeakMap<Db, RepeatThrottle>();

function throttleFor(db: Db): RepeatThrottle {
  let throttle = favouriteThrottles.get(db);
  if (!throttle) {
    throttle = new RepeatThrottle(TOGGLE_WINDOW_MS);
    favouriteThrottles.set(db, throttle);
  }
  return throttle;
}

/** /api/Shop.Collection/*: favourites (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/toggle',
    loginRoute('parts', 'Favourite a part, or cancel the favourite', {
      description: 'msg 收藏成功 or 已取消收藏; the same part again at once: 请求过于频繁.',
      body: ProductIdRequest,
      response: { 200: envelope(z.object({ is_sub: z.union([z.literal(0), z.literal(1)]) })) },
    }),
    async (request) => {
      const { is_sub, msg } = await toggleFavourite(app.db, request.auth, request.body.product_id, throttleFor(app.db));
      return ok({ is_sub }, msg);
    },
  );

  dealerRoutes(app, 'parts').post('/list', (ctx, b) => listFavourites(ctx.db, rowContext(ctx, b.warehouse), b), {
    summary: "The account's favourites, newest first (part rows)",
    input: WarehousePageRequest,
    answer: ProductRowPage,
  });
};

export default routes;
