import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ACCOUNT_TEXTS } from '@shop/core/api/account';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { wxLogins } from '../../db/schema/sign-in';
import { BusinessError } from '../../lib/errors';

/**
 * WeChat QR sign-in (website application, OAuth 2.0; docs/account.md). The shop asks WeChat's
 * authorize page with a random state; the state (hashed) is bound to the asking browser by a
 * random nonce in an HttpOnly cookie (hashed too), lives STATE_TTL_MS and is used once, so a
 * callback from another browser, a replay, or a forged state is refused. The code WeChat sends
 * back is exchanged once (the state is spent before the exchange), and the account is found by
 * the WeChat's unionid.
 */
export interface WxSettings {
  appId: string;
  secret: string;
  authorizeUrl: string;
  apiUrl: string;
  redirectUri: string | undefined;
}

export function wxSettingsOf(config: Config): WxSettings | undefined {
  if (!config.WX_APP_ID || !config.WX_APP_SECRET) return undefined;
  return {
    appId: config.WX_APP_ID,
    secret: config.WX_APP_SECRET,
    authorizeUrl: config.WX_AUTHORIZE_URL,
    apiUrl: config.WX_API_URL.replace(/\/+$/, ''),
    redirectUri: config.WX_REDIRECT_URI,
  };
}

export const STATE_TTL_MS = 10 * 60_000;
export const BIND_TTL_MS = 10 * 60_000;
/** The cookie that binds a state to the browser. */
export const WX_NONCE_COOKIE = 'wx_oauth_nonce';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = () => randomBytes(32).toString('base64url');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type WxPurpose = 'login' | 'bind';

/** Starts a sign-in or binding: answers WeChat's address and the nonce for the browser's cookie. */
export async function startWx(
  db: Db,
  wx: WxSettings,
  input: { purpose: WxPurpose; accountId?: number; redirectUri: string },
): Promise<{ authorizeUrl: string; nonce: string }> {
  const state = token();
  const nonce = token();
  await db.insert(wxLogins).values({
    stateHash: sha256(state),
    nonceHash: sha256(nonce),
    purpose: input.purpose,
    accountId: input.accountId ?? null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const query = new URLSearchParams({
    appid: wx.appId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: 'snsapi_login',
    state,
  });
  return { authorizeUrl: `${wx.authorizeUrl}?${query.toString()}#wechat_redirect`, nonce };
}

export interface WxIdentity {
  unionid: string;
  nickname: string;
}

/** How long WeChat's API may take to answer. */
const WX_TIMEOUT_MS = 10_000;

async function wxGet(wx: WxSettings, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(`${wx.apiUrl}${path}?${new URLSearchParams(query).toString()}`, {
    signal: AbortSignal.timeout(WX_TIMEOUT_MS),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok || (typeof body.errcode === 'number' && body.errcode !== 0)) {
    throw new Error(`WeChat ${path}: ${res.status} ${String(body.errcode)} ${String(body.errmsg)}`);
  }
  return body;
}

/** Exchanges the code for the WeChat's identity (unionid; the nickname when WeChat gives it). */
async function exchangeCode(wx: WxSettings, code: string): Promise<WxIdentity> {
  const grant = await wxGet(wx, '/sns/oauth2/access_token', {
    appid: wx.appId,
    secret: wx.secret,
    code,
    grant_type: 'authorization_code',
  });
  const accessToken = String(grant.access_token ?? '');
  const openid = String(grant.openid ?? '');
  let unionid = typeof grant.unionid === 'string' ? grant.unionid : '';
  let nickname = '';
  try {
    const info = await wxGet(wx, '/sns/userinfo', { access_token: accessToken, openid });
    if (!unionid && typeof info.unionid === 'string') unionid = info.unionid;
    if (typeof info.nickname === 'string') nickname = info.nickname.slice(0, 64);
  } catch (err) {
    if (!unionid) throw err;
  }
  if (!unionid) throw new Error('WeChat gave no unionid');
  return { unionid, nickname };
}

interface WxLog {
  warn(obj: object, msg: string): void;
}

/**
 * Spends the state (once, from the browser that asked, for this purpose and account) and
 * exchanges the code; answers the WeChat's identity and the row of the state.
 */
export async function finishWx(
  db: Db,
  wx: WxSettings,
  input: { code: string; state: string; nonce: string | undefined; purpose: WxPurpose; accountId?: number },
  log: WxLog,
): Promise<{ id: number; identity: WxIdentity }> {
  const [row] = await db
    .update(wxLogins)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(wxLogins.stateHash, sha256(input.state)),
        eq(wxLogins.purpose, input.purpose),
        isNull(wxLogins.usedAt),
        gt(wxLogins.expiresAt, new Date()),
      ),
    )
    .returning({ id: wxLogins.id, nonceHash: wxLogins.nonceHash, accountId: wxLogins.accountId });
  if (
    !row ||
    !input.nonce ||
    !sameHash(row.nonceHash, sha256(input.nonce)) ||
    (input.purpose === 'bind' && row.accountId !== input.accountId)
  ) {
    throw new BusinessError(ACCOUNT_TEXTS.wxStateInvalid);
  }
  try {
    return { id: row.id, identity: await exchangeCode(wx, input.code) };
  } catch (err) {
    log.warn({ err }, 'WeChat code exchange failed');
    throw new BusinessError(ACCOUNT_TEXTS.wxCodeInvalid);
  }
}

/** The live account a WeChat is bound to. */
export async function accountOfUnionid(
  db: Db,
  unionid: string,
): Promise<{ id: number; companyId: number } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, companyId: accounts.companyId })
    .from(accounts)
    .where(and(eq(accounts.wxUnionid, unionid), isNull(accounts.deletedAt)))
    .limit(1);
  return row;
}

