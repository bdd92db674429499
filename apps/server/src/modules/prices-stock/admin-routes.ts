import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import type { StaffRequestContext } from '../../platform/request-context';
import type { AuditActor } from '../staff/audit';
import { adminIdParams } from '../staff/reply-route';
import { staffRoutes } from '../staff/staff-routes';
import { listPrices, listStock, partPrices, partStock, setPrices, setStock } from './service';

/** The routes of the parts' prices or stock (prices.manage, stock.manage): the list, one part's and the save. */
interface PartRoutes<Body> {
  list: { summary: string; answer: z.ZodType; read(ctx: StaffRequestContext, q: PartLookupQuery): Promise<unknown> };
  one: { summary: string; answer: z.ZodType; read(ctx: StaffRequestContext, id: number): Promise<unknown> };
  save: {
    summary: string;
    body: z.ZodType<Body>;
    write(ctx: StaffRequestContext, actor: AuditActor, id: number, body: Body): Promise<void>;
  };
}

/** /api/admin/prices/* (prices.manage) and /api/admin/stock/* (stock.manage). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  function partRoutes<Body>(path: 'prices' | 'stock', r: PartRoutes<Body>): void {
    const staff = staffRoutes(app, `${path}.manage`);
    staff.get(`/${path}`, (ctx, q) => r.list.read(ctx, q), {
      summary: r.list.summary,
      input: PartLookupQuery,
      answer: r.list.answer,
    });
    staff.get(`/${path}/:id`, (ctx, _q, { params }) => r.one.read(ctx, params.id), {
      summary: r.one.summary,
      params: adminIdParams,
      answer: r.one.answer,
    });
    staff.post(`/${path}/:id`, (ctx, b, { params, actor }) => r.save.write(ctx, actor, params.id, b), {
      summary: r.save.summary,
      params: adminIdParams,
      input: r.save.body,
      msg: PRICE_STOCK_TEXTS.saved,
    });
  }

  partRoutes('prices', {
    list: { summary: '配件价格列表（按编号、OE号或名称查找）', answer: PriceRowList, read: listPrices },
    one: { summary: '配件的各价格及调价记录', answer: PartPrices, read: partPrices },
    save: { summary: '修改配件价格（须与页面显示的原价一致）', body: SetPricesRequest, write: setPrices },
  });
  partRoutes('stock', {
    list: { summary: '配件库存列表（各仓可用与在途）', answer: StockRowList, read: listStock },
    one: { summary: '配件的各仓库存', answer: StockRow, read: partStock },
    save: { summary: '设置或调整配件某仓库存', body: SetStockRequest, write: setStock },
  });
};

export default adminRoutes;
