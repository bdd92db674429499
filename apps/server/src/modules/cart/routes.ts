import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CART_MESSAGES,
  CartAddMoreRequest,
  CartAddRequest,
  CartBatchAddRequest,
  CartBatchResult,
  CartCount,
  CartDeleteRequest,
  CartDeleteResult,
  CartLineResult,
  CartList,
  CartListRequest,
  CartParams,
  CartUpdateWarehouseRequest,
} from '@shop/core/api/cart';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { refuse } from '../../lib/errors';
import { cartWorkbook } from './export';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import {
  addToCart,
  batchAddToCart,
  cartCount,
  cartLines,
  cartList,
  cartParams,
  deleteLines,
  moveLineToWarehouse,
  setLineQuantity,
} from './service';

/** /api/Shop.Cart/* (spec.md section 7 'Cart'): the company's cart, login required. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add',
    loginRoute('cart', 'Add a part to the cart (adds to the line of the same part and warehouse)', {
      description:
        'Refusals: 商品不存在, 该商品已下架，无法加入购物车, 当前账号不能选择北京仓, 北京仓暂无库存 (warehouse 2 without Beijing stock), 购买数量只能是非负整数, 购买数量至少为 1.',
      body: CartAddRequest,
      response: answers(CartLineResult),
    }),
    async (request) => ok(await addToCart(app.db, request.ctx.asDealer(), request.body), CART_MESSAGES.added),
  );

  app.post(
    '/batchAdd',
    loginRoute('cart', 'Add many parts at once (all or none)', {
      body: CartBatchAddRequest,
      response: answers(CartBatchResult),
    }),
    async (request) =>
      ok({ lines: await batchAddToCart(app.db, request.ctx.asDealer(), request.body.list) }, CART_MESSAGES.added),
  );

  app.post(
    '/addMore',
    loginRoute('cart', "Set a line's quantity (plus / minus / typed; 0 allowed)", {
      description:
        'Raising a Beijing line without Beijing stock: 北京仓暂无库存. Unknown or foreign line: 找不到购物车数据.',
      body: CartAddMoreRequest,
      response: answers(CartLineResult),
    }),
    async (request) =>
      ok(await setLineQuantity(app.db, request.ctx.asDealer(), request.body.pd_cart_id, request.body.quantity)),
  );

  app.post(
    '/updateWarehouse',
    loginRoute('cart', 'Move a line to another warehouse (merging with a line already there)', {
      description: 'Refusals: 当前账号不能选择北京仓, 北京仓暂无库存 (moving to Beijing without Beijing stock).',
      body: CartUpdateWarehouseRequest,
      response: answers(CartLineResult),
    }),
    async (request) =>
      ok(
        await moveLineToWarehouse(app.db, request.ctx.asDealer(), request.body.pd_cart_id, request.body.warehouse_type),
        CART_MESSAGES.added,
      ),
  );

  app.post(
    '/delete',
    loginRoute('cart', 'Delete lines (pd_cart_ids comma-joined); all or none', {
      body: CartDeleteRequest,
      response: answers(CartDeleteResult),
    }),
    async (request) =>
      ok({ deleted: await deleteLines(app.db, request.auth, request.body.pd_cart_ids) }, CART_MESSAGES.deleted),
  );

  app.post(
    '/getList',
    loginRoute('cart', "The company's cart with the filters (cart_list, points_cart_list, is_settlement)", {
      body: CartListRequest.optional(),
      response: answers(CartList),
    }),
    async (request) => ok(await cartList(app.db, request.ctx.asDealer(), request.body ?? {})),
  );

  app.get(
    '/count',
    loginRoute('cart', "The header's cartNumber (lines) and total quantity", {
      response: answers(CartCount),
    }),
    async (request) => ok(await cartCount(app.db, request.auth)),
  );

  app.get(
    '/paramsList',
    loginRoute('cart', 'Filter options: vehicle models and adders present in the cart', {
      response: answers(CartParams),
    }),
    async (request) => ok(await cartParams(app.db, request.auth)),
  );

  app.get(
    '/export',
    loginRoute('cart', 'The cart (with the filters) as an .xlsx download', {
      description: 'An empty cart answers 购物车没有可导出的商品.',
      querystring: CartListRequest,
      response: { 200: z.any().describe('.xlsx file') },
    }),
    async (request, reply) => {
      const lines = await cartLines(app.db, request.ctx.asDealer(), request.query);
      if (lines.length === 0) refuse(CART_MESSAGES.exportEmpty);
      const label = request.ctx.variant.priceLabels[0]!.label;
      const file = await cartWorkbook(lines, label);
      return sendXlsx(reply, file, datedFileName('购物车'));
    },
  );
};

export default routes;
