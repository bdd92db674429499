import { randomBytes } from 'node:crypto';
import type { LoginRequest, LoginResponse } from '@shop/core/api/user';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BusinessError } from '../../lib/errors';
import { findLoginAccount, loadProfile } from './account-queries';
import { attemptKey, markAttemptSucceeded, reserveLoginAttempt, type LoginLimits } from './login-attempts';
import { hashPassword, verifyPassword } from './password';
import { createSession, endSession, type SessionLimits } from '../../platform/sessions';

export const LOGIN_FAILED_TEXT = '账号或密码错误';

/**
 * The answer to a wrong password or an unknown account (the same for both): how many tries are
 * left before logins are paused, or that they now are.
 */
export function loginFailedText(remaining: number, windowMinutes: number): string {
  return remaining > 0
    ? `${LOGIN_FAILED_TEXT}，还可尝试 ${remaining} 次`
    : `${LOGIN_FAILED_TEXT}，登录已暂停，请 ${windowMinutes} 分钟后再试`;
}
export const ACCOUNT_DISABLED_TEXT = '账号已被停用，请联系主账号或客服';

export function loginLockedText(windowMinutes: number): string {
  return `登录失败次数过多，请 ${windowMinutes} 分钟后再试`;
}

export interface LoginContext {
  ip: string;
  userAgent: string;
}

/** Where a login comes from (dealer and staff logins alike). */
export function loginContextOf(request: { ip: string; headers: { 'user-agent'?: string | undefined } }): LoginContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export interface LoginServiceOptions {
  loginLimits: LoginLimits;
  sessionLimits: SessionLimits;
}

/** The login limits and session lifetimes of the configuration (dealers and staff alike). */
export function loginOptionsFromConfig(config: Config): LoginServiceOptions {
  return {
    loginLimits: {
      maxFailuresPerAccountAndIp: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
      maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowMinutes: config.LOGIN_WINDOW_MINUTES,
    },
    sessionLimits: { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS },
  };
}

/** A hash of a random password, verified against when the account does not exist (same cost). */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Makes the dummy hash ahead of the first login, so even that one takes the usual time. */
export async function prepareLogin(): Promise<void> {
  await getDummyHash();
}

/**
 * Checks a password against the failure limits, for dealers and staff alike: the attempt is
 * counted under `key` before the password is checked (login-attempts.ts), so parallel attempts
 * cannot get past the limits. An unknown login (no hash) costs the same argon2 verify as a wrong
 * password and gets the same answer. Throws the refusal; returns when the password was right.
 */
export async function checkLoginPassword(
  db: Db,
  attempt: { key: string; ip: string; passwordHash: string | undefined; password: string },
  loginLimits: LoginLimits,
): Promise<void> {
  const reserved = await reserveLoginAttempt(db, attempt.key, attempt.ip, loginLimits);
  if (!reserved) throw new BusinessError(loginLockedText(loginLimits.windowMinutes));
  const valid = await verifyPassword(attempt.passwordHash ?? (await getDummyHash()), attempt.password);
  if (attempt.passwordHash !== undefined && valid) await markAttemptSucceeded(db, reserved.id);
  if (attempt.passwordHash === undefined || !valid) {
    throw new BusinessError(loginFailedText(reserved.remainingAfterFailure, loginLimits.windowMinutes));
  }
}

/**
 * Logs in by account name or phone. Unknown accounts and wrong passwords get the same answer
 * after the same work, so the answer does not reveal whether an account exists.
 */
export async function login(
  db: Db,
  input: LoginRequest,
  ctx: LoginContext,
  options: LoginServiceOptions,
): Promise<LoginResponse> {
  const name = input.username.trim();
  const account = await findLoginAccount(db, name);
  await checkLoginPassword(
    db,
    { key: attemptKey(account?.id, name), ip: ctx.ip, passwordHash: account?.passwordHash, password: input.password },
    options.loginLimits,
  );
  if (!account) throw new BusinessError(LOGIN_FAILED_TEXT);
  if (account.disabled) throw new BusinessError(ACCOUNT_DISABLED_TEXT);
  return openSession(db, account, ctx, options);
}

/** The session and profile of a sign-in that passed its checks (password, code, WeChat). */
export async function openSession(
  db: Db,
  account: { id: number; companyId: number },
  ctx: LoginContext,
  options: LoginServiceOptions,
): Promise<LoginResponse> {
  const user = await loadProfile(db, account.id, account.companyId);
  if (!user) throw new BusinessError(LOGIN_FAILED_TEXT);
  const session = await createSession(
    db,
    { accountId: account.id, companyId: account.companyId, ip: ctx.ip, userAgent: ctx.userAgent },
    options.sessionLimits,
  );
  return { token: session.token, expires_at: session.expiresAt.toISOString(), user };
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await endSession(db, sessionId);
}
