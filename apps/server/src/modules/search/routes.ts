import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductRowPage, SearchRequest } from '@shop/core/api/parts';
import { partSearchRoute } from './search-route';
import { searchParts } from './service';

/** /api/Shop.Accessory/*: the search box (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  partSearchRoute(
    app,
    '/index',
    'Search parts by own code, OE / replacement / old number, number prefix, series and part name',
    { body: SearchRequest, answer: ProductRowPage },
    searchParts,
  );
};

export default routes;
