import { z } from 'zod';
import { idInput } from './id-input';
import { companyFields, flag01, wxFields } from './fields';

/** Request and response shapes of /api/Shop.User/* (spec.md sections 3 and 7). */

/** A 0/1 flag sent as a number, a string ('0', '1') or a boolean (JSON, urlencoded or multipart bodies). */
export const flagInput = z.preprocess(
  (v) => (typeof v === 'boolean' ? Number(v) : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: '只能是 0 或 1' }),
);

/** A required text field with a Chinese message when it is missing or not text. */
function text(label: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? `请输入${label}` : `${label}格式不正确`) });
}

/** A positive integer id, also accepted as a numeric string. */
export const IdInput = idInput('编号格式不正确');

/** Mainland mobile number: 11 digits, first 1, second 3-9 (spec.md section 5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_INVALID_TEXT = '请输入正确的手机号';
export const Phone = text('手机号').trim().regex(PHONE_PATTERN, PHONE_INVALID_TEXT);

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/**
 * Account name: 2-32 letters (Chinese too), digits, '_', '-' or '.', and not only digits, so a
 * name can never be mistaken for a phone number at login.
 */
export const AccountName = text('账号名')
  .trim()
  .min(2, '账号名至少 2 个字符')
  .max(32, '账号名最多 32 个字符')
  .regex(/^[\p{L}\p{N}_.-]+$/u, '账号名只能包含文字、字母、数字、下划线、点和横线')
  .refine((v) => !/^\d+$/.test(v), '账号名不能是纯数字');

/** A new password: 8-64 characters. */
export const NewPassword = text('密码').min(8, '密码至少 8 位').max(64, '密码最多 64 位');

export const LoginRequest = z.object({
  /** Account name or phone. */
  username: text('账号或手机号').trim().min(1, '请输入账号或手机号').max(64, '账号过长'),
  password: text('密码').min(1, '请输入密码').max(128, '密码过长'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** An account as it is listed: its id, login name and phone. */
export const accountFields = { subuser_id: z.number().int(), username: z.string(), phone: z.string() };

export const BrandGrouping = z.object({ make_name: z.string() });

export const UserProfile = z.object({
  ...accountFields,
  ...companyFields,
  is_regional_warehouse: flag01,
  is_main: flag01,
  is_purchase: flag01,
  activity_flag: flag01,
  activity_flag_image: z.string(),
  brand_grouping_lists: z.array(BrandGrouping),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const LoginResponse = z.object({
  token: z.string(),
  /** ISO time of the session's absolute expiry. */
  expires_at: z.string(),
  user: UserProfile,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /api/Shop.User/index: the profile plus the header's counters. */
export const UserIndex = z.object({
  user: UserProfile,
  /** Sub-accounts of the company (main accounts only see them; 0 otherwise). */
  son_account_count: z.number().int(),
});
export type UserIndex = z.infer<typeof UserIndex>;

/** Message of a successful logout (the client shows its own 'logged out' text). */
export const LOGOUT_TEXT = '退出成功';

// --- Sub-accounts (main accounts only) -------------------------------------------------------

/** Most sub-accounts one company may have. */
export const MAX_SON_ACCOUNTS = 50;

export const SonAccount = z.object({
  ...accountFields,
  is_purchase: flag01,
  /** 1 when the sub-account may not log in. */
  is_disabled: flag01,
  /** The WeChat bound to it, if any (unBindWxAccount unbinds it). */
  ...wxFields,
  /** ISO time. */
  created_at: z.string(),
});
export type SonAccount = z.infer<typeof SonAccount>;

/** POST son_account */
export const SonAccountList = z.object({ list: z.array(SonAccount), total: z.number().int() });
export type SonAccountList = z.infer<typeof SonAccountList>;

/** POST add */
export const AddSonAccountRequest = z.object({
  username: AccountName,
  phone: Phone,
  password: NewPassword,
  is_purchase: flagInput.optional(),
});
export type AddSonAccountRequest = z.infer<typeof AddSonAccountRequest>;

/** POST update: only the fields sent change; an empty password keeps the old one. */
export const UpdateSonAccountRequest = z.object({
  subuser_id: IdInput,
  username: AccountName.optional(),
  phone: Phone.optional(),
  password: z.union([z.literal(''), NewPassword]).optional(),
  is_purchase: flagInput.optional(),
  is_disabled: flagInput.optional(),
});
export type UpdateSonAccountRequest = z.infer<typeof UpdateSonAccountRequest>;

/** POST delete */
export const DeleteSonAccountRequest = z.object({ subuser_id: IdInput });
export type DeleteSonAccountRequest = z.infer<typeof DeleteSonAccountRequest>;
