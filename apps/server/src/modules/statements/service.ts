import { sql } from 'drizzle-orm';
import {
  ledgerKindText,
  monthLabel,
  STATEMENT_STATUS_TEXT,
  STATEMENT_TEXTS as T,
  type StatementDetail,
  type StatementDispute,
  type StatementLine,
  type StatementList,
  type StatementSummary,
} from '@shop/core/api/statements';
import { money } from '@shop/core/money';
import { chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import type { Executor } from '../../lib/events';
import { refuse } from '../../lib/errors';
import type { DealerCaller, DealerRequestContext } from '../../platform/request-context';
import { creditTerms, openBalance } from './credit';

/**
 * The dealer's statements (/api/Shop.CustomerStatement, /profile/bill): every query is scoped to
 * the caller's company (another company's statement is not found). Any account of the company
 * reads them; only the main account confirms (once) or disputes.
 */
type Row = Record<string, unknown>;

/** A moment in China time, '' for none. */
export const at = (v: unknown) => (v == null ? '' : chinaDateTimeOf(v));

export const STATEMENT_COLUMNS = sql`s.id, s.company_id, s.month, s.opening::text as opening, s.total::text as total,
  s.closing::text as closing, s.line_count, s.status, s.due_on::text as due_on, s.created_at, s.confirmed_at,
  (select count(*)::int from statement_disputes d where d.statement_id = s.id and d.replied_at is null) as open_disputes`;

export function summaryOf(r: Row, caller?: Pick<DealerCaller, 'isMain'>): StatementSummary {
  const status = String(r.status) as keyof typeof STATEMENT_STATUS_TEXT;
  return {
    id: Number(r.id),
    month: String(r.month),
    month_label: monthLabel(String(r.month)),
    opening: money(r.opening),
    total: money(r.total),
    closing: money(r.closing),
    line_count: Number(r.line_count),
    status,
    status_cn: STATEMENT_STATUS_TEXT[status] ?? status,
    due_on: String(r.due_on).slice(0, 10),
    created_at: at(r.created_at),
    confirmed_at: at(r.confirmed_at),
    can_confirm: caller?.isMain === true && status === 'pending' ? 1 : 0,
  };
}

/** GET list: the company's statements, newest month first, with its credit now. */
export async function listStatements(
  ctx: DealerRequestContext,
  q: { page: number; limit: number; month?: string },
): Promise<StatementList> {
  const { db, caller } = ctx;
  const month = q.month ?? '';
  const where = sql`s.company_id = ${caller.companyId} and (${month} = '' or s.month = ${month})`;
  const page = await pagedList(
    db,
    q,
    sql`select count(*)::int as n from statements s where ${where}`,
    sql`select ${STATEMENT_COLUMNS} from statements s where ${where} order by s.month desc`,
    (r) => summaryOf(r, caller),
  );
  const terms = await creditTerms(db, caller.companyId);
  const open = await openBalance(db, caller.companyId);
  return {
    ...page,
    credit_limit: terms.limit === null ? '' : money(terms.limit),
    payment_days: terms.paymentDays,
    open_balance: open.open,
  };
}

/** A statement's lines (ledger entries), in the order they happened. */
export async function statementLines(db: Executor, statementId: number): Promise<StatementLine[]> {
  const { rows } = await db.execute(sql`select l.id, l.occurred_at, l.kind, l.description, l.amount::text as amount
    from statement_lines sl join company_ledger l on l.id = sl.ledger_id
    where sl.statement_id = ${statementId} order by l.occurred_at, l.id`);
  return (rows as Row[]).map((r) => ({
    id: Number(r.id),
    occurred_at: at(r.occurred_at),
    kind: String(r.kind),
    kind_cn: ledgerKindText(String(r.kind)),
    description: String(r.description),
    amount: money(r.amount),
  }));
}

export async function statementDisputes(db: Executor, statementId: number): Promise<StatementDispute[]> {
  const { rows } = await db.execute(sql`select id, note, created_at, reply, replied_at from statement_disputes
    where statement_id = ${statementId} order by id`);
  return (rows as Row[]).map((r) => ({
    id: Number(r.id),
    note: String(r.note),
    created_at: at(r.created_at),
    reply: String(r.reply),
    replied_at: at(r.replied_at),
  }));
}

/** One statement of the caller's company with its lines and disputes (another company's: not found). */
export async function statementDetail(ctx: DealerRequestContext, id: number): Promise<StatementDetail> {
  const { db, caller } = ctx;
  const { rows } = await db.execute(sql`select ${STATEMENT_COLUMNS}, c.name as company_name
    from statements s join companies c on c.id = s.company_id
    where s.id = ${id} and s.company_id = ${caller.companyId}`);
  const r = rows[0] as Row | undefined;
  if (!r) refuse(T.notFound);
  return {
    ...summaryOf(r, caller),
    company_name: String(r.company_name),
    lines: await statementLines(db, id),
    disputes: await statementDisputes(db, id),
  };
}

/** The statement row of the caller's company, locked; refusals for another company's and for sub-accounts. */
async function ownStatementLocked(tx: Executor, caller: DealerCaller, id: number): Promise<Row> {
  const { rows } = await tx.execute(sql`select id, month, status from statements
    where id = ${id} and company_id = ${caller.companyId} for update`);
  const r = rows[0] as Row | undefined;
  if (!r) refuse(T.notFound);
  if (!caller.isMain) refuse(T.mainOnly);
  return r;
}

/** POST confirmReconciliation: the main account confirms once; a second confirm answers that it is done. */
export async function confirmStatement(ctx: DealerRequestContext, id: number): Promise<void> {
  const caller = ctx.caller;
  await ctx.transaction(async (tx) => {
    const r = await ownStatementLocked(tx, caller, id);
    if (r.status === 'confirmed') refuse(T.alreadyConfirmed);
    if (r.status === 'disputed') refuse(T.disputeOpen);
    await tx.execute(sql`update statements set status = 'confirmed', confirmed_at = now(), confirmed_by = ${caller.accountId}
      where id = ${id}`);
  });
}

/** POST dispute: the main account's objection reaches finance staff (the back office's queue). */
export async function disputeStatement(ctx: DealerRequestContext, id: number, note: string): Promise<void> {
  const caller = ctx.caller;
  await ctx.transaction(async (tx) => {
    const r = await ownStatementLocked(tx, caller, id);
    if (r.status === 'confirmed') refuse(T.confirmedNoDispute);
    if (r.status === 'disputed') refuse(T.disputeOpen);
    await tx.execute(sql`insert into statement_disputes (statement_id, company_id, account_id, note)
      values (${id}, ${caller.companyId}, ${caller.accountId}, ${note})`);
    await tx.execute(sql`update statements set status = 'disputed' where id = ${id}`);
  });
}
