import { z } from 'zod';
import { pageOf } from './page';
import { STAFF_ROLE_KEYS } from '../staff-permissions';
import { idInput } from './id-input';
import { orderAmounts } from './orders';
import { companyFilter, dayInput, dealerFields, statusFields, trackingFields } from './fields';

/**
 * Shapes of the admin API (/api/admin/*, staff only; docs/decisions/0026). Orders, deliveries and
 * returns are named by their numbers; money is a string with two decimals; times are China time
 * 'YYYY-MM-DD HH:mm:ss'.
 */
// A real day of the calendar: 2026-02-30 is refused here, not left for the database to fail on.
const day = dayInput('日期格式应为 YYYY-MM-DD').optional();
const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);

/** The paging of an admin list query: page from 1, limit up to 100 (default 20). */
export const AdminPaging = z.object({ page, limit });

/** An admin list answer: one page of `item`s with the total. */
export const adminListOf = pageOf;

// ---- auth ----

export const StaffLoginRequest = z.object({
  /** Login name or phone. */
  login: z.string().trim().min(1, '请输入账号').max(100),
  password: z.string().min(1, '请输入密码').max(200),
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;

export const StaffMe = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type StaffMe = z.infer<typeof StaffMe>;

export const StaffLoginResponse = z.object({ token: z.string(), expires_at: z.string(), staff: StaffMe });
export type StaffLoginResponse = z.infer<typeof StaffLoginResponse>;

// ---- orders ----

export const AdminOrderListQuery = z.object({
  status: z.string().max(40).optional(),
  company_id: companyFilter,
  /** Part of the order number. */
  orders_no: z.string().trim().max(40).optional(),
  /** A part on the order: part of its name, own number or OE number. */
  part: z.string().trim().max(50).optional(),
  start_date: day,
  end_date: day,
  page,
  limit,
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

export const AdminOrderSummary = z.object({
  id: z.number().int(),
  orders_no: z.string(),
  ...dealerFields,
  ...statusFields,
  ...orderAmounts,
  created_at: z.string(),
  /** Why it was cancelled ('' unless cancelled, or cancelled without a reason). */
  cancel_reason: z.string(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderListResponse = pageOf(AdminOrderSummary);
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

export const AdminOrderDetail = z.object({
  order: AdminOrderSummary,
  items: z.array(
    z.object({
      product_id: z.number().int(),
      frey_no: z.string(),
      l_name_zh: z.string(),
      warehouse_id: z.number().int(),
      price: z.string(),
      quantity: z.number().int(),
      shipped_quantity: z.number().int(),
      returned_quantity: z.number().int(),
    }),
  ),
  deliveries: z.array(
    z.object({
      delivery_no: z.string(),
      warehouse_id: z.number().int(),
      ...trackingFields,
      packages: z.number().int(),
      status: z.string(),
    }),
  ),
  returns: z.array(
    z.object({
      return_no: z.string(),
      status: z.string(),
      reason: z.string(),
      staff_note: z.string(),
      total_amount: z.string(),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

const ItemList = z
  .array(
    z.object({
      product_id: idInput('商品编号不正确'),
      quantity: z.coerce.number().int().min(1, '数量至少为 1'),
    }),
  )
  .min(1)
  .optional();

export const ShipRequest = z.object({
  carrier: z.string().trim().min(1, '请填写承运商').max(40),
  tracking_no: z.string().trim().min(1, '请填写运单号').max(40),
  packages: z.coerce.number().int().min(1).max(999).default(1),
  /** Ship this warehouse's lines only (default every warehouse with unshipped units). */
  warehouse: z.union([z.literal(1), z.literal(2)]).optional(),
  /** Units per product (default everything not yet shipped). */
  items: ItemList,
});
export type ShipRequest = z.infer<typeof ShipRequest>;

export const ShipResponse = z.object({ delivery_nos: z.array(z.string()), status: z.string() });
export type ShipResponse = z.infer<typeof ShipResponse>;

export const CreateReturnRequest = z.object({
  reason: z.string().trim().min(1, '请填写退货原因').max(200),
  items: ItemList,
});
export type CreateReturnRequest = z.infer<typeof CreateReturnRequest>;

export const CreateReturnResponse = z.object({ return_no: z.string() });

export const CANCEL_REASON_REQUIRED = '请填写取消原因';
/** POST /api/admin/orders/:orders_no/cancel: the reason goes to the dealer's message. */
export const CancelOrderRequest = z.object({
  reason: z
    .string({ error: CANCEL_REASON_REQUIRED })
    .trim()
    .min(1, CANCEL_REASON_REQUIRED)
    .max(200, '取消原因不能超过 200 字'),
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequest>;
/** The staff cancel's answer: what was done, with the gift orders placed with the order (cancelled or kept). */
export const CancelOrderResponse = z.object({ message: z.string() });
export type CancelOrderResponse = z.infer<typeof CancelOrderResponse>;

export const ReturnNoteRequest = z.object({ note: z.string().trim().max(200).optional().default('') });
export const RefuseReturnRequest = z.object({ note: z.string().trim().min(1, '请填写拒绝原因').max(200) });

// ---- audit ----

export const AuditListQuery = z.object({
  staff_id: idInput('员工编号不正确').optional(),
  action: z.string().max(60).optional(),
  entity_type: z.string().max(40).optional(),
  entity_id: z.string().max(60).optional(),
  start_date: day,
  end_date: day,
  page,
  limit,
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  at: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListResponse = pageOf(AuditEntry);
export type AuditListResponse = z.infer<typeof AuditListResponse>;

// ---- staff members ----

export const StaffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  phone: z.string(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const CreateStaffRequest = z.object({
  name: z.string().trim().min(1, '请填写姓名').max(40),
  login: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,39}$/, '登录名为 3 到 40 位字母、数字或 _ . -，以字母开头'),
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '手机号格式不正确'),
  password: z.string().min(8, '密码至少 8 位').max(200),
  roles: z
    .array(z.enum(STAFF_ROLE_KEYS as [string, ...string[]], { error: '角色不正确' }))
    .min(1, '请至少选择一个角色'),
});
export type CreateStaffRequest = z.infer<typeof CreateStaffRequest>;

// ---- questions ----

/** POST /api/admin/questions/:id/answer: the staff's answer to a dealer's question about a part. */
/** Pictures an answer may carry. */
export const ANSWER_PICTURES_MAX = 6;
export const QUESTION_ANSWER_MAX = 2000;
export const AnswerQuestionRequest = z.object({
  reply_content: z
    .string()
    .trim()
    .min(1, '请输入回复内容')
    .max(QUESTION_ANSWER_MAX, `回复内容不能超过 ${QUESTION_ANSWER_MAX} 字`),
  /** Ids of pictures uploaded for this question (POST /api/admin/questions/:id/pictures). */
  reply_pics: z
    .array(idInput('图片编号不正确'))
    .max(ANSWER_PICTURES_MAX, `最多上传 ${ANSWER_PICTURES_MAX} 张图片`)
    .default([]),
});
export type AnswerQuestionRequest = z.infer<typeof AnswerQuestionRequest>;
export const QUESTION_ANSWERED_TEXT = '已回复';
export const QUESTION_ALREADY_ANSWERED_TEXT = '该咨询已回复';

// ---- replies to dealers (feedback, development requests) ----

export const STAFF_REPLY_MAX = 1000;
export const STAFF_REPLY_REQUIRED = '请填写回复内容';
export const STAFF_REPLY_TOO_LONG = `回复内容不能超过 ${STAFF_REPLY_MAX} 字`;

/** A staff member's reply to a dealer. */
export const StaffReplyRequest = z.object({
  content: z
    .string({ error: STAFF_REPLY_REQUIRED })
    .trim()
    .min(1, STAFF_REPLY_REQUIRED)
    .max(STAFF_REPLY_MAX, STAFF_REPLY_TOO_LONG),
});
export type StaffReplyRequest = z.infer<typeof StaffReplyRequest>;
