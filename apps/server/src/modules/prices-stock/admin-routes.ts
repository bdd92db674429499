import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PartLookupQuery,
  PartPrices,
  PRICE_STOCK_TEXTS,
  PriceRowList,
  SetPricesRequest,
  SetStockRequest,
  StockRow,
  StockRowList,
} from '@shop/core/api/admin-prices';
import { adminRoute } from '../../lib/route-options';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope';
import { adminIdParams } from '../staff/reply-route';
import { auditActor } from '../staff/audit';
import { listPrices, listStock, partPrices, partStock, setPrices, setStock } from './service';

/** /api/admin/prices/* (prices.manage) and /api/admin/stock/* (stock.manage). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/prices',
    adminRoute('prices.manage', '配件价格列表（按编号、OE号或名称查找）', {
      querystring: PartLookupQuery,
      response: { 200: envelope(PriceRowList) },
    }),
    async (request) => ok(await listPrices(request.ctx.asStaff(), request.query)),
  );

  app.get(
    '/prices/:id',
    adminRoute('prices.manage', '配件的各价格及调价记录', {
      params: adminIdParams,
      response: { 200: envelope(PartPrices) },
    }),
    async (request) => ok(await partPrices(request.ctx.asStaff(), request.params.id)),
  );

  app.post(
    '/prices/:id',
    adminRoute('prices.manage', '修改配件价格（须与页面显示的原价一致）', {
      params: adminIdParams,
      body: SetPricesRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await setPrices(request.ctx.asStaff(), auditActor(request), request.params.id, request.body);
      return ok(null, PRICE_STOCK_TEXTS.saved);
    },
  );

  app.get(
    '/stock',
    adminRoute('stock.manage', '配件库存列表（各仓可用与在途）', {
      querystring: PartLookupQuery,
      response: { 200: envelope(StockRowList) },
    }),
    async (request) => ok(await listStock(request.ctx.asStaff(), request.query)),
  );

  app.get(
    '/stock/:id',
    adminRoute('stock.manage', '配件的各仓库存', { params: adminIdParams, response: { 200: envelope(StockRow) } }),
    async (request) => ok(await partStock(request.ctx.asStaff(), request.params.id)),
  );

  app.post(
    '/stock/:id',
    adminRoute('stock.manage', '设置或调整配件某仓库存', {
      params: adminIdParams,
      body: SetStockRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await setStock(request.ctx.asStaff(), auditActor(request), request.params.id, request.body);
      return ok(null, PRICE_STOCK_TEXTS.saved);
    },
  );
};

export default adminRoutes;
