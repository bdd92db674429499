import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { PageRequest } from '@shop/core/api/parts';
import { AdminClaimList, AdminRunList, AdminRunsQuery } from '@shop/core/api/price-protection';
import { staffRoutes } from '../staff/staff-routes';
import { listRuns, RUN_NOT_FOUND, runClaims } from './admin-service';

/** /api/admin/price-protection/*: 价保补偿 of the back office (finance.manage; read only). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = staffRoutes(app, 'finance.manage');
  finance.get('/price-protection/runs', (ctx, q) => listRuns(ctx.db, q), {
    summary: '价保补偿：调价（降价）列表及补偿合计',
    input: AdminRunsQuery,
    answer: AdminRunList,
  });
  finance.get('/price-protection/runs/:id/claims', (ctx, q, { params }) => runClaims(ctx.db, params.id, q), {
    summary: '价保补偿：一次调价补偿的订单行',
    params: z.object({ id: idInput(RUN_NOT_FOUND) }),
    input: PageRequest,
    answer: AdminClaimList,
  });
};

export default adminRoutes;
