import { z } from 'zod';

/** Request and response shapes of /api/Shop.User/* (spec.md sections 3 and 7). */

const flag01 = z.union([z.literal(0), z.literal(1)]);

export const LoginRequest = z.object({
  /** Account name or phone. */
  username: z.string().trim().min(1, '请输入账号或手机号').max(64, '账号过长'),
  password: z.string().min(1, '请输入密码').max(128, '密码过长'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const BrandGrouping = z.object({ make_name: z.string() });

export const UserProfile = z.object({
  subuser_id: z.number().int(),
  username: z.string(),
  phone: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
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
