import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STATEMENT_TEXTS as T,
  type AdjustmentInput,
  type AdminStatementDetail,
  type AdminStatementPage,
  type AdminStatementRow,
  type ApprovalPage,
  type BuildResult,
  type CreditInput,
  type CreditPage,
  type PaymentInput,
  type PaymentPage,
} from '@shop/core/api/statements';
import { centsToMoney, money, toCents } from '@shop/core/money';
import type { Db } from '../../db/client';
import { pagedList } from '../../lib/paged-list';
import type { Executor } from '../../lib/events';
import { refuse } from '../../lib/errors';
import { containsPattern } from '../../lib/like-pattern';
import type { StaffRequestContext } from '../../platform/request-context';
import { cancelLockedOrder } from '../orders/service';
import { writeAudit, type AuditActor } from '../staff/audit';
import { buildStatements, currentMonth } from './build';
import { openBalance } from './credit';
import type { DisputeRepliedEvent, OrderApprovedEvent } from './events';
import { postLedgerEntries } from './ledger';
import { insertPayment } from './payments';
import { at, STATEMENT_COLUMNS, statementDisputes, statementLines, summaryOf } from './service';

/**
 * The back office's finance screens (permission finance.manage; docs/statements.md): 信用额度,
 * 回款登记 and adjustments, 特批订单, 对账单 with the disputes. Every change is audited in its
 * transaction; the dealer's messages go out after the commit (events).
 */
type Row = Record<string, unknown>;
const cents = (v: unknown) => toCents(v) ?? 0n;

async function companyName(db: Executor, companyId: number): Promise<string> {
  const { rows } = await db.execute(sql`select name from companies where id = ${companyId}`);
  const r = rows[0] as Row | undefined;
  if (!r) refuse(T.companyNotFound);
  return String(r.name);
}

// ---- 信用额度 ----

/** Companies with their credit and open balance (set-based: ledger and open orders per company). */
export async function listCredit(db: Db, q: { page: number; limit: number; keyword: string }): Promise<CreditPage> {
  const where = sql`(${q.keyword} = '' or c.name ilike ${containsPattern(q.keyword)})`;
  const page = await pagedList(
    db,
    q,
    sql`select count(*)::int as n from companies c where ${where}`,
    sql`select c.id, c.name, cc.credit_limit::text as credit_limit, coalesce(cc.payment_days, 30) as payment_days
    from companies c left join company_credit cc on cc.company_id = c.id
    where ${where} order by c.id`,
    (r) => r,
  );
  const list = [];
  for (const r of page.list) {
    const open = await openBalance(db, Number(r.id));
    const limit = r.credit_limit == null ? '' : money(r.credit_limit);
    list.push({
      company_id: Number(r.id),
      company_name: String(r.name),
      credit_limit: limit,
      payment_days: Number(r.payment_days),
      balance: money(open.balance),
      open_orders: money(open.openOrders),
      open_balance: open.open,
      available: limit === '' ? '' : centsToMoney(cents(limit) - cents(open.open)),
    });
  }
  return { ...page, list };
}

export async function setCredit(
  ctx: StaffRequestContext,
  actor: AuditActor,
  companyId: number,
  input: z.output<typeof CreditInput>,
): Promise<void> {
  await ctx.transaction(async (tx) => {
    await companyName(tx, companyId);
    const before = (
      await tx.execute(sql`select credit_limit::text as credit_limit, payment_days from company_credit
        where company_id = ${companyId} for update`)
    ).rows[0] as Row | undefined;
    const limit = input.credit_limit === '' ? null : money(input.credit_limit);
    await tx.execute(sql`insert into company_credit (company_id, credit_limit, payment_days, updated_at, updated_by)
      values (${companyId}, ${limit}::numeric, ${input.payment_days}, now(), ${actor.staffId})
      on conflict (company_id) do update set credit_limit = excluded.credit_limit, payment_days = excluded.payment_days,
        updated_at = now(), updated_by = excluded.updated_by`);
    await writeAudit(tx, actor, {
      action: 'finance.credit.set',
      entityType: 'company',
      entityId: String(companyId),
      before: before ? { credit_limit: before.credit_limit, payment_days: Number(before.payment_days) } : null,
      after: { credit_limit: limit, payment_days: input.payment_days },
    });
  });
}

// ---- 回款登记 and adjustments ----

