import { z } from 'zod';
import { AdminPaging, adminListOf } from './admin';
import { AddSonAccountRequest, flagInput, NewPassword } from './user';
import { flag01, wxFields } from './fields';

/**
 * Shapes of the back office's dealers area (/api/admin/dealers*, permission dealers.manage):
 * companies with their flags and accounts. Times are China time 'YYYY-MM-DD HH:mm:ss'.
 */

/** Free text of a form field: trimmed, at most `max` characters. */
function formText(label: string, max: number) {
  return z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}最多 ${max} 个字符`);
}

export const DEALER_TEXTS = {
  companyNotFound: '经销商公司不存在',
  accountNotFound: '经销商账号不存在',
  /** The form was opened on an older version of the company: someone saved in between. */
  staleCompany: '该公司资料已被他人修改，请刷新后重新编辑',
  companyAlreadyEnabled: '该公司已是启用状态',
  companyAlreadyDisabled: '该公司已停用',
  noActivityImage: '请选择活动图片',
  created: '已添加',
  saved: '已保存',
  companyEnabled: '已启用该公司',
  companyDisabledDone: '已停用该公司，其账号已全部下线',
  passwordReset: '密码已重置，该账号已下线',
  activityImageSaved: '活动图片已更新',
  wxUnbound: '已解绑该账号的微信',
  wxNotBound: '该账号未绑定微信',
} as const;

// ---- companies ----

export const DealerListQuery = AdminPaging.extend({
  /** Part of the company name, the contact, or an account's phone or name. */
  keyword: z.string().trim().max(50, '关键字最多 50 个字符').optional(),
  is_regional_warehouse: flagInput.optional(),
  /** 1: some account of the company has the activity zone; 0: none. */
  activity_flag: flagInput.optional(),
  enabled: flagInput.optional(),
  /** A make the company is grouped under (exact name). */
  brand: z.string().trim().max(40, '品牌最多 40 个字符').optional(),
});
export type DealerListQuery = z.infer<typeof DealerListQuery>;

export const DealerCompanySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  is_regional_warehouse: flag01,
  /** 1 when at least one account has the activity zone. */
  activity_flag: flag01,
  enabled: flag01,
  brand_groupings: z.array(z.string()),
  /** Live (not deleted) accounts. */
  account_count: z.number().int(),
  /** The main account's name and phone (empty when the company has none). */
  main_username: z.string(),
  main_phone: z.string(),
  created_at: z.string(),
});
export type DealerCompanySummary = z.infer<typeof DealerCompanySummary>;

export const DealerListResponse = adminListOf(DealerCompanySummary);
export type DealerListResponse = z.infer<typeof DealerListResponse>;

export const DealerAccount = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  username: z.string(),
  phone: z.string(),
  is_main: flag01,
  is_purchase: flag01,
  activity_flag: flag01,
  activity_flag_image: z.string(),
  enabled: flag01,
  /** The WeChat bound to the account, if any (staff may unbind it). */
  ...wxFields,
  created_at: z.string(),
});
export type DealerAccount = z.infer<typeof DealerAccount>;

export const DealerCompany = DealerCompanySummary.extend({
  notes: z.string(),
  /** Send it back with an update: a save based on an older version is refused. */
  version: z.number().int(),
  updated_at: z.string(),
});
export type DealerCompany = z.infer<typeof DealerCompany>;

export const DealerCompanyDetail = z.object({ company: DealerCompany, accounts: z.array(DealerAccount) });
export type DealerCompanyDetail = z.infer<typeof DealerCompanyDetail>;

const BrandGroupings = z
  .array(formText('品牌', 40).min(1, '品牌不能为空'), { error: '品牌分组格式不正确' })
  .max(50, '品牌分组最多 50 个');

export const DealerCompanyInput = z.object({
  name: formText('公司名称', 100).min(1, '请输入公司名称'),
  contact_name: formText('联系人', 40).default(''),
  contact_phone: formText('联系电话', 30)
    .regex(/^[0-9+\-() ]*$/, '联系电话只能包含数字、空格和 + - ( )')
    .default(''),
  is_regional_warehouse: flagInput.default(0),
  brand_groupings: BrandGroupings.default([]),
  notes: formText('备注', 500).default(''),
});
export type DealerCompanyInput = z.infer<typeof DealerCompanyInput>;

export const DealerCompanyUpdate = DealerCompanyInput.extend({
  version: z.coerce.number({ error: '版本号不正确' }).int('版本号不正确').min(1, '版本号不正确'),
});
export type DealerCompanyUpdate = z.infer<typeof DealerCompanyUpdate>;

// ---- accounts ----

/** A password the staff may leave empty: the server then generates one and answers it once. */
const PasswordOrGenerated = z.union([z.literal(''), NewPassword]).optional();

/**
 * A new account: the dealer's own sub-account fields, main or not; the password is the staff's
 * or, when left out, generated and shown once.
 */
export const DealerAccountCreate = AddSonAccountRequest.extend({
  password: PasswordOrGenerated,
  is_main: flagInput.default(0),
  is_purchase: flagInput.default(0),
});
export type DealerAccountCreate = z.infer<typeof DealerAccountCreate>;

/** Only the fields sent change. enabled 0 ends the account's sessions at once. */
export const DealerAccountUpdate = z.object({
  is_purchase: flagInput.optional(),
  enabled: flagInput.optional(),
  activity_flag: flagInput.optional(),
});
export type DealerAccountUpdate = z.infer<typeof DealerAccountUpdate>;

export const DealerPasswordReset = z.object({ password: PasswordOrGenerated });
export type DealerPasswordReset = z.infer<typeof DealerPasswordReset>;

/** An account with the password it got, when the server generated it (shown once, never again). */
export const DealerAccountWithPassword = z.object({
  account: DealerAccount,
  generated_password: z.string().nullable(),
});
export type DealerAccountWithPassword = z.infer<typeof DealerAccountWithPassword>;

/** Multipart field of the activity image upload. */
export const ACTIVITY_IMAGE_FIELD = 'file';
