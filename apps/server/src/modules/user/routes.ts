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
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute, publicRoute } from '../../lib/route-options';
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

  app.post(
    '/login',
    publicRoute('user', '登录（账号名或手机号 + 密码）', { body: LoginRequest, response: answers(LoginResponse) }),
    async (request) => ok(await login(app.db, request.body, loginContextOf(request), loginOptions), '登录成功'),
  );

  app.post(
    '/logout',
    loginRoute('user', '退出登录（结束会话）', { response: { 200: emptyEnvelope } }),
    async (request) => {
      await logout(app.db, request.auth.sessionId);
      // Its live sockets close too, in every process.
      await app.realtime.closeSessions([request.auth.sessionId]);
      return ok(null, LOGOUT_TEXT);
    },
  );

  app.get('/info', loginRoute('user', '当前账号资料', { response: answers(UserProfile) }), async (request) =>
    ok(await getProfile(app.db, request.auth)),
  );

  app.get('/index', loginRoute('user', '个人中心首页', { response: answers(UserIndex) }), async (request) =>
    ok(await getUserIndex(app.db, request.auth)),
  );

  app.get(
    '/son_account',
    loginRoute('user', '子账号列表（主账号）', {
      response: answers(SonAccountList),
    }),
    async (request) => ok(await listSubAccounts(app.db, request.auth)),
  );

  app.post(
    '/add',
    loginRoute('user', '添加子账号（主账号）', {
      body: AddSonAccountRequest,
      response: answers(SonAccount),
    }),
    async (request) => ok(await addSubAccount(app.db, request.auth, request.body), '添加成功'),
  );

  app.post(
    '/update',
    loginRoute('user', '修改子账号（主账号）', {
      body: UpdateSonAccountRequest,
      response: answers(SonAccount),
    }),
    async (request) => {
      const { account, endedSessions } = await updateSubAccount(app.db, request.auth, request.body);
      await app.realtime.closeSessions(endedSessions);
      return ok(account, '修改成功');
    },
  );

  app.post(
    '/delete',
    loginRoute('user', '删除子账号（主账号）', {
      body: DeleteSonAccountRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await app.realtime.closeSessions(await deleteSubAccount(app.db, request.auth, request.body.subuser_id));
      return ok(null, '删除成功');
    },
  );
};

export default routes;
