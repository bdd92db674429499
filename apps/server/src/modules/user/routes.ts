import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddSonAccountRequest,
  DeleteSonAccountRequest,
  LOGOUT_TEXT,
  LoginRequest,
  LoginResponse,
  SonAccount,
  SonAccountList,
  UpdateSonAccountRequest,
  UserIndex,
  UserProfile,
} from '@shop/core/api/user';
import { dealerRoutes } from '../../lib/declared-routes';
import { ok } from '../../lib/envelope';
import { answers, publicRoute } from '../../lib/route-options';
import { login, loginContextOf, loginOptionsFromConfig, logout, prepareLogin } from './login-service';
import { getProfile, getUserIndex } from './profile-service';
import accountRoutes from './account-routes';
import { addSubAccount, deleteSubAccount, listSubAccounts, updateSubAccount } from './sub-account-service';

/** /api/Shop.User/*: login (public), logout, profile and sub-account management (a dealer scope, module.ts). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const loginOptions = loginOptionsFromConfig(config);
  await prepareLogin();
  await app.register(accountRoutes);
  const dealer = dealerRoutes(app, 'user');

  app.post(
    '/login',
    publicRoute('user', '登录（账号名或手机号 + 密码）', { body: LoginRequest, response: answers(LoginResponse) }),
    async (request) => ok(await login(app.db, request.body, loginContextOf(request), loginOptions), '登录成功'),
  );

  dealer.post(
    '/logout',
    async (ctx) => {
      await logout(ctx.db, ctx.caller.sessionId);
      // Its live sockets close too, in every process.
      await app.realtime.closeSessions([ctx.caller.sessionId]);
    },
    { summary: '退出登录（结束会话）', msg: LOGOUT_TEXT },
  );

  dealer.get('/info', (ctx) => getProfile(ctx.db, ctx.caller), { summary: '当前账号资料', answer: UserProfile });

  dealer.get('/index', (ctx) => getUserIndex(ctx.db, ctx.caller), { summary: '个人中心首页', answer: UserIndex });

  dealer.post('/son_account', (ctx) => listSubAccounts(ctx.db, ctx.caller), {
    summary: '子账号列表（主账号）',
    answer: SonAccountList,
  });

  dealer.post('/add', (ctx, b) => addSubAccount(ctx.db, ctx.caller, b), {
    summary: '添加子账号（主账号）',
    input: AddSonAccountRequest,
    answer: SonAccount,
    msg: '添加成功',
  });

  dealer.post(
    '/update',
    async (ctx, b) => {
      const { account, endedSessions } = await updateSubAccount(ctx.db, ctx.caller, b);
      await app.realtime.closeSessions(endedSessions);
      return account;
    },
    { summary: '修改子账号（主账号）', input: UpdateSonAccountRequest, answer: SonAccount, msg: '修改成功' },
  );

  dealer.post(
    '/delete',
    async (ctx, b) => app.realtime.closeSessions(await deleteSubAccount(ctx.db, ctx.caller, b.subuser_id)),
    { summary: '删除子账号（主账号）', input: DeleteSonAccountRequest, msg: '删除成功' },
  );
};

export default routes;
