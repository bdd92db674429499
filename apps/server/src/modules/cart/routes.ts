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
import { dealerRoutes } from '../../lib/declared-routes';
import { loginRoute } from '../../lib/route-options';
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
  const dealer = dealerRoutes(app, 'cart');
  dealer.post('/add', (ctx, b) => addToCart(ctx.db, ctx, b), {
    summary: 'Add a part to the cart (adds to the line of the same part and warehouse)',
    description:
      'Refusals: 商品不存在, 该商品已下架，无法加入购物车, 当前账号不能选择北京仓, 北京仓暂无库存 (warehouse 2 without Beijing stock), 购买数量只能是非负整数, 购买数量至少为 1.',
    input: CartAddRequest,
    answer: CartLineResult,
    msg: CART_MESSAGES.added,
  });
  dealer.post('/batchAdd', async (ctx, b) => ({ lines: await batchAddToCart(ctx.db, ctx, b.list) }), {
    summary: 'Add many parts at once (all or none)',
    input: CartBatchAddRequest,
    answer: CartBatchResult,
    msg: CART_MESSAGES.added,
  });
  dealer.post('/addMore', (ctx, b) => setLineQuantity(ctx.db, ctx, b.pd_cart_id, b.quantity), {
    summary: "Set a line's quantity (plus / minus / typed; 0 allowed)",
    description:
      'Raising a Beijing line without Beijing stock: 北京仓暂无库存. Unknown or foreign line: 找不到购物车数据.',
    input: CartAddMoreRequest,
    answer: CartLineResult,
  });
  dealer.post('/updateWarehouse', (ctx, b) => moveLineToWarehouse(ctx.db, ctx, b.pd_cart_id, b.warehouse_type), {
    summary: 'Move a line to another warehouse (merging with a line already there)',
    description: 'Refusals: 当前账号不能选择北京仓, 北京仓暂无库存 (moving to Beijing without Beijing stock).',
    input: CartUpdateWarehouseRequest,
    answer: CartLineResult,
    msg: CART_MESSAGES.added,
  });
  dealer.post('/delete', async (ctx, b) => ({ deleted: await deleteLines(ctx.db, ctx.caller, b.pd_cart_ids) }), {
    summary: 'Delete lines (pd_cart_ids comma-joined); all or none',
    input: CartDeleteRequest,
    answer: CartDeleteResult,
    msg: CART_MESSAGES.deleted,
  });
  dealer.post('/getList', (ctx, b) => cartList(ctx.db, ctx, b ?? {}), {
    summary: "The company's cart with the filters (cart_list, points_cart_list, is_settlement)",
    input: CartListRequest.optional(),
    answer: CartList,
  });
  dealer.get('/count', (ctx) => cartCount(ctx.db, ctx.caller), {
    summary: "The header's cartNumber (lines) and total quantity",
    answer: CartCount,
  });
  dealer.get('/paramsList', (ctx) => cartParams(ctx.db, ctx.caller), {
    summary: 'Filter options: vehicle models and adders present in the cart',
    answer: CartParams,
  });

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
