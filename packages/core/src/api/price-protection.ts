import { z } from 'zod';
import { pageOf } from './page';
import { PageRequest } from './parts';
import { companyFields, money } from './fields';

/**
 * Shapes of Shop.KeepPrice (spec.md section 7 'Development, report, price') and of the back
 * office's 价保补偿 screen (/api/admin/price-protection/*). Rules in docs/price-protection.md.
 * Money is decimal text with two places; times are China time 'YYYY-MM-DD HH:mm:ss'.
 */
/** The part number or name searched for (price protection's lists). */
const keyword = z.string().trim().max(100, '搜索关键词过长').default('');
/** A compensated line's quantities and amounts (the dealers' lines and the back office's alike). */
const claimAmounts = {
  quantity: z.number().int(),
  unit_paid: money,
  unit_new: money,
  amount: money,
  reversed_quantity: z.number().int(),
  reversed_amount: money,
};

/** POST getAdjustList: 'all' the parts whose dealer price changed; 'mine' the changes that compensated the company. */
export const AdjustListRequest = PageRequest.extend({
  scope: z.enum(['all', 'mine']).catch('all').default('all'),
  keyword,
});
export type AdjustListRequest = z.input<typeof AdjustListRequest>;

export const AdjustItem = z.object({
  /** The price change (price_history id). */
  adjust_id: z.number().int(),
  product_id: z.number().int(),
  frey_no: z.string(),
  oe_number: z.string(),
  l_name_zh: z.string(),
  pic: z.string(),
  scm_classification: z.string(),
  protection_days: z.number().int().nullable(),
  old_price: money.nullable(),
  new_price: money.nullable(),
  /** 'down', 'up' (or 'new' when the part had no price before). */
  direction: z.enum(['down', 'up', 'new']),
  adjust_time: z.string(),
  /** scope 'mine': the company's compensation for this change. */
  lines: z.number().int(),
  amount: money,
  reversed_amount: money,
  net_amount: money,
});
export type AdjustItem = z.infer<typeof AdjustItem>;
export const AdjustList = pageOf(AdjustItem);
export type AdjustList = z.infer<typeof AdjustList>;

/** POST getClientOrdersList: the company's compensated lines (optionally of one price change). */
export const ClientOrdersRequest = PageRequest.extend({
  adjust_id: z.coerce.number().int().positive().optional().catch(undefined),
  keyword,
});
export type ClientOrdersRequest = z.input<typeof ClientOrdersRequest>;

export const ProtectedLine = z.object({
  id: z.number().int(),
  adjust_id: z.number().int(),
  order_id: z.number().int(),
  orders_no: z.string(),
  product_id: z.number().int(),
  frey_no: z.string(),
  l_name_zh: z.string(),
  bought_time: z.string(),
  adjust_time: z.string(),
  ...claimAmounts,
  net_amount: money,
  explanation: z.string(),
});
export type ProtectedLine = z.infer<typeof ProtectedLine>;

export const ClientOrdersList = pageOf(ProtectedLine).extend({
  /** Over every line of the filter, not only this page. */
  total_amount: money,
  total_reversed: money,
  total_net: money,
});
export type ClientOrdersList = z.infer<typeof ClientOrdersList>;

export const KeepRuleDescription = z.object({
  rules: z.array(z.string()),
  days: z.array(z.object({ classes: z.string(), days: z.number().int() })),
  price_label: z.string(),
});
export type KeepRuleDescription = z.infer<typeof KeepRuleDescription>;

// ---- back office ----

export const AdminRunsQuery = PageRequest.extend({
  keyword,
});
export type AdminRunsQuery = z.input<typeof AdminRunsQuery>;

/** A price drop with what it compensated. */
export const AdminRun = z.object({
  adjust_id: z.number().int(),
  product_id: z.number().int(),
  frey_no: z.string(),
  l_name_zh: z.string(),
  old_price: money.nullable(),
  new_price: money.nullable(),
  source: z.string(),
  staff_name: z.string(),
  adjust_time: z.string(),
  companies: z.number().int(),
  lines: z.number().int(),
  amount: money,
  reversed_amount: money,
});
export type AdminRun = z.infer<typeof AdminRun>;
export const AdminRunList = pageOf(AdminRun);
export type AdminRunList = z.infer<typeof AdminRunList>;

export const AdminClaim = z.object({
  id: z.number().int(),
  ...companyFields,
  orders_no: z.string(),
  ...claimAmounts,
  explanation: z.string(),
  created_at: z.string(),
});
export type AdminClaim = z.infer<typeof AdminClaim>;
export const AdminClaimList = pageOf(AdminClaim);
export type AdminClaimList = z.infer<typeof AdminClaimList>;
