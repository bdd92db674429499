import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_TEXTS,
  AccountSettings,
  AVATAR_FIELD,
  AvatarResponse,
  BindAccountRequest,
  ChangePasswordRequest,
  ChangePhoneRequest,
  SendSmsRequest,
  SendSmsResponse,
  SMS_RESEND_SECONDS,
  SmsLoginRequest,
  UnbindWxRequest,
  WxCallbackRequest,
  WxLoginResponse,
  WxStartResponse,
} from '@shop/core/api/account';
import { LoginResponse } from '@shop/core/api/user';
import { PICTURE_TEXTS } from '@shop/core/api/uploads';
import { dealerRoutes } from '../../lib/declared-routes';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { answers, loginRoute, publicRoute } from '../../lib/route-options';
import { tokenFromRequest } from '../../plugins/auth';
import { findLoginAccount } from './account-queries';
import {
  bindUnionid,
  changePassword,
  changePhone,
  getAccountSettings,
  sendSmsCode,
  setAvatar,
  smsLogin,
  startSession,
  unbindWx,
} from './account-service';
import { attemptKey } from './login-attempts';
import { ACCOUNT_DISABLED_TEXT, checkLoginPassword, loginContextOf, loginOptionsFromConfig } from './login-service';
import { smsGatewayFromConfig } from './sms-gateway';
import {
  accountOfUnionid,
  finishWx,
  identityOfBindToken,
  issueBindToken,
  spendBindToken,
  startWx,
  STATE_TTL_MS,
  WX_NONCE_COOKIE,
  wxSettingsOf,
  type WxPurpose,
} from './wechat';

