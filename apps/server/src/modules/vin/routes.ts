import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VinGroupResult,
  VinGroupsRequest,
  VinHotList,
  VinHotListRequest,
  VinSearchRequest,
  VinSearchResult,
} from '@shop/core/api/vin';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest } from '../catalog/product-rows';
import { recentVins, searchVinProductGroups, searchVinProducts } from './service';

/** /api/Shop.Vin/*: VIN lookup (login required). See service.ts for the two search calls. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/searchproduct',
    loginRoute('vin', 'Decode a VIN, place it on a catalog vehicle and list the fitting parts (flat, paginated)', {
      description:
        'An invalid VIN is refused (status 201, msg says what is wrong). A VIN we cannot place answers status 200 ' +
        'with decoded, vehicle null, notice and no parts.',
      body: VinSearchRequest,
      response: answers(VinSearchResult),
    }),
    async (request) =>
      ok(await searchVinProducts(app.db, rowContextFromRequest(request, request.body.warehouse), request.body)),
  );

  app.post(
    '/searchproduct_frey',
    loginRoute('vin', 'Like searchproduct, with the fitting parts grouped by category (pages count categories)', {
      body: VinGroupsRequest,
      response: answers(VinGroupResult),
    }),
    async (request) =>
      ok(await searchVinProductGroups(app.db, rowContextFromRequest(request, request.body.warehouse), request.body)),
  );

  app.get(
    '/gethotlist',
    loginRoute('vin', "The company's recent VIN searches, one entry per VIN, newest first", {
      querystring: VinHotListRequest,
      response: answers(VinHotList),
    }),
    async (request) => ok(await recentVins(app.db, request.auth.companyId, request.query.limit)),
  );
};

export default routes;
