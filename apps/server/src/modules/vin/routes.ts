import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VinGroupResult,
  VinGroupsRequest,
  VinHotList,
  VinHotListRequest,
  VinSearchRequest,
  VinSearchResult,
} from '@shop/core/api/vin';
import { envelope, ok } from '../../lib/envelope';
import { rowContextFromRequest } from '../catalog/product-rows';
import { recentVins, searchVinProductGroups, searchVinProducts } from './service';

/** /api/Shop.Vin/*: VIN lookup (login required). See service.ts for the two search calls. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ token: [] }];
  const tags = ['vin'];

  app.post(
    '/searchproduct',
    {
      schema: {
        summary: 'Decode a VIN, place it on a catalog vehicle and list the fitting parts (flat, paginated)',
        description:
          'An invalid VIN is refused (status 201, msg says what is wrong). A VIN we cannot place answers status 200 ' +
          'with decoded, vehicle null, notice and no parts.',
        tags,
        security,
        body: VinSearchRequest,
        response: { 200: envelope(VinSearchResult) },
      },
    },
    async (request) =>
      ok(await searchVinProducts(app.db, rowContextFromRequest(request, request.body.warehouse), request.body)),
  );

  app.post(
    '/searchproduct_frey',
    {
      schema: {
        summary: 'Like searchproduct, with the fitting parts grouped by category (pages count categories)',
        tags,
        security,
        body: VinGroupsRequest,
        response: { 200: envelope(VinGroupResult) },
      },
    },
    async (request) =>
      ok(await searchVinProductGroups(app.db, rowContextFromRequest(request, request.body.warehouse), request.body)),
  );

  app.get(
    '/gethotlist',
    {
      schema: {
        summary: "The company's recent VIN searches, one entry per VIN, newest first",
        tags,
        security,
        querystring: VinHotListRequest,
        response: { 200: envelope(VinHotList) },
      },
    },
    async (request) => ok(await recentVins(app.db, request.auth.companyId, request.query.limit)),
  );
};

export default routes;