/**
 * /api/Shop.User/*: the account's own settings (/profile/account) and the sign-ins without a
 * password: SMS code (sendSms, senlogs) and WeChat (wx_login, binding_account, binding_wx,
 * unBindWxAccount). docs/account.md.
 */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function setNonceCookie(request: FastifyRequest, reply: FastifyReply, nonce: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${WX_NONCE_COOKIE}=${nonce}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${STATE_TTL_MS / 1000}${secure}`,
  );
}

function clearNonceCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${WX_NONCE_COOKIE}=; Path=/api; HttpOnly; SameSite=Lax; Max-Age=0`);
}

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const loginOptions = loginOptionsFromConfig(config);
  const gateway = smsGatewayFromConfig(config, app.log);
  const smsLimits = { perPhoneDay: config.SMS_DAILY_MAX_PER_PHONE, perIpDay: config.SMS_DAILY_MAX_PER_IP };
  const wx = wxSettingsOf(config);
  const deps = { db: app.db, storage: app.uploads.storage, wxEnabled: wx !== undefined };
  const dealer = dealerRoutes(app, 'user');

  const redirectUri = (request: FastifyRequest, purpose: WxPurpose) => {
    const url = new URL(wx?.redirectUri ?? `${request.protocol}://${request.host}/bind_wx`);
    if (purpose === 'bind') url.searchParams.set('mode', 'bind');
    return url.toString();
  };

  /** Starts a WeChat sign-in or binding, or finishes it with WeChat's code. */
  const wxStart = async (request: FastifyRequest, reply: FastifyReply, purpose: WxPurpose, accountId?: number) => {
    if (!wx) return { configured: 0 as const, authorize_url: '' };
    const started = await startWx(app.db, wx, { purpose, accountId, redirectUri: redirectUri(request, purpose) });
    setNonceCookie(request, reply, started.nonce);
    return { configured: 1 as const, authorize_url: started.authorizeUrl };
  };

  dealer.get('/account', (ctx) => getAccountSettings(deps, ctx.caller), {
    summary: '个人信息与账号设置',
    answer: AccountSettings,
  });

  app.post(
    '/sendSms',
    publicRoute(
      'user',
      `发送短信验证码（登录；已登录时 type=change_phone 为新手机号），每个手机号 ${SMS_RESEND_SECONDS} 秒一次`,
      {
        body: SendSmsRequest,
        response: answers(SendSmsResponse),
      },
    ),
    async (request) => {
      const { phone, type } = request.body;
      if (type === 'change_phone') await app.requireLogin(request);
      await sendSmsCode(
        app.db,
        gateway,
        { phone, purpose: type, ip: request.ip, auth: type === 'change_phone' ? request.auth : undefined },
        smsLimits,
        request.log,
      );
      return ok({ resend_after: SMS_RESEND_SECONDS }, ACCOUNT_TEXTS.smsSent);
    },
  );

  app.post(
    '/senlogs',
    publicRoute('user', '短信验证码登录', { body: SmsLoginRequest, response: answers(LoginResponse) }),
    async (request) =>
      ok(await smsLogin(app.db, request.body, loginContextOf(request), loginOptions), ACCOUNT_TEXTS.loginSuccess),
  );

  dealer.post('/changePhone', (ctx, b) => changePhone(ctx.db, ctx.caller, b), {
    summary: '修改手机号（验证码发到新手机号）',
    input: ChangePhoneRequest,
    msg: ACCOUNT_TEXTS.phoneChanged,
  });

  dealer.post(
    '/changePassword',
    async (ctx, b, { request }) =>
      app.realtime.closeSessions(await changePassword(ctx.db, ctx.caller, b, loginContextOf(request), loginOptions)),
    {
      summary: '修改密码（需原密码；其他设备上的登录退出）',
      input: ChangePasswordRequest,
      msg: ACCOUNT_TEXTS.passwordChanged,
    },
  );

  app.post(
    '/uploadpicture',
    loginRoute('user', `上传头像（multipart：${AVATAR_FIELD}，图片 ≤10MB）`, { response: answers(AvatarResponse) }),
    async (request) => {
      const form = await app.uploads.receiveStored(request, request.auth, 'picture', { fileFields: [AVATAR_FIELD] });
      const [file] = form.files;
      if (!file) throw new BusinessError(PICTURE_TEXTS.noFile);
      await setAvatar(app.db, request.auth, file.id);
      return ok({ avatar: file.url }, ACCOUNT_TEXTS.avatarSaved);
    },
  );

  app.post(
    '/wx_login',
    publicRoute('user', '微信扫码登录：无 code 时返回授权地址；有 code 时登录或返回绑定令牌', {
      body: WxCallbackRequest.optional(),
      response: answers(WxLoginResponse.or(WxStartResponse)),
    }),
    async (request, reply) => {
      const { code, state } = request.body ?? {};
      if (!code || !state)
        return ok(await wxStart(request, reply, 'login'), wx ? undefined : ACCOUNT_TEXTS.wxNotConfigured);
      if (!wx) throw new BusinessError(ACCOUNT_TEXTS.wxNotConfigured);
      const nonce = cookieOf(request, WX_NONCE_COOKIE);
      clearNonceCookie(reply);
      const { id, identity } = await finishWx(app.db, wx, { code, state, nonce, purpose: 'login' }, request.log);
      const account = await accountOfUnionid(app.db, identity.unionid);
      if (account) {
        const login = await startSession(app.db, account, loginContextOf(request), loginOptions);
        return ok(
          { login, bind_token: '', bind_expires_at: '', nickname: identity.nickname },
          ACCOUNT_TEXTS.loginSuccess,
        );
      }
      const bind = await issueBindToken(app.db, id, identity);
      return ok({
        login: null,
        bind_token: bind.token,
        bind_expires_at: bind.expiresAt.toISOString(),
        nickname: identity.nickname,
      });
    },
  );

  app.post(
    '/binding_account',
    publicRoute('user', '把扫码的微信绑定到商城账号（Authorization：绑定令牌），并登录', {
      body: BindAccountRequest,
      response: answers(LoginResponse),
    }),
    async (request) => {
      const identity = await identityOfBindToken(app.db, tokenFromRequest(request));
      const name = request.body.username;
      const account = await findLoginAccount(app.db, name);
      await checkLoginPassword(
        app.db,
        {
          key: attemptKey(account?.id, name),
          ip: request.ip,
          passwordHash: account?.passwordHash,
          password: request.body.password,
        },
        loginOptions.loginLimits,
      );
      if (!account) throw new BusinessError(ACCOUNT_TEXTS.wxBindExpired);
      if (account.disabled) throw new BusinessError(ACCOUNT_DISABLED_TEXT);
      await app.db.transaction(async (tx) => {
        if (!(await spendBindToken(tx, identity.id))) throw new BusinessError(ACCOUNT_TEXTS.wxBindExpired);
        await bindUnionid(tx, account.id, identity);
      });
      const login = await startSession(app.db, account, loginContextOf(request), loginOptions);
      return ok(login, ACCOUNT_TEXTS.wxBound);
    },
  );

  app.post(
    '/binding_wx',
    loginRoute('user', '当前账号绑定微信：无 code 时返回授权地址；有 code 时绑定', {
      body: WxCallbackRequest.optional(),
      response: answers(WxStartResponse),
    }),
    async (request, reply) => {
      const { code, state } = request.body ?? {};
      if (!code || !state) {
        return ok(
          await wxStart(request, reply, 'bind', request.auth.accountId),
          wx ? undefined : ACCOUNT_TEXTS.wxNotConfigured,
        );
      }
      if (!wx) throw new BusinessError(ACCOUNT_TEXTS.wxNotConfigured);
      const nonce = cookieOf(request, WX_NONCE_COOKIE);
      clearNonceCookie(reply);
      const { identity } = await finishWx(
        app.db,
        wx,
        { code, state, nonce, purpose: 'bind', accountId: request.auth.accountId },
        request.log,
      );
      await bindUnionid(app.db, request.auth.accountId, identity);
      return ok({ configured: 1 as const, authorize_url: '' }, ACCOUNT_TEXTS.wxBound);
    },
  );

  dealer.post('/unBindWxAccount', (ctx, b) => unbindWx(ctx.db, ctx.caller, b?.subuser_id), {
    summary: '解绑微信（自己的，或主账号解绑子账号的）',
    input: UnbindWxRequest.optional(),
    msg: ACCOUNT_TEXTS.wxUnbound,
  });
};

export default accountRoutes;
