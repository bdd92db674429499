import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VinGroupResult,
  VinGroupsRequest,
  VinHotList,
  VinHotListRequest,
  VinSearchRequest,
  VinSearchResult,
} from '@shop/core/api/vin';
import { dealerRoutes } from '../../lib/declared-routes';
import { rowContext } from '../catalog/product-rows';
import { recentVins, searchVinProductGroups, searchVinProducts } from './service';

/** /api/Shop.Vin/*: VIN lookup (login required). See service.ts for the two search calls. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'vin');
  dealer.post('/searchproduct', (ctx, b) => searchVinProducts(ctx.db, rowContext(ctx, b.warehouse), b), {
    summary: 'Decode a VIN, place it on a catalog vehicle and list the fitting parts (flat, paginated)',
    description:
      'An invalid VIN is refused (status 201, msg says what is wrong). A VIN we cannot place answers status 200 ' +
      'with decoded, vehicle null, notice and no parts.',
    input: VinSearchRequest,
    answer: VinSearchResult,
  });

  dealer.post('/searchproduct_frey', (ctx, b) => searchVinProductGroups(ctx.db, rowContext(ctx, b.warehouse), b), {
    summary: 'Like searchproduct, with the fitting parts grouped by category (pages count categories)',
    input: VinGroupsRequest,
    answer: VinGroupResult,
  });

  dealer.get('/gethotlist', (ctx, q) => recentVins(ctx.db, ctx.caller.companyId, q.limit), {
    summary: "The company's recent VIN searches, one entry per VIN, newest first",
    input: VinHotListRequest,
    answer: VinHotList,
  });
};

export default routes;
