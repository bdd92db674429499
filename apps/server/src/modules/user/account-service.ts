import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  ACCOUNT_TEXTS,
  type AccountSettings,
  type ChangePasswordRequest,
  type ChangePhoneRequest,
  type SmsPurpose,
} from '@shop/core/api/account';
import type { LoginResponse } from '@shop/core/api/user';
import type { Db } from '../../db/client';
import { accounts, companies } from '../../db/schema/accounts';
import { uploads } from '../../db/schema/uploads';
import { BusinessError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/unique-violation';
import { claimUploads, releaseUploads } from '../../uploads/unclaimed';
import type { FileStorage } from '../../uploads/storage';
import type { DealerCaller } from '../../platform/request-context';
import { endAccountSessions, forgetAccountSessions } from '../../platform/sessions';
import { findLoginAccount, findTakenLogin } from './account-queries';
import {
  ACCOUNT_DISABLED_TEXT,
  checkLoginPassword,
  LOGIN_FAILED_TEXT,
  type LoginContext,
  type LoginServiceOptions,
  openSession,
} from './login-service';
import { attemptKey } from './login-attempts';
import { hashPassword, verifyPassword } from './password';
import { issueSmsCode, useSmsCode, type SmsLimits } from './sms-codes';
import type { SmsGateway } from './sms-gateway';
import { LOGIN_UNAVAILABLE_TEXT, MAIN_ONLY_TEXT, SON_NOT_FOUND_TEXT, uniqueOrRefuse } from './sub-account-service';

/**
 * The account's own settings (/profile/account) and the sign-ins without a password (SMS code,
 * WeChat): docs/account.md.
 */

export interface AccountDeps {
  db: Db;
  storage: Pick<FileStorage, 'url'>;
  wxEnabled: boolean;
}

export async function getAccountSettings(deps: AccountDeps, auth: DealerCaller): Promise<AccountSettings> {
  const [row] = await deps.db
    .select({
      id: accounts.id,
      username: accounts.username,
      phone: accounts.phone,
      companyName: companies.name,
      isMain: accounts.isMain,
      isPurchase: accounts.isPurchase,
      avatarKey: uploads.key,
      wxUnionid: accounts.wxUnionid,
      wxNickname: accounts.wxNickname,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .leftJoin(uploads, and(eq(uploads.id, accounts.avatarUploadId), eq(uploads.companyId, accounts.companyId)))
    .where(and(eq(accounts.id, auth.accountId), eq(accounts.companyId, auth.companyId), isNull(accounts.deletedAt)))
    .limit(1);
  if (!row) throw new BusinessError(SON_NOT_FOUND_TEXT);
  return {
    subuser_id: row.id,
    username: row.username,
    phone: row.phone,
    company_name: row.companyName,
    is_main: row.isMain === 1 ? 1 : 0,
    is_purchase: row.isPurchase === 1 ? 1 : 0,
    avatar: row.avatarKey ? deps.storage.url(row.avatarKey) : '',
    wx_bound: row.wxUnionid ? 1 : 0,
    wx_nickname: row.wxUnionid ? row.wxNickname : '',
    wx_enabled: deps.wxEnabled ? 1 : 0,
  };
}

/** A live account with this phone (sign-in by code). */
async function accountByPhone(db: Db, phone: string) {
  const account = await findLoginAccount(db, phone);
  return account && (await phoneOf(db, account.id)) === phone ? account : undefined;
}

async function phoneOf(db: Db, accountId: number): Promise<string | undefined> {
  const [row] = await db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.phone;
}

/**
 * Sends a code (sendSms). A sign-in code for a phone without an account is counted and stored
 * the same, but not sent: the answer and its timing are the same (the gateway is called after
 * the answer is decided, without waiting). A new phone's code needs a login and a phone no other
 * account uses (the neutral answer of decision 0023).
 */
export async function sendSmsCode(
  db: Db,
  gateway: SmsGateway,
  input: { phone: string; purpose: SmsPurpose; ip: string; auth?: DealerCaller },
  limits: SmsLimits,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  let send: boolean;
  if (input.purpose === 'change_phone') {
    if (!input.auth) throw new BusinessError('请先登录');
    if ((await phoneOf(db, input.auth.accountId)) === input.phone) throw new BusinessError(ACCOUNT_TEXTS.phoneSame);
    if (await findTakenLogin(db, { phone: input.phone, exceptId: input.auth.accountId })) {
      throw new BusinessError(LOGIN_UNAVAILABLE_TEXT);
    }
    send = true;
  } else {
    send = (await accountByPhone(db, input.phone)) !== undefined;
  }
  const code = await issueSmsCode(
    db,
    { phone: input.phone, purpose: input.purpose, ip: input.ip, accountId: input.auth?.accountId, send },
    limits,
  );
  if (send) {
    void gateway
      .send({ phone: input.phone, code, purpose: input.purpose })
      .catch((err: unknown) => log.error({ err, gateway: gateway.name }, 'SMS gateway failed'));
  }
}

/** Signs in with a code (senlogs): a wrong, used, expired or foreign code has one answer. */
export async function smsLogin(
  db: Db,
  input: { phone: string; code: string },
  ctx: LoginContext,
  options: LoginServiceOptions,
): Promise<LoginResponse> {
  await useSmsCode(db, { phone: input.phone, purpose: 'login', code: input.code });
  const account = await accountByPhone(db, input.phone);
  if (!account) throw new BusinessError(ACCOUNT_TEXTS.codeWrong);
  return startSession(db, account, ctx, options);
}

/** A session for an account found by a sign-in (password, code, WeChat). */
export async function startSession(
  db: Db,
  account: { id: number; companyId: number; disabled?: boolean },
  ctx: LoginContext,
  options: LoginServiceOptions,
): Promise<LoginResponse> {
  const [state] = await db
    .select({ disabled: accounts.disabled, enabled: companies.enabled })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(and(eq(accounts.id, account.id), isNull(accounts.deletedAt)))
    .limit(1);
  if (!state) throw new BusinessError(LOGIN_FAILED_TEXT);
  if (state.disabled || !state.enabled) throw new BusinessError(ACCOUNT_DISABLED_TEXT);
  return openSession(db, account, ctx, options);
}

/** Changes the caller's phone to the one the code was sent to (for this account). */
export async function changePhone(db: Db, auth: DealerCaller, input: ChangePhoneRequest): Promise<void> {
  if ((await phoneOf(db, auth.accountId)) === input.phone) throw new BusinessError(ACCOUNT_TEXTS.phoneSame);
  await useSmsCode(db, { phone: input.phone, purpose: 'change_phone', code: input.code, accountId: auth.accountId });
  if (await findTakenLogin(db, { phone: input.phone, exceptId: auth.accountId })) {
    throw new BusinessError(LOGIN_UNAVAILABLE_TEXT);
  }
  await uniqueOrRefuse(() =>
    db
      .update(accounts)
      .set({ phone: input.phone, updatedAt: new Date() })
      .where(and(eq(accounts.id, auth.accountId), eq(accounts.companyId, auth.companyId))),
  );
  forgetAccountSessions(db, auth.accountId);
}

/**
 * Changes the caller's password after the old one (counted against the login limits, as a login
 * is); the account's other sessions end, this one stays. Answers the ended sessions' ids.
 */
export async function changePassword(
  db: Db,
  auth: DealerCaller,
  input: ChangePasswordRequest,
  ctx: LoginContext,
  options: LoginServiceOptions,
): Promise<number[]> {
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(and(eq(accounts.id, auth.accountId), isNull(accounts.deletedAt)))
    .limit(1);
  if (!row) throw new BusinessError(SON_NOT_FOUND_TEXT);
  try {
    await checkLoginPassword(
      db,
      { key: attemptKey(auth.accountId, ''), ip: ctx.ip, passwordHash: row.passwordHash, password: input.old_password },
      options.loginLimits,
    );
  } catch (err) {
    if (err instanceof BusinessError && err.message.startsWith(LOGIN_FAILED_TEXT)) {
      throw new BusinessError(err.message.replace(LOGIN_FAILED_TEXT, ACCOUNT_TEXTS.oldPasswordWrong));
    }
    throw err;
  }
  if (await verifyPassword(row.passwordHash, input.password)) throw new BusinessError(ACCOUNT_TEXTS.passwordSame);
  const passwordHash = await hashPassword(input.password);
  await db.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, auth.accountId));
  return endAccountSessions(db, auth.accountId, auth.sessionId);
}

/**
 * Makes an upload of the caller's company the caller's avatar (uploadpicture); the one it replaces
 * is given up, so the unclaimed uploads' job deletes it (uploads/unclaimed.ts).
 */
export async function setAvatar(db: Db, auth: DealerCaller, uploadId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await claimUploads(tx, auth.companyId, [uploadId]);
    const mine = and(eq(accounts.id, auth.accountId), eq(accounts.companyId, auth.companyId));
    const [before] = await tx
      .select({ avatarUploadId: accounts.avatarUploadId })
      .from(accounts)
      .where(mine)
      .for('update');
    await tx.update(accounts).set({ avatarUploadId: uploadId, updatedAt: new Date() }).where(mine);
    const replaced = before?.avatarUploadId;
    if (replaced && replaced !== uploadId) await releaseUploads(tx, auth.companyId, [replaced]);
  });
}

