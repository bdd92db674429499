/** Login form rules (the same limits as LoginRequest in @shop/core/api/user, without zod in the first route). */
export interface LoginValues {
  username: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const username = values.username.trim();
  if (!username) errors.username = '请输入账号或手机号';
  else if (username.length > 64) errors.username = '账号过长';
  if (!values.password) errors.password = '请输入密码';
  else if (values.password.length > 128) errors.password = '密码过长';
  return errors;
}
