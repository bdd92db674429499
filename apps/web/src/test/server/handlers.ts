import type { ProductRow } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import { makeProfile } from './factories';
import { reply, type StubRoutes } from './stub-server';

/**
 * Per-domain route sets for the stub server, each answering like the server does for the
 * common case; a test spreads the ones it needs and overrides single routes.
 */

/** The logged-in account: info (the route guard, header, rows) and index. */
export function userHandlers(profile: UserProfile = makeProfile()): StubRoutes {
  return {
    'GET /api/Shop.User/info': () => profile,
  };
}

/**
 * A part's actions: favourite toggle (flips per part), the stock call (the row's figures, or
 * `stock`), the restock alert (refused as a repeat the second time, as the server does).
 */
export function partHandlers(
  options: { stock?: Partial<ProductRow> & Pick<ProductRow, 'product_id'>; favourites?: Set<number> } = {},
): StubRoutes {
  const favourites = options.favourites ?? new Set<number>();
  const alerts = new Set<number>();
  return {
    'POST /api/Shop.Collection/toggle': ({ body }) => {
      const id = (body as { product_id: number }).product_id;
      if (favourites.has(id)) favourites.delete(id);
      else favourites.add(id);
      return { is_sub: favourites.has(id) ? 1 : 0 };
    },
    'GET /api/Shop.Accessory/getProductStock': ({ query }) => ({
      product_id: Number(query.product_id),
      frey_stock: 8,
      beijing_stock: 0,
      available_stock: 8,
      my_stock: 8,
      stock_zaitu: 0,
      is_view_stock: 1,
      ...options.stock,
    }),
    'POST /api/Shop.Accessory/applyForReplenishment': ({ body }) => {
      const id = (body as { product_id: number }).product_id;
      if (alerts.has(id)) return reply.refused('已提交，不能重复提交');
      alerts.add(id);
      return null;
    },
  };
}

/** The cart: add (answers the line), count, an empty list. */
export function cartHandlers(): StubRoutes {
  let lines = 0;
  let total = 0;
  return {
    'POST /api/Shop.Cart/add': ({ body }) => {
      const { quantity } = body as { quantity: number };
      lines += 1;
      total += quantity;
      return reply.ok({ pd_cart_id: lines, quantity }, '操作成功');
    },
    'GET /api/Shop.Cart/count': () => ({ cart_number: lines, total_quantity: total }),
    'POST /api/Shop.Cart/getList': () => ({ cart_list: [], points_cart_list: [], is_settlement: 1 }),
  };
}