export async function listPayments(
  db: Db,
  q: { page: number; limit: number; company_id?: number },
): Promise<PaymentPage> {
  const where = sql`(${q.company_id ?? 0} = 0 or p.company_id = ${q.company_id ?? 0})`;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n from company_payments p where ${where}`,
    sql`select p.id, p.company_id, c.name as company_name, p.amount::text as amount,
      p.paid_on::text as paid_on, p.method, p.reference, p.note, s.name as staff_name, p.created_at
    from company_payments p join companies c on c.id = p.company_id join staff_members s on s.id = p.staff_id
    where ${where} order by p.id desc`,
    (r) => ({
      id: Number(r.id),
      company_id: Number(r.company_id),
      company_name: String(r.company_name),
      amount: money(r.amount),
      paid_on: String(r.paid_on).slice(0, 10),
      method: String(r.method),
      reference: String(r.reference),
      note: String(r.note),
      staff_name: String(r.staff_name),
      created_at: at(r.created_at),
    }),
  );
}

/**
 * Records a payment received (insertPayment) and audits it. The form's request key makes a double
 * submit one payment. A mistaken payment is corrected by an adjustment, never deleted.
 */
export async function recordPayment(
  ctx: StaffRequestContext,
  actor: AuditActor,
  input: z.output<typeof PaymentInput>,
): Promise<{ id: number }> {
  return ctx.transaction(async (tx) => {
    const name = await companyName(tx, input.company_id);
    const { id, created } = await insertPayment(tx, actor.staffId, input);
    if (!created) return { id };
    await writeAudit(tx, actor, {
      action: 'finance.payment.record',
      entityType: 'company',
      entityId: String(input.company_id),
      before: null,
      after: {
        payment_id: id,
        company: name,
        amount: money(input.amount),
        paid_on: input.paid_on,
        method: input.method,
        reference: input.reference,
      },
    });
    return { id };
  });
}

/** An adjustment by finance with its reason (> 0 the company owes more, < 0 less), dated now. */
export async function postAdjustment(
  ctx: StaffRequestContext,
  actor: AuditActor,
  input: z.output<typeof AdjustmentInput>,
): Promise<void> {
  await ctx.transaction(async (tx) => {
    await companyName(tx, input.company_id);
    const amount = money(input.amount);
    const written = await postLedgerEntries(tx, [
      {
        companyId: input.company_id,
        kind: 'adjustment',
        amount,
        occurredAt: new Date(),
        sourceKey: `adjustment:${input.company_id}:${input.request_key}`,
        description: `调整：${input.reason}`,
      },
    ]);
    if (written === 0) return;
    await writeAudit(tx, actor, {
      action: 'finance.adjustment.post',
      entityType: 'company',
      entityId: String(input.company_id),
      before: null,
      after: { amount, reason: input.reason },
    });
  });
}

// ---- 特批订单 ----

export async function listApprovals(db: Db, q: { page: number; limit: number; status: string }): Promise<ApprovalPage> {
  // A pending request whose order the dealer has cancelled meanwhile is not waiting any more.
  const where = sql`(${q.status} = '' or a.status = ${q.status})
    and (a.status <> 'pending' or o.status = 'pending_approval')`;
  const from = sql`from credit_approvals a join orders o on o.id = a.order_id join companies c on c.id = a.company_id`;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n ${from} where ${where}`,
    sql`select a.order_id, o.orders_no, a.company_id, c.name as company_name,
      a.amount::text as amount, a.open_balance::text as open_balance, a.credit_limit::text as credit_limit,
      a.status, a.note, a.created_at, a.decided_at
    ${from} where ${where} order by a.created_at desc`,
    (r) => ({
      order_id: Number(r.order_id),
      orders_no: String(r.orders_no),
      company_id: Number(r.company_id),
      company_name: String(r.company_name),
      amount: money(r.amount),
      open_balance: money(r.open_balance),
      credit_limit: money(r.credit_limit),
      status: String(r.status),
      note: String(r.note),
      created_at: at(r.created_at),
      decided_at: at(r.decided_at),
    }),
  );
}

/**
 * Approves (the order goes on to 待发货 with the stock it kept) or refuses (the order is cancelled:
 * its stock, voucher and coins come back) a special approval. The dealer is messaged either way
 * after the commit: order.approved, or order.cancelled with the reason.
 */
