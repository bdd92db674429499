import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmRequest,
  DisputeRequest,
  ExportQuery,
  STATEMENT_TEXTS as T,
  StatementDetail,
  StatementIdQuery,
  StatementList,
  StatementListQuery,
} from '@shop/core/api/statements';
import { dealerRoutes } from '../../lib/declared-routes';
import { loginRoute } from '../../lib/route-options';
import { sendXlsx } from '../../lib/xlsx';
import { PDF_TYPE, statementFileName, statementPdf, statementXlsx } from './exports';
import { confirmStatement, disputeStatement, listStatements, statementDetail } from './service';

/** /api/Shop.CustomerStatement/* (spec.md section 7 'Messages and statements'; docs/statements.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const tag = 'statements';
  const fileResponse = { 200: z.any() };
  const dealer = dealerRoutes(app, tag);

  dealer.get('/list', (ctx, q) => listStatements(ctx, { ...q, month: q.month || undefined }), {
    summary: 'The company’s monthly statements, newest first, with its credit and open balance',
    input: StatementListQuery,
    answer: StatementList,
  });
  dealer.get('/detail', (ctx, q) => statementDetail(ctx, q.id), {
    summary: 'One statement with its lines and disputes',
    input: StatementIdQuery,
    answer: StatementDetail,
  });
  dealer.post('/confirmReconciliation', (ctx, b) => confirmStatement(ctx, b.id), {
    summary: 'The main account confirms a statement (once)',
    input: ConfirmRequest,
    msg: T.confirmed,
  });
  dealer.post('/dispute', (ctx, b) => disputeStatement(ctx, b.id, b.note), {
    summary: 'The main account disputes a statement with a note (finance staff reply)',
    input: DisputeRequest,
    msg: T.disputed,
  });

  app.get(
    '/export',
    loginRoute(tag, 'A statement as .xlsx or PDF (format=xlsx|pdf)', {
      querystring: ExportQuery,
      response: fileResponse,
    }),
    async (request, reply) => {
      const s = await statementDetail(request.ctx.asDealer(), request.query.id);
      if (request.query.format === 'xlsx') return sendXlsx(reply, await statementXlsx(s), statementFileName(s, 'xlsx'));
      const name = statementFileName(s, 'pdf');
      return reply
        .type(PDF_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(await statementPdf(s));
    },
  );
};

export default routes;
