import { z } from 'zod';
import { accountFields, IdInput, LoginResponse, NewPassword, Phone } from './user';
import { ACCOUNT_TEXTS, SMS_CODE_LENGTH, SMS_PURPOSES } from '../account-rules';
import { flag01, wxFields } from './fields';

export * from '../account-rules';

/**
 * The account's own settings, sign-in by SMS code and by WeChat (spec.md sections 2 and 7,
 * /api/Shop.User/*; docs/account.md). Rules both sides need live here.
 */

/** 6 digits, spaces around ignored. */
export const SmsCode = z
  .string({ error: (i) => (i.input === undefined ? '请输入验证码' : ACCOUNT_TEXTS.codeFormat) })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), ACCOUNT_TEXTS.codeFormat);

/** POST sendSms: a code to a phone, for signing in (type login) or for a new phone (change_phone, logged in). */
export const SendSmsRequest = z.object({
  phone: Phone,
  type: z.enum(SMS_PURPOSES, { error: '验证码类型不正确' }).default('login'),
});
export type SendSmsRequest = z.input<typeof SendSmsRequest>;

export const SendSmsResponse = z.object({
  /** Seconds before the next code to this phone may be asked for. */
  resend_after: z.number().int(),
});
export type SendSmsResponse = z.infer<typeof SendSmsResponse>;

/** POST senlogs: sign in with the code sent to the phone. Answers as login does. */
export const SmsLoginRequest = z.object({ phone: Phone, code: SmsCode });
export type SmsLoginRequest = z.infer<typeof SmsLoginRequest>;

/** POST changePhone: the new phone with the code sent to it. */
export const ChangePhoneRequest = z.object({ phone: Phone, code: SmsCode });
export type ChangePhoneRequest = z.infer<typeof ChangePhoneRequest>;

/** POST changePassword: the old password and the new one; the account's other sessions end. */
export const ChangePasswordRequest = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '密码过长'),
  password: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** GET account: what /profile/account shows. */
export const AccountSettings = z.object({
  ...accountFields,
  company_name: z.string(),
  is_main: flag01,
  is_purchase: flag01,
  /** Address of the avatar picture, '' without one. */
  avatar: z.string(),
  ...wxFields,
  /** 1 when WeChat sign-in is configured on this shop. */
  wx_enabled: flag01,
});
export type AccountSettings = z.infer<typeof AccountSettings>;

/** The multipart field of uploadpicture. */
export const AVATAR_FIELD = 'file';
export const AvatarResponse = z.object({ avatar: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;

// --- WeChat -----------------------------------------------------------------------------------

/** POST wx_login / binding_wx without a code: where the QR code comes from. */
export const WxStartResponse = z.object({
  configured: flag01,
  /** WeChat's authorize (QR) address with this browser's state; '' when not configured. */
  authorize_url: z.string(),
});
export type WxStartResponse = z.infer<typeof WxStartResponse>;

/** POST wx_login / binding_wx with what WeChat sent back to /bind_wx. Both absent: start. */
export const WxCallbackRequest = z.object({
  code: z.string().trim().min(1, '微信授权参数缺失').max(200, '微信授权参数不正确').optional(),
  state: z.string().trim().min(1, '微信授权参数缺失').max(200, '微信授权参数不正确').optional(),
});
export type WxCallbackRequest = z.infer<typeof WxCallbackRequest>;

/**
 * wx_login's answer after the code: the login when the WeChat is bound to an account, else a
 * binding token (kept in the wx_bind_token cookie) for binding_account.
 */
export const WxLoginResponse = z.object({
  login: LoginResponse.nullable(),
  bind_token: z.string(),
  /** ISO time the binding token stops working; '' with a login. */
  bind_expires_at: z.string(),
  nickname: z.string(),
});
export type WxLoginResponse = z.infer<typeof WxLoginResponse>;

/** POST binding_account (Authorization: the binding token): the account to bind the WeChat to. */
export const BindAccountRequest = z.object({
  username: z.string({ error: '请输入账号或手机号' }).trim().min(1, '请输入账号或手机号').max(64, '账号过长'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
});
export type BindAccountRequest = z.infer<typeof BindAccountRequest>;

/** POST unBindWxAccount: the caller's own WeChat, or (main account) a sub-account's. */
export const UnbindWxRequest = z.object({ subuser_id: IdInput.optional() });
export type UnbindWxRequest = z.infer<typeof UnbindWxRequest>;
