import { z } from 'zod';
import { COUPON_TEXTS } from '../coupons';
import { isDay } from '../days';
import { idInput } from './id-input';
import { pageOf } from './page';
import { PageRequest } from './parts';
import { companyFields, flag01, idsText, money, orderRef } from './fields';

/**
 * Shapes of the voucher and activity calls (spec.md section 7 'Activity and vouchers',
 * Shop.ActivityProductV2) and of the back office's 优惠券 / 活动管理 (/api/admin/coupon/*).
 * Rules in docs/coupons.md. Money is decimal text with two places; days are China days.
 */

/** An activity as the dealers see it (slides, the zone's header). */
export const ActivitySummary = z.object({
  activity_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;

/** POST getList: the parts of an activity (the first running one unless activity_id). */
export const ActivityListRequest = PageRequest.extend({
  activity_id: z.preprocess(
    (v) => (v === '' || v === 0 || v === '0' ? undefined : v),
    idInput(COUPON_TEXTS.activityNotFound).optional(),
  ),
  warehouse: z.coerce.number().int().min(1).max(2).default(1),
});
export type ActivityListRequest = z.input<typeof ActivityListRequest>;

/** A voucher as the dealer sees it (before or after claiming). */
export const DealerVoucher = z.object({
  voucher_id: z.number().int(),
  name: z.string(),
  /** '满 500 减 50'. */
  title: z.string(),
  value: money,
  threshold: money,
  valid_from: z.string(),
  valid_to: z.string(),
  scope: z.enum(['all', 'parts', 'categories']),
  scope_text: z.string(),
  activity_id: z.number().int().nullable(),
});
export type DealerVoucher = z.infer<typeof DealerVoucher>;

/** GET getActivityVoucher: an activity's campaign vouchers with the company's share. */
export const ClaimableVoucher = DealerVoucher.extend({
  per_company_uses: z.number().int(),
  /** Uses the company holds already. */
  claimed: z.number().int(),
  /** Uses left for everybody (null: no limit). */
  left: z.number().int().nullable(),
  can_claim: flag01,
});
export type ClaimableVoucher = z.infer<typeof ClaimableVoucher>;

export const ActivityVoucherQuery = z.object({
  activity_id: z.preprocess(
    (v) => (v === '' || v === 0 || v === '0' ? undefined : v),
    idInput(COUPON_TEXTS.activityNotFound).optional(),
  ),
});

export const VoucherIdRequest = z.object({ voucher_id: idInput(COUPON_TEXTS.voucherIdBad) });

/** A company's copy of a voucher (voucher_orders_id): the uses it gives and those used. */
const companyVoucher = { voucher_orders_id: z.number().int(), uses: z.number().int(), used: z.number().int() };

/** POST sendVoucherNum: the company's voucher after the claim. */
export const ClaimResponse = z.object(companyVoucher);
export type ClaimResponse = z.infer<typeof ClaimResponse>;

/** GET getActivityVoucherProduct: the parts a voucher covers. */
export const VoucherProductQuery = PageRequest.extend({
  voucher_id: idInput(COUPON_TEXTS.voucherIdBad),
  warehouse: z.coerce.number().int().min(1).max(2).default(1),
});

/** A company's voucher (voucher_orders_id) in /profile/coupon. */
export const MyVoucher = DealerVoucher.extend({
  ...companyVoucher,
  state: z.enum(['usable', 'used', 'expired']),
  state_text: z.string(),
  /** The orders that used it (not cancelled). */
  orders: z.array(z.object({ ...orderRef, amount: money })),
});
export type MyVoucher = z.infer<typeof MyVoucher>;

export const MyVoucherQuery = PageRequest.extend({
  state: z.enum(['usable', 'used', 'expired']).catch('usable'),
});
export type MyVoucherQuery = z.input<typeof MyVoucherQuery>;
export const MyVoucherPage = pageOf(MyVoucher);
export type MyVoucherPage = z.infer<typeof MyVoucherPage>;

/** POST getOrdersVoucherMsg: the company's vouchers for the chosen cart lines. */
export const OrdersVoucherRequest = z.object({
  pd_cart_ids: idsText,
});
export const OrderVoucherOption = MyVoucher.omit({ orders: true, state: true, state_text: true }).extend({
  /** The chosen lines in its scope, at today's prices. */
  eligible_amount: money,
  deduction: money,
  usable: flag01,
  /** Why it cannot be used ('' when it can). */
  reason: z.string(),
});
export type OrderVoucherOption = z.infer<typeof OrderVoucherOption>;
export const OrdersVoucherResponse = z.object({ list: z.array(OrderVoucherOption) });
export type OrdersVoucherResponse = z.infer<typeof OrdersVoucherResponse>;

// ---- the back office ----

const day = z.string().trim().refine(isDay, COUPON_TEXTS.badDay);
const amount = (msg: string, min: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) >= min, msg);
const name = z.string().trim().min(1, COUPON_TEXTS.nameRequired).max(60, '名称不能超过 60 个字');
const ids = (msg: string) => z.array(idInput(msg)).max(2000);

export const VoucherInput = z
  .object({
    name,
    value: amount(COUPON_TEXTS.badValue, 0.01),
    threshold: amount(COUPON_TEXTS.badThreshold, 0),
    valid_from: day,
    valid_to: day,
    scope: z.enum(['all', 'parts', 'categories']),
    product_ids: ids('商品编号不正确').default([]),
    category_ids: ids('分类编号不正确').default([]),
    kind: z.enum(['issued', 'campaign']),
    per_company_uses: z.coerce.number().int().min(1, '每家可用次数至少 1').max(1000),
    total_uses: z.coerce.number().int().min(1, '总数至少 1').max(1_000_000).nullable().default(null),
    activity_id: idInput('活动编号不正确').nullable().default(null),
  })
  .refine((v) => v.valid_from <= v.valid_to, { message: COUPON_TEXTS.badRange, path: ['valid_to'] })
  .refine((v) => v.scope === 'all' || (v.scope === 'parts' ? v.product_ids.length > 0 : v.category_ids.length > 0), {
    message: COUPON_TEXTS.scopeEmpty,
    path: ['scope'],
  });
export type VoucherInput = z.input<typeof VoucherInput>;

export const AdminVoucher = DealerVoucher.extend({
  product_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  kind: z.enum(['issued', 'campaign']),
  per_company_uses: z.number().int(),
  total_uses: z.number().int().nullable(),
  granted_uses: z.number().int(),
  used_count: z.number().int(),
  activity_name: z.string(),
  status: z.enum(['active', 'stopped']),
  companies: z.number().int(),
  created_at: z.string(),
});
export type AdminVoucher = z.infer<typeof AdminVoucher>;

export const AdminVoucherQuery = PageRequest.extend({
  keyword: z.string().trim().max(60).optional().default(''),
  status: z.enum(['', 'active', 'stopped']).catch(''),
  kind: z.enum(['', 'issued', 'campaign']).catch(''),
});
export type AdminVoucherQuery = z.input<typeof AdminVoucherQuery>;
export const AdminVoucherPage = pageOf(AdminVoucher);
export type AdminVoucherPage = z.infer<typeof AdminVoucherPage>;

export const IssueRequest = z.object({
  company_ids: z.array(idInput('公司编号不正确')).min(1, '请选择公司').max(1000),
});
export const IssueResponse = z.object({ issued: z.number().int() });

/** A use of a voucher (the staff's 'see uses'). */
export const VoucherUse = z.object({
  ...companyFields,
  ...companyVoucher,
  orders: z.array(
    z.object({
      ...orderRef,
      amount: money,
      /** When the order took the use (China time 'YYYY-MM-DD HH:mm:ss'). */
      used_at: z.string(),
      /** 1 once the order was cancelled and the use given back. */
      released: flag01,
    }),
  ),
});
export type VoucherUse = z.infer<typeof VoucherUse>;

export const ActivityInput = z
  .object({
    name,
    image: z.string().trim().max(500).default(''),
    description: z.string().trim().max(500).default(''),
    starts_on: day,
    ends_on: day,
    product_ids: ids('商品编号不正确').default([]),
  })
  .refine((v) => v.starts_on <= v.ends_on, { message: COUPON_TEXTS.badRange, path: ['ends_on'] });
export type ActivityInput = z.input<typeof ActivityInput>;

export const AdminActivity = ActivitySummary.extend({
  status: z.enum(['active', 'stopped']),
  product_ids: z.array(z.number().int()),
  voucher_ids: z.array(z.number().int()),
  running: flag01,
});
export type AdminActivity = z.infer<typeof AdminActivity>;
/** The staff's pickers of the voucher and activity forms (coupon.manage, no catalog or dealers permission). */
export const PickQuery = z.object({
  keyword: z.string().trim().max(60, '关键词过长').optional().default(''),
  /** Ids already chosen (their names for the form), comma separated; instead of the keyword. */
  ids: z
    .string()
    .optional()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .filter((x) => /^\d{1,9}$/.test(x))
        .map(Number)
        .slice(0, 2000),
    ),
});
export type PickQuery = z.input<typeof PickQuery>;
export const PickedCompany = z.object({ id: z.number().int(), name: z.string() });
export type PickedCompany = z.infer<typeof PickedCompany>;
export const PickedPart = z.object({ id: z.number().int(), frey_no: z.string(), product_name: z.string() });
export type PickedPart = z.infer<typeof PickedPart>;
export const PickedCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  l_name_zh: z.string(),
});
export type PickedCategory = z.infer<typeof PickedCategory>;

export const ActivityImageResponse = z.object({ url: z.string() });
export const ACTIVITY_IMAGE_UPLOAD_FIELD = 'file';
