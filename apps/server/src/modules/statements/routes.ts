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
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { sendXlsx } from '../../lib/xlsx';
import { PDF_TYPE, statementFileName, statementPdf, statementXlsx } from './exports';
import { confirmStatement, disputeStatement, listStatements, statementDetail } from './service';

/** /api/Shop.CustomerStatement/* (spec.md section 7 'Messages and statements'; docs/statements.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const tag = 'statements';
  const fileResponse = { 200: z.any() };

  app.get(
    '/list',
    loginRoute(tag, 'The company’s monthly statements, newest first, with its credit and open balance', {
      querystring: StatementListQuery,
      response: answers(StatementList),
    }),
    async (request) =>
      ok(await listStatements(request.ctx.asDealer(), { ...request.query, month: request.query.month || undefined })),
  );

  app.get(
    '/detail',
    loginRoute(tag, 'One statement with its lines and disputes', {
      querystring: StatementIdQuery,
      response: answers(StatementDetail),
    }),
    async (request) => ok(await statementDetail(request.ctx.asDealer(), request.query.id)),
  );

  app.post(
    '/confirmReconciliation',
    loginRoute(tag, 'The main account confirms a statement (once)', {
      body: ConfirmRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await confirmStatement(request.ctx.asDealer(), request.body.id);
      return ok(null, T.confirmed);
    },
  );

  app.post(
    '/dispute',
    loginRoute(tag, 'The main account disputes a statement with a note (finance staff reply)', {
      body: DisputeRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await disputeStatement(request.ctx.asDealer(), request.body.id, request.body.note);
      return ok(null, T.disputed);
    },
  );

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
