import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PartnerSaleSummary, ReportPeriod } from '@shop/core/api/report';
import { dealerRoutes } from '../../lib/declared-routes';
import { loginRoute } from '../../lib/route-options';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import { partnerSaleSummary, partnerSaleWorkbook } from './service';

const tag = 'report';

/** /api/Shop.Report/*: the partner report of a main account (docs/report.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  dealerRoutes(app, tag).post('/partnerSaleSummary', (ctx, b) => partnerSaleSummary(ctx, b), {
    summary: "The company's purchases by month, category, make and part against last year",
    input: ReportPeriod.optional().default({}),
    answer: PartnerSaleSummary,
  });

  app.get(
    '/partnerSaleExport',
    loginRoute(tag, 'The partner report with every part as .xlsx', {
      querystring: ReportPeriod,
      response: { 200: z.any().describe('.xlsx file') },
    }),
    async (request, reply) =>
      sendXlsx(reply, await partnerSaleWorkbook(request.ctx.asDealer(), request.query), datedFileName('采购报表')),
  );
};

export default routes;