/** Keeps an unbound WeChat behind a binding token (answered once, stored hashed). */
export async function issueBindToken(
  db: Db,
  wxLoginId: number,
  identity: WxIdentity,
): Promise<{ token: string; expiresAt: Date }> {
  const bindToken = token();
  const expiresAt = new Date(Date.now() + BIND_TTL_MS);
  await db
    .update(wxLogins)
    .set({
      unionid: identity.unionid,
      nickname: identity.nickname,
      bindTokenHash: sha256(bindToken),
      bindExpiresAt: expiresAt,
    })
    .where(eq(wxLogins.id, wxLoginId));
  return { token: bindToken, expiresAt };
}

/** The WeChat a binding token holds, while it is valid and unused. */
export async function identityOfBindToken(db: Db, bindToken: string | undefined): Promise<WxIdentity & { id: number }> {
  if (!bindToken) throw new BusinessError(ACCOUNT_TEXTS.wxBindExpired);
  const [row] = await db
    .select({ id: wxLogins.id, unionid: wxLogins.unionid, nickname: wxLogins.nickname })
    .from(wxLogins)
    .where(
      and(
        eq(wxLogins.bindTokenHash, sha256(bindToken)),
        isNull(wxLogins.boundAt),
        gt(wxLogins.bindExpiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row?.unionid) throw new BusinessError(ACCOUNT_TEXTS.wxBindExpired);
  return { id: row.id, unionid: row.unionid, nickname: row.nickname };
}

/** Spends a binding token (once); false when another request spent it first. */
export async function spendBindToken(db: Pick<Db, 'update'>, id: number): Promise<boolean> {
  const rows = await db
    .update(wxLogins)
    .set({ boundAt: new Date() })
    .where(and(eq(wxLogins.id, id), isNull(wxLogins.boundAt)))
    .returning({ id: wxLogins.id });
  return rows.length === 1;
}

/** Deletes sign-ins older than a day: the job 'prune-wx-logins'. */
export async function pruneWxLogins(db: Db): Promise<void> {
  const before = new Date(Date.now() - 86_400_000);
  await db.delete(wxLogins).where(lt(wxLogins.createdAt, before));
}
