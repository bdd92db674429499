import { z } from 'zod';
import { MONTH_PATTERN } from '../days';
import { idInput } from './id-input';
import { labelKeys, labelLookup } from '../labels';
import { groupedMoney } from '../money';
import { PageFields, pageQuery as pageQueryOf, plainText } from './page';
import { companyFields, companyFilter, dayInput, flag01, formRequestKey, money, statusFields } from './fields';

/**
 * Credit, special approval, payments and monthly statements (docs/statements.md):
 * /api/Shop.CustomerStatement/* for dealers and /api/admin/finance/* for finance staff.
 * Money is a string with two decimals (core/money.ts).
 */
const text = plainText;
const pageQuery = pageQueryOf();
/** A month 'YYYY-MM'. */
const monthInput = z.string().regex(MONTH_PATTERN, '月份格式不正确');
/** Yuan typed by staff: up to two decimals. */
const amountInput = (message: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^-?\d{1,11}(\.\d{1,2})?$/.test(v), message);

export const STATEMENT_STATUS_TEXT = {
  pending: '待确认',
  confirmed: '已确认',
  disputed: '有异议',
} as const;
export type StatementStatus = keyof typeof STATEMENT_STATUS_TEXT;

export const LEDGER_KIND_TEXT = {
  delivery: '发货',
  return: '退货',
  voucher: '优惠券抵扣',
  frey_coin: '积分币抵扣',
  compensation: '价格保护补偿',
  compensation_reversal: '价保补偿冲回',
  payment: '回款',
  adjustment: '调整',
} as const;
export const ledgerKindText = labelLookup(LEDGER_KIND_TEXT);

export const PAYMENT_METHODS = ['银行转账', '承兑汇票', '现金', '其他'] as const;

export const STATEMENT_TEXTS = {
  notFound: '对账单不存在',
  confirmed: '对账单已确认',
  alreadyConfirmed: '该对账单已确认，无需重复确认',
  mainOnly: '仅主账号可以确认或提出异议',
  disputed: '异议已提交，财务人员会尽快回复',
  disputeOpen: '该对账单已有待回复的异议，请等待财务回复',
  confirmedNoDispute: '对账单已确认，不能再提出异议',
  noteRequired: '请填写异议说明',
  /** The refusal of an order past the credit limit starts with this (the settlement page offers special approval). */
  overLimit: '超出信用额度',
  awaitingApproval: '订单已提交，超出信用额度，等待财务特批',
  approvalNotFound: '特批申请不存在',
  approvalDecided: '该特批申请已处理',
  companyNotFound: '公司不存在',
  paymentRecorded: '回款已登记',
  adjustmentPosted: '调整已入账',
  creditSaved: '信用额度已保存',
  replied: '已回复',
  disputeNotFound: '异议不存在',
  alreadyReplied: '该异议已回复',
  replyRequired: '请填写回复内容',
  reasonRequired: '请填写调整原因',
} as const;

/** The refusal of an order that would pass the limit (the web shows it and offers 申请特批). */
export function overLimitText(limit: string, open: string, order: string): string {
  return `${STATEMENT_TEXTS.overLimit}：额度 ¥${limit}，当前未结金额 ¥${open}，本单 ¥${order}。可提交特批申请，由财务审批后发货`;
}

export function isOverLimitRefusal(msg: string): boolean {
  return msg.startsWith(STATEMENT_TEXTS.overLimit);
}

/** 'YYYY-MM' → '2026年3月'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${y}年${Number(m)}月`;
}

// ---- dealers: /api/Shop.CustomerStatement ----

export const StatementListQuery = z.object({ ...pageQuery, month: monthInput.optional().or(z.literal('')) });

export const StatementSummary = z.object({
  id: z.number().int(),
  month: z.string(),
  month_label: z.string(),
  opening: money,
  total: money,
  closing: money,
  line_count: z.number().int(),
  ...statusFields,
  due_on: z.string(),
  created_at: z.string(),
  confirmed_at: z.string(),
  /** 1 when this account may confirm or dispute (the main account, not yet confirmed, no open dispute). */
  can_confirm: flag01,
});
export type StatementSummary = z.infer<typeof StatementSummary>;

export const StatementLine = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  kind: z.string(),
  kind_cn: z.string(),
  description: z.string(),
  amount: money,
});
export type StatementLine = z.infer<typeof StatementLine>;

export const StatementDispute = z.object({
  id: z.number().int(),
  note: z.string(),
  created_at: z.string(),
  reply: z.string(),
  replied_at: z.string(),
});
export type StatementDispute = z.infer<typeof StatementDispute>;

export const StatementList = z.object({
  ...PageFields,
  list: z.array(StatementSummary),
  /** The company's credit: limit ('' for none), payment days and open balance now. */
  credit_limit: z.string(),
  payment_days: z.number().int(),
  open_balance: money,
});
export type StatementList = z.infer<typeof StatementList>;

export const StatementIdQuery = z.object({ id: idInput(STATEMENT_TEXTS.notFound) });

export const StatementDetail = StatementSummary.extend({
  company_name: z.string(),
  lines: z.array(StatementLine),
  disputes: z.array(StatementDispute),
});
export type StatementDetail = z.infer<typeof StatementDetail>;

export const ConfirmRequest = z.object({ id: idInput(STATEMENT_TEXTS.notFound) });
export const DisputeRequest = z.object({
  id: idInput(STATEMENT_TEXTS.notFound),
  note: text(500, '异议说明不能超过 500 个字').refine((s) => s.length > 0, STATEMENT_TEXTS.noteRequired),
});

export const ExportQuery = z.object({
  id: idInput(STATEMENT_TEXTS.notFound),
  format: z.enum(['xlsx', 'pdf'], { error: '导出格式不正确' }).optional().default('xlsx'),
});

