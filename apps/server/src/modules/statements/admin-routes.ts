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
import { staffRoutes } from '../staff/staff-routes';
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

/** /api/admin/finance/*: 信用额度, 回款登记, 特批订单 and 对账单 (finance.manage; every change audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = staffRoutes(app, 'finance.manage');
  finance.get('/finance/credit', (ctx, q) => listCredit(ctx.db, q), {
    summary: '各公司信用额度、账期与未结金额',
    input: CreditQuery,
    answer: CreditPage,
  });
  finance.post('/finance/credit/:id', (ctx, b, { params, actor }) => setCredit(ctx, actor, params.id, b), {
    summary: '设置公司信用额度与账期（额度为空表示不限）',
    params: CompanyIdParams,
    input: CreditInput,
    msg: T.creditSaved,
  });

  finance.get('/finance/payments', (ctx, q) => listPayments(ctx.db, q), {
    summary: '回款记录',
    input: PaymentQuery,
    answer: PaymentPage,
  });
  finance.post('/finance/payments', (ctx, b, { actor }) => recordPayment(ctx, actor, b), {
    summary: '登记回款（入账为公司的贷方）',
    input: PaymentInput,
    answer: z.object({ id: z.number().int() }),
    msg: T.paymentRecorded,
  });
  finance.post('/finance/adjustments', (ctx, b, { actor }) => postAdjustment(ctx, actor, b), {
    summary: '账务调整（正数增加欠款，负数减少；须填原因）',
    input: AdjustmentInput,
    msg: T.adjustmentPosted,
  });

  finance.get('/finance/approvals', (ctx, q) => listApprovals(ctx.db, q), {
    summary: '超出信用额度的特批订单',
    input: ApprovalQuery,
    answer: ApprovalPage,
  });
  for (const [move, summary, done] of [
    ['approve', '同意特批（订单进入待发货）', '已同意特批'],
    ['refuse', '拒绝特批（订单取消，库存退回）', '已拒绝特批'],
  ] as const) {
    finance.post(
      `/finance/approvals/:id/${move}`,
      (ctx, b, { params, actor }) => decideApproval(ctx, actor, params.id, move, b.note),
      { summary, params: ApprovalParams, input: DecisionInput, msg: done },
    );
  }

  finance.get('/finance/statements', (ctx, q) => listAdminStatements(ctx.db, { ...q, month: q.month || undefined }), {
    summary: '对账单（按月份、状态、公司）',
    input: AdminStatementQuery,
    answer: AdminStatementPage,
  });
  finance.get('/finance/statements/:id', (ctx, _q, { params }) => adminStatementDetail(ctx.db, params.id), {
    summary: '对账单明细与异议',
    params: AdminStatementParams,
    answer: AdminStatementDetail,
  });
  finance.post('/finance/statements/build', (ctx, b, { actor }) => buildMonth(ctx, actor, b.month), {
    summary: '生成已结束月份的对账单（已有对账单的公司不变）',
    input: BuildInput,
    answer: BuildResult,
    msg: (done) => `已生成 ${done.statements} 份对账单`,
  });
  finance.post(
    '/finance/disputes/:id/reply',
    (ctx, b, { params, actor }) => replyDispute(ctx, actor, params.id, b.reply),
    {
      summary: '回复对账单异议（对账单回到待确认）',
      params: DisputeParams,
      input: ReplyInput,
      msg: T.replied,
    },
  );
};

export default adminRoutes;