export async function decideApproval(
  ctx: StaffRequestContext,
  actor: AuditActor,
  orderId: number,
  decision: 'approve' | 'refuse',
  note: string,
): Promise<void> {
  await ctx.transaction(async (tx, emit) => {
    const { rows } =
      await tx.execute(sql`select a.status, a.company_id, o.account_id, o.orders_no, o.status as order_status
      from credit_approvals a join orders o on o.id = a.order_id where a.order_id = ${orderId} for update of a, o`);
    const r = rows[0] as Row | undefined;
    if (!r) refuse(T.approvalNotFound);
    if (r.status !== 'pending') refuse(T.approvalDecided);
    if (r.order_status !== 'pending_approval') refuse('订单已取消，无需审批');
    const order = {
      id: orderId,
      companyId: Number(r.company_id),
      accountId: Number(r.account_id),
      ordersNo: String(r.orders_no),
    };
    await tx.execute(sql`update credit_approvals set status = ${decision === 'approve' ? 'approved' : 'refused'},
      note = ${note}, decided_at = now(), decided_by = ${actor.staffId} where order_id = ${orderId}`);
    if (decision === 'approve') {
      await tx.execute(sql`update orders set status = 'pending_shipment', updated_at = now()
        where id = ${orderId} and status = 'pending_approval'`);
      const approved: OrderApprovedEvent = { type: 'order.approved', ...order, orderId, note };
      emit(approved);
    } else {
      await cancelLockedOrder(tx, emit, order, `信用额度特批未通过${note ? `：${note}` : ''}`);
    }
    await writeAudit(tx, actor, {
      action: decision === 'approve' ? 'finance.approval.approve' : 'finance.approval.refuse',
      entityType: 'order',
      entityId: String(orderId),
      before: { status: 'pending_approval' },
      after: { status: decision === 'approve' ? 'pending_shipment' : 'cancelled', note },
    });
  });
}

// ---- 对账单 ----

function adminRowOf(r: Row): AdminStatementRow {
  const { can_confirm: _, ...summary } = summaryOf(r);
  return {
    ...summary,
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
    open_disputes: Number(r.open_disputes),
  };
}

export async function listAdminStatements(
  db: Db,
  q: { page: number; limit: number; month?: string; status: string; keyword: string },
): Promise<AdminStatementPage> {
  const month = q.month ?? '';
  const where = sql`(${month} = '' or s.month = ${month}) and (${q.status} = '' or s.status = ${q.status})
    and (${q.keyword} = '' or c.name ilike ${containsPattern(q.keyword)})`;
  const from = sql`from statements s join companies c on c.id = s.company_id`;
  return pagedList(
    db,
    q,
    sql`select count(*)::int as n ${from} where ${where}`,
    sql`select ${STATEMENT_COLUMNS}, c.name as company_name ${from} where ${where}
    order by s.month desc, (s.status = 'disputed') desc, s.company_id`,
    adminRowOf,
  );
}

export async function adminStatementDetail(db: Db, id: number): Promise<AdminStatementDetail> {
  const { rows } = await db.execute(sql`select ${STATEMENT_COLUMNS}, c.name as company_name
    from statements s join companies c on c.id = s.company_id where s.id = ${id}`);
  const r = rows[0] as Row | undefined;
  if (!r) refuse(T.notFound);
  return { ...adminRowOf(r), lines: await statementLines(db, id), disputes: await statementDisputes(db, id) };
}

/** Finance's reply to a dispute: the statement is 待确认 again and the dealer is messaged. */
export async function replyDispute(
  ctx: StaffRequestContext,
  actor: AuditActor,
  disputeId: number,
  reply: string,
): Promise<void> {
  await ctx.transaction(async (tx, emit) => {
    const { rows } = await tx.execute(sql`select d.statement_id, d.company_id, d.account_id, d.replied_at, s.month
      from statement_disputes d join statements s on s.id = d.statement_id where d.id = ${disputeId} for update of d, s`);
    const r = rows[0] as Row | undefined;
    if (!r) refuse(T.disputeNotFound);
    if (r.replied_at != null) refuse(T.alreadyReplied);
    await tx.execute(sql`update statement_disputes set reply = ${reply}, replied_at = now(), replied_by = ${actor.staffId}
      where id = ${disputeId}`);
    await tx.execute(
      sql`update statements set status = 'pending' where id = ${Number(r.statement_id)} and status = 'disputed'`,
    );
    const replied: DisputeRepliedEvent = {
      type: 'statement.dispute_replied',
      companyId: Number(r.company_id),
      accountId: Number(r.account_id),
      statementId: Number(r.statement_id),
      month: String(r.month),
      reply,
    };
    emit(replied);
    await writeAudit(tx, actor, {
      action: 'finance.dispute.reply',
      entityType: 'statement',
      entityId: String(r.statement_id),
      before: { status: 'disputed' },
      after: { status: 'pending', dispute_id: disputeId, reply },
    });
  });
}

/** Builds an ended month's statements now, for the companies that have none for it (idempotent). */
export async function buildMonth(ctx: StaffRequestContext, actor: AuditActor, month: string): Promise<BuildResult> {
  if (month >= currentMonth(new Date())) refuse('只能生成已结束月份的对账单');
  return ctx.transaction(async (tx) => {
    const outcome = await buildStatements(tx, month);
    await writeAudit(tx, actor, {
      action: 'finance.statements.build',
      entityType: 'statements',
      entityId: month,
      before: null,
      after: outcome,
    });
    return outcome;
  });
}
