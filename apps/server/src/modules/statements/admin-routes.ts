import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdjustmentInput,
  AdminStatementDetail,
  AdminStatementPage,
  AdminStatementParams,
  AdminStatementQuery,
  ApprovalPage,
  ApprovalParams,
  ApprovalQuery,
  BuildInput,
  BuildResult,
  CompanyIdParams,
  CreditInput,
  CreditPage,
  CreditQuery,
  DecisionInput,
  DisputeParams,
  PaymentInput,
  PaymentPage,
  PaymentQuery,
  ReplyInput,
  STATEMENT_TEXTS as T,
} from '@shop/core/api/statements';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor as actor } from '../staff/audit';
import {
  adminStatementDetail,
  buildMonth,
  decideApproval,
  listAdminStatements,
  listApprovals,
  listCredit,
  listPayments,
  postAdjustment,
  recordPayment,
  replyDispute,
  setCredit,
} from './admin-service';

const P = 'finance.manage' as const;

/** /api/admin/finance/*: 信用额度, 回款登记, 特批订单 and 对账单 (finance.manage; every change audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/finance/credit',
    adminRoute(P, '各公司信用额度、账期与未结金额', { querystring: CreditQuery, response: answers(CreditPage) }),
    async (request) => ok(await listCredit(app.db, request.query)),
  );
  app.post(
    '/finance/credit/:id',
    adminRoute(P, '设置公司信用额度与账期（额度为空表示不限）', {
      params: CompanyIdParams,
      body: CreditInput,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await setCredit(request.ctx.asStaff(), actor(request), request.params.id, request.body);
      return ok(null, T.creditSaved);
    },
  );

  app.get(
    '/finance/payments',
    adminRoute(P, '回款记录', { querystring: PaymentQuery, response: answers(PaymentPage) }),
    async (request) => ok(await listPayments(app.db, request.query)),
  );
  app.post(
    '/finance/payments',
    adminRoute(P, '登记回款（入账为公司的贷方）', {
      body: PaymentInput,
      response: answers(z.object({ id: z.number().int() })),
    }),
    async (request) => ok(await recordPayment(request.ctx.asStaff(), actor(request), request.body), T.paymentRecorded),
  );
  app.post(
    '/finance/adjustments',
    adminRoute(P, '账务调整（正数增加欠款，负数减少；须填原因）', {
      body: AdjustmentInput,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await postAdjustment(request.ctx.asStaff(), actor(request), request.body);
      return ok(null, T.adjustmentPosted);
    },
  );

  app.get(
    '/finance/approvals',
    adminRoute(P, '超出信用额度的特批订单', { querystring: ApprovalQuery, response: answers(ApprovalPage) }),
    async (request) => ok(await listApprovals(app.db, request.query)),
  );
  for (const [move, summary, done] of [
    ['approve', '同意特批（订单进入待发货）', '已同意特批'],
    ['refuse', '拒绝特批（订单取消，库存退回）', '已拒绝特批'],
  ] as const) {
    app.post(
      `/finance/approvals/:id/${move}`,
      adminRoute(P, summary, { params: ApprovalParams, body: DecisionInput, response: { 200: emptyEnvelope } }),
      async (request) => {
        await decideApproval(request.ctx.asStaff(), actor(request), request.params.id, move, request.body.note);
        return ok(null, done);
      },
    );
  }

  app.get(
    '/finance/statements',
    adminRoute(P, '对账单（按月份、状态、公司）', {
      querystring: AdminStatementQuery,
      response: answers(AdminStatementPage),
    }),
    async (request) =>
      ok(await listAdminStatements(app.db, { ...request.query, month: request.query.month || undefined })),
  );
  app.get(
    '/finance/statements/:id',
    adminRoute(P, '对账单明细与异议', { params: AdminStatementParams, response: answers(AdminStatementDetail) }),
    async (request) => ok(await adminStatementDetail(app.db, request.params.id)),
  );
  app.post(
    '/finance/statements/build',
    adminRoute(P, '生成已结束月份的对账单（已有对账单的公司不变）', {
      body: BuildInput,
      response: answers(BuildResult),
    }),
    async (request) => {
      const done = await buildMonth(request.ctx.asStaff(), actor(request), request.body.month);
      return ok(done, `已生成 ${done.statements} 份对账单`);
    },
  );
  app.post(
    '/finance/disputes/:id/reply',
    adminRoute(P, '回复对账单异议（对账单回到待确认）', {
      params: DisputeParams,
      body: ReplyInput,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await replyDispute(request.ctx.asStaff(), actor(request), request.params.id, request.body.reply);
      return ok(null, T.replied);
    },
  );
};

export default adminRoutes;