// ---- finance staff: /api/admin/finance ----

export const CreditQuery = z.object({ ...pageQuery, keyword: text(50, '关键词过长').optional().default('') });
export const CreditRow = z.object({
  ...companyFields,
  credit_limit: z.string(),
  payment_days: z.number().int(),
  balance: money,
  open_orders: money,
  open_balance: money,
  /** What is left of the limit ('' without a limit). */
  available: z.string(),
});
export type CreditRow = z.infer<typeof CreditRow>;
export const CreditPage = z.object({ ...PageFields, list: z.array(CreditRow) });
export type CreditPage = z.infer<typeof CreditPage>;

export const CreditInput = z.object({
  /** '' or null: no limit. */
  credit_limit: z
    .union([z.string(), z.number(), z.null()])
    .transform((v) => (v === null ? '' : String(v).trim()))
    .refine((v) => v === '' || /^\d{1,11}(\.\d{1,2})?$/.test(v), '信用额度格式不正确'),
  payment_days: z.coerce
    .number({ error: '账期天数不正确' })
    .int('账期天数不正确')
    .min(0, '账期天数不正确')
    .max(365, '账期最多 365 天'),
});
export type CreditInput = z.input<typeof CreditInput>;
export const CompanyIdParams = z.object({ id: idInput(STATEMENT_TEXTS.companyNotFound) });

export const ApprovalQuery = z.object({
  ...pageQuery,
  status: z.enum(['pending', 'approved', 'refused', '']).optional().default('pending'),
});
export const ApprovalRow = z.object({
  order_id: z.number().int(),
  orders_no: z.string(),
  ...companyFields,
  amount: money,
  open_balance: money,
  credit_limit: money,
  status: z.string(),
  note: z.string(),
  created_at: z.string(),
  decided_at: z.string(),
});
export type ApprovalRow = z.infer<typeof ApprovalRow>;
export const ApprovalPage = z.object({ ...PageFields, list: z.array(ApprovalRow) });
export type ApprovalPage = z.infer<typeof ApprovalPage>;
export const ApprovalParams = z.object({ id: idInput(STATEMENT_TEXTS.approvalNotFound) });
export const DecisionInput = z.object({ note: text(200, '说明不能超过 200 个字').optional().default('') });

export const PaymentQuery = z.object({ ...pageQuery, company_id: companyFilter });
export const PaymentRow = z.object({
  id: z.number().int(),
  ...companyFields,
  amount: money,
  paid_on: z.string(),
  method: z.string(),
  reference: z.string(),
  note: z.string(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRow>;
export const PaymentPage = z.object({ ...PageFields, list: z.array(PaymentRow) });
export type PaymentPage = z.infer<typeof PaymentPage>;
export const PaymentInput = z.object({
  company_id: idInput(STATEMENT_TEXTS.companyNotFound),
  amount: amountInput('金额格式不正确').refine((v) => !v.startsWith('-') && Number(v) > 0, '回款金额必须大于 0'),
  paid_on: dayInput('日期格式不正确'),
  method: z.enum(PAYMENT_METHODS, { error: '请选择付款方式' }),
  reference: text(100, '参考号不能超过 100 个字').optional().default(''),
  note: text(200, '备注不能超过 200 个字').optional().default(''),
  /** The form's key: a double submit records one payment. */
  request_key: formRequestKey,
});
export type PaymentInput = z.input<typeof PaymentInput>;
export const AdjustmentInput = z.object({
  company_id: idInput(STATEMENT_TEXTS.companyNotFound),
  /** > 0 the company owes more, < 0 less. */
  amount: amountInput('金额格式不正确').refine((v) => Number(v) !== 0, '调整金额不能为 0'),
  reason: text(200, '原因不能超过 200 个字').refine((s) => s.length > 0, STATEMENT_TEXTS.reasonRequired),
  request_key: formRequestKey,
});
export type AdjustmentInput = z.input<typeof AdjustmentInput>;

export const AdminStatementQuery = z.object({
  ...pageQuery,
  month: monthInput.optional().or(z.literal('')),
  status: z
    .enum([...labelKeys(STATEMENT_STATUS_TEXT), ''])
    .optional()
    .default(''),
  keyword: text(50, '关键词过长').optional().default(''),
});
export const AdminStatementRow = StatementSummary.omit({ can_confirm: true }).extend({
  ...companyFields,
  open_disputes: z.number().int(),
});
export type AdminStatementRow = z.infer<typeof AdminStatementRow>;
export const AdminStatementPage = z.object({ ...PageFields, list: z.array(AdminStatementRow) });
export type AdminStatementPage = z.infer<typeof AdminStatementPage>;
export const AdminStatementDetail = AdminStatementRow.extend({
  lines: z.array(StatementLine),
  disputes: z.array(StatementDispute),
});
export type AdminStatementDetail = z.infer<typeof AdminStatementDetail>;
export const AdminStatementParams = z.object({ id: idInput(STATEMENT_TEXTS.notFound) });
export const DisputeParams = z.object({ id: idInput(STATEMENT_TEXTS.disputeNotFound) });
export const ReplyInput = z.object({
  reply: text(500, '回复不能超过 500 个字').refine((s) => s.length > 0, STATEMENT_TEXTS.replyRequired),
});
export const BuildInput = z.object({ month: monthInput });
export const BuildResult = z.object({ month: z.string(), statements: z.number().int(), lines: z.number().int() });
export type BuildResult = z.infer<typeof BuildResult>;

/** An amount as shown, grouped by thousands: '¥1,234.50', '-¥200.00'. */
export function yuan(amount: string): string {
  const shown = groupedMoney(amount);
  return shown.startsWith('-') ? `-¥${shown.slice(1)}` : `¥${shown}`;
}
