import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PartnerSaleSummary, ReportPeriod } from '@shop/core/api/report';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { datedFileName, sendXlsx } from '../../lib/xlsx';
import { partnerSaleSummary, partnerSaleWorkbook } from './service';

const tag = 'report';

/** /api/Shop.Report/*: the partner report of a main account (docs/report.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/partnerSaleSummary',
    loginRoute(tag, "The company's purchases by month, category, make and part against last year", {
      body: ReportPeriod.optional().default({}),
      response: answers(PartnerSaleSummary),
    }),
    async (request) => ok(await partnerSaleSummary(request.ctx.asDealer(), request.body)),
  );

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
