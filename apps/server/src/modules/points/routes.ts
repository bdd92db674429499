import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddPointsCartRequest,
  DelPointsCartQuery,
  ExchangeFreyCoinRequest,
  ExchangeResult,
  LedgerList,
  LedgerQuery,
  PointsCartIdRequest,
  PointsCartLine,
  PointsCartList,
  PointsCartListQuery,
  PointsOverview,
  PointsProductList,
  PointsProductListQuery,
  SignInResult,
  UpdatePointsCartRequest,
} from '@shop/core/api/points';
import { POINTS_TEXTS } from '@shop/core/points-rules';
import { dealerRoutes } from '../../lib/declared-routes';
import { parseIdList } from '../parts/restock-service';
import {
  addToPointsCart,
  deletePointsCartLines,
  exchangeFreyCoin,
  ledgerPage,
  pointsCartList,
  pointsOverview,
  productList,
  mainAccountOnly,
  setPointsCartQuantity,
  signIn,
} from './service';

/** /api/Shop.Points/* (spec.md section 7 'Points and gifts'; docs/points.md): main accounts only. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', mainAccountOnly);
  const dealer = dealerRoutes(app, 'points');

  dealer.get('/index', (ctx) => pointsOverview(ctx), {
    summary: 'Points overview: balances, rules, this month’s sign-ins',
    answer: PointsOverview,
  });
  dealer.post('/signIn', (ctx) => signIn(ctx), {
    summary: 'Daily sign-in (once per account and China day)',
    answer: SignInResult,
    msg: POINTS_TEXTS.signedIn,
  });
  dealer.get('/getProductList', productList, {
    summary: 'Points mall items on shelf',
    input: PointsProductListQuery,
    answer: PointsProductList,
  });
  dealer.post('/addPointsCart', addToPointsCart, {
    summary: 'Add a mall item to the points cart',
    input: AddPointsCartRequest,
    answer: PointsCartLine,
    msg: POINTS_TEXTS.added,
  });
  dealer.post('/decPointsCartNumber', (ctx, b) => setPointsCartQuantity(ctx, b.points_cart_id, 'less'), {
    summary: 'One less of a points cart line (removed at 0)',
    input: PointsCartIdRequest,
    answer: PointsCartLine.nullable(),
  });
  dealer.post('/updatePointsCartQuantity', (ctx, b) => setPointsCartQuantity(ctx, b.points_cart_id, b.quantity), {
    summary: "Set a points cart line's quantity",
    input: UpdatePointsCartRequest,
    answer: PointsCartLine.nullable(),
  });
  dealer.get('/pointsCartList', pointsCartList, {
    summary: 'The points cart (page 1, limit 999)',
    input: PointsCartListQuery,
    answer: PointsCartList,
  });
  dealer.get(
    '/delPointsCart',
    async (ctx, q) => ({ deleted: await deletePointsCartLines(ctx, parseIdList(q.ids, 999, '积分商品')) }),
    {
      summary: 'Remove points cart lines (ids comma-joined)',
      input: DelPointsCartQuery,
      answer: z.object({ deleted: z.number().int() }),
      msg: POINTS_TEXTS.deleted,
    },
  );
  dealer.get('/myPointsList', (ctx, q) => ledgerPage(ctx.db, ctx.caller.companyId, q), {
    summary: 'The points ledger (kind=coin: the frey-coin ledger), with filters',
    input: LedgerQuery,
    answer: LedgerList,
  });
  dealer.post('/exchangeFreyCoin', (ctx, b) => exchangeFreyCoin(ctx, b.frey_coin), {
    summary: 'Exchange points for frey coins (10 points a coin)',
    input: ExchangeFreyCoinRequest,
    answer: ExchangeResult,
    msg: POINTS_TEXTS.exchanged,
  });
};

export default routes;