// ---- WeChat binding ----

/** Binds a WeChat to an account that has none; refuses a WeChat bound elsewhere. */
export async function bindUnionid(
  db: Pick<Db, 'update'>,
  accountId: number,
  identity: { unionid: string; nickname: string },
): Promise<void> {
  const rows = await uniqueOrRefuseWx(() =>
    db
      .update(accounts)
      .set({ wxUnionid: identity.unionid, wxNickname: identity.nickname, updatedAt: new Date() })
      .where(and(eq(accounts.id, accountId), isNull(accounts.wxUnionid), isNull(accounts.deletedAt)))
      .returning({ id: accounts.id }),
  );
  if (rows.length === 0) throw new BusinessError(ACCOUNT_TEXTS.wxAccountHasWx);
}

async function uniqueOrRefuseWx<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw new BusinessError(ACCOUNT_TEXTS.wxAlreadyBound);
    throw err;
  }
}

/**
 * Unbinds a WeChat (unBindWxAccount): the caller's own, or, for the main account, one of its
 * company's sub-accounts'. Another company's account (or none) is not found.
 */
export async function unbindWx(db: Db, auth: DealerCaller, subuserId: number | undefined): Promise<void> {
  const target = subuserId ?? auth.accountId;
  if (target !== auth.accountId && !auth.isMain) throw new BusinessError(MAIN_ONLY_TEXT);
  const [row] = await db
    .select({ id: accounts.id, unionid: accounts.wxUnionid })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, target),
        eq(accounts.companyId, auth.companyId),
        isNull(accounts.deletedAt),
        target === auth.accountId ? undefined : ne(accounts.isMain, 1),
      ),
    )
    .limit(1);
  if (!row) throw new BusinessError(SON_NOT_FOUND_TEXT);
  if (!row.unionid) throw new BusinessError(ACCOUNT_TEXTS.wxNotBound);
  await db
    .update(accounts)
    .set({ wxUnionid: null, wxNickname: '', updatedAt: new Date() })
    .where(eq(accounts.id, row.id));
}
