/**
 * The rules of SMS codes and the account's texts, without zod (the login route imports them;
 * api/account.ts builds the request schemas on them). docs/account.md.
 */
/** An SMS code: 6 digits, valid 5 minutes, 5 tries, one send per phone per 60 s. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_SECONDS = 60;

export const SMS_PURPOSES = ['login', 'change_phone'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const ACCOUNT_TEXTS = {
  smsSent: '验证码已发送，请注意查收',
  smsTooSoon: (seconds: number) => `验证码发送过于频繁，请 ${seconds} 秒后再试`,
  smsDailyCap: '今日验证码发送次数已达上限，请明天再试',
  codeWrong: '验证码错误或已过期，请重新获取',
  codeFormat: `请输入 ${SMS_CODE_LENGTH} 位数字验证码`,
  codeTooManyTries: '验证码错误次数过多，请重新获取',
  phoneSame: '新手机号与当前手机号相同',
  phoneChanged: '手机号已修改',
  passwordChanged: '密码已修改，其他设备上的登录已退出',
  oldPasswordWrong: '原密码错误',
  passwordSame: '新密码不能与原密码相同',
  avatarSaved: '头像已更新',
  wxNotConfigured: '微信登录暂未开通',
  wxStateInvalid: '微信授权已失效，请重新扫码',
  wxCodeInvalid: '微信授权失败，请重新扫码',
  wxBindExpired: '微信绑定已过期，请重新扫码',
  wxAlreadyBound: '该微信已绑定其他商城账号',
  wxAccountHasWx: '该账号已绑定其他微信，请先解绑',
  wxBound: '微信绑定成功',
  wxUnbound: '已解绑微信',
  wxNotBound: '该账号未绑定微信',
  loginSuccess: '登录成功',
} as const;

export function isSmsCode(value: string): boolean {
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(value.trim());
}
