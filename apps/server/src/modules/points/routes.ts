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
import { envelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { parseIdList } from '../parts/restock-service';
import {
  addToPointsCart,
  deletePointsCartLines,
  exchangeFreyCoin,
  ledgerPage,
  pointsCartList,
  pointsOverview,
  productList,
  requireMainAccount,
  setPointsCartQuantity,
  signIn,
} from './service';

/** /api/Shop.Points/* (spec.md section 7 'Points and gifts'; docs/points.md): main accounts only. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (request) => {
    if (request.ctx.caller.kind === 'dealer') requireMainAccount(request.ctx.caller);
  });
  const tag = 'points';

  app.get(
    '/index',
    loginRoute(tag, 'Points overview: balances, rules, this month’s sign-ins', { response: answers(PointsOverview) }),
    async (request) => ok(await pointsOverview(request.ctx.asDealer())),
  );

  app.post(
    '/signIn',
    loginRoute(tag, 'Daily sign-in (once per account and China day)', { response: answers(SignInResult) }),
    async (request) => ok(await signIn(request.ctx.asDealer()), POINTS_TEXTS.signedIn),
  );

  app.get(
    '/getProductList',
    loginRoute(tag, 'Points mall items on shelf', {
      querystring: PointsProductListQuery,
      response: answers(PointsProductList),
    }),
    async (request) => ok(await productList(request.ctx.asDealer(), request.query)),
  );

  app.post(
    '/addPointsCart',
    loginRoute(tag, 'Add a mall item to the points cart', {
      body: AddPointsCartRequest,
      response: answers(PointsCartLine),
    }),
    async (request) => ok(await addToPointsCart(request.ctx.asDealer(), request.body), POINTS_TEXTS.added),
  );

  app.post(
    '/decPointsCartNumber',
    loginRoute(tag, 'One less of a points cart line (removed at 0)', {
      body: PointsCartIdRequest,
      response: answers(PointsCartLine.nullable()),
    }),
    async (request) => ok(await setPointsCartQuantity(request.ctx.asDealer(), request.body.points_cart_id, 'less')),
  );

  app.post(
    '/updatePointsCartQuantity',
    loginRoute(tag, "Set a points cart line's quantity", {
      body: UpdatePointsCartRequest,
      response: answers(PointsCartLine.nullable()),
    }),
    async (request) =>
      ok(await setPointsCartQuantity(request.ctx.asDealer(), request.body.points_cart_id, request.body.quantity)),
  );

  app.get(
    '/pointsCartList',
    loginRoute(tag, 'The points cart (page 1, limit 999)', {
      querystring: PointsCartListQuery,
      response: answers(PointsCartList),
    }),
    async (request) => ok(await pointsCartList(request.ctx.asDealer(), request.query)),
  );

  app.get(
    '/delPointsCart',
    loginRoute(tag, 'Remove points cart lines (ids comma-joined)', {
      querystring: DelPointsCartQuery,
      response: answers(z.object({ deleted: z.number().int() })),
    }),
    async (request) => {
      const ids = parseIdList(request.query.ids, 999, '积分商品');
      return ok({ deleted: await deletePointsCartLines(request.ctx.asDealer(), ids) }, POINTS_TEXTS.deleted);
    },
  );

  app.get(
    '/myPointsList',
    loginRoute(tag, 'The points ledger (kind=coin: the frey-coin ledger), with filters', {
      querystring: LedgerQuery,
      response: answers(LedgerList),
    }),
    async (request) => ok(await ledgerPage(request.ctx.db, request.ctx.asDealer().caller.companyId, request.query)),
  );

  app.post(
    '/exchangeFreyCoin',
    loginRoute(tag, 'Exchange points for frey coins (10 points a coin)', {
      body: ExchangeFreyCoinRequest,
      response: { 200: envelope(ExchangeResult) },
    }),
    async (request) =>
      ok(await exchangeFreyCoin(request.ctx.asDealer(), request.body.frey_coin), POINTS_TEXTS.exchanged),
  );
};

export default routes;
