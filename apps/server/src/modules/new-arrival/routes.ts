import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NewArrivalList, NewArrivalListRequest } from '@shop/core/api/home';
import { PageRequest, ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant } from '@shop/core/brand-variants';
import { dealerRoutes } from '../../lib/declared-routes';
import { rowContext } from '../catalog/product-rows';
import { listNewArrivalRows, listNewArrivals } from './service';

const DetailListRequest = PageRequest.extend({ warehouse: z.coerce.number().int().min(1).max(2).default(1) });

/** /api/Shop.NewArrival/*: new arrivals (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const priceKey = getBrandVariant(app.config.BRAND).priceLabels[0]!.key;
  const dealer = dealerRoutes(app, 'home');

  dealer.get(
    '/newArrivalList',
    (ctx, q) => listNewArrivals(ctx.db, { ...q, priceKey, companyId: ctx.caller.companyId }),
    { summary: 'New arrivals, newest first (product cards)', input: NewArrivalListRequest, answer: NewArrivalList },
  );

  dealer.get('/newArrivalDetailList', (ctx, q) => listNewArrivalRows(ctx.db, rowContext(ctx, q.warehouse), q), {
    summary: 'New arrivals, newest first (part rows)',
    input: DetailListRequest,
    answer: ProductRowPage,
  });
};

export default routes;
