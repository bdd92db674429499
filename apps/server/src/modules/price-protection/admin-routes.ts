import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { PageRequest } from '@shop/core/api/parts';
import { AdminClaimList, AdminRunList, AdminRunsQuery } from '@shop/core/api/price-protection';
import { ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { listRuns, RUN_NOT_FOUND, runClaims } from './admin-service';

const P = 'finance.manage' as const;

/** /api/admin/price-protection/*: 价保补偿 of the back office (finance.manage; read only). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/price-protection/runs',
    adminRoute(P, '价保补偿：调价（降价）列表及补偿合计', {
      querystring: AdminRunsQuery,
      response: answers(AdminRunList),
    }),
    async (request) => ok(await listRuns(app.db, request.query)),
  );
  app.get(
    '/price-protection/runs/:id/claims',
    adminRoute(P, '价保补偿：一次调价补偿的订单行', {
      params: z.object({ id: idInput(RUN_NOT_FOUND) }),
      querystring: PageRequest,
      response: answers(AdminClaimList),
    }),
    async (request) => ok(await runClaims(app.db, request.params.id, request.query)),
  );
};

export default adminRoutes;
