import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_IMAGE_FIELD,
  DEALER_TEXTS,
  DealerAccount,
  DealerAccountCreate,
  DealerAccountUpdate,
  DealerAccountWithPassword,
  DealerCompanyDetail,
  DealerCompanyInput,
  DealerCompanyUpdate,
  DealerListQuery,
  DealerListResponse,
  DealerPasswordReset,
} from '@shop/core/api/dealers';
import { idInput } from '@shop/core/api/id-input';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor } from '../staff/audit';
import {
  accountCompany,
  createAccount,
  createCompany,
  dealerDetail,
  listDealers,
  resetPassword,
  setActivityImage,
  setCompanyEnabled,
  unbindAccountWx,
  updateAccount,
  updateCompany,
  type DealerStaffAction,
} from './service';

/** /api/admin/dealers*: companies and their accounts for the staff (permission dealers.manage). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = <S extends object>(summary: string, schema: S) => adminRoute('dealers.manage', summary, schema);
  const action = (request: FastifyRequest): DealerStaffAction => ({
    ctx: request.ctx.asStaff(),
    actor: auditActor(request),
    realtime: app.realtime,
  });
  const companyId = z.object({ id: idInput('公司编号不正确') });
  const accountId = z.object({ id: idInput('账号编号不正确') });

  // ---- companies ----

  app.get(
    '/dealers',
    route('经销商公司列表（按名称、联系人、账号手机号搜索；按区域、活动、启用、品牌筛选）', {
      querystring: DealerListQuery,
      response: answers(DealerListResponse),
    }),
    async (request) => ok(await listDealers(app.db, request.query)),
  );

  app.post(
    '/dealers',
    route('添加经销商公司', { body: DealerCompanyInput, response: answers(DealerCompanyDetail) }),
    async (request) => ok(await createCompany(action(request), request.body), DEALER_TEXTS.created),
  );

  app.get(
    '/dealers/:id',
    route('经销商公司详情（含账号）', { params: companyId, response: answers(DealerCompanyDetail) }),
    async (request) => ok(await dealerDetail(app.db, request.params.id)),
  );

  app.post(
    '/dealers/:id',
    route('修改经销商公司（带上打开时的 version；他人已修改则拒绝）', {
      params: companyId,
      body: DealerCompanyUpdate,
      response: answers(DealerCompanyDetail),
    }),
    async (request) => ok(await updateCompany(action(request), request.params.id, request.body), DEALER_TEXTS.saved),
  );

  for (const [move, enabled, summary, done] of [
    ['disable', false, '停用经销商公司（其账号不能登录，会话立即结束）', DEALER_TEXTS.companyDisabledDone],
    ['enable', true, '启用经销商公司', DEALER_TEXTS.companyEnabled],
  ] as const) {
    app.post(
      `/dealers/:id/${move}`,
      route(summary, { params: companyId, response: answers(DealerCompanyDetail) }),
      async (request) => ok(await setCompanyEnabled(action(request), request.params.id, enabled), done),
    );
  }

  // ---- accounts ----

  app.post(
    '/dealers/:id/accounts',
    route('添加经销商账号（主账号或子账号；不填密码则生成并只显示一次）', {
      params: companyId,
      body: DealerAccountCreate,
      response: answers(DealerAccountWithPassword),
    }),
    async (request) => ok(await createAccount(action(request), request.params.id, request.body), DEALER_TEXTS.created),
  );

  app.post(
    '/dealer-accounts/:id',
    route('修改经销商账号（采购权限、活动专区、启用；停用后会话立即结束）', {
      params: accountId,
      body: DealerAccountUpdate,
      response: answers(DealerAccount),
    }),
    async (request) => ok(await updateAccount(action(request), request.params.id, request.body), DEALER_TEXTS.saved),
  );

  app.post(
    '/dealer-accounts/:id/password',
    route('重置经销商账号密码（不填则生成并只显示一次；该账号立即下线）', {
      params: accountId,
      body: DealerPasswordReset,
      response: answers(DealerAccountWithPassword),
    }),
    async (request) =>
      ok(await resetPassword(action(request), request.params.id, request.body), DEALER_TEXTS.passwordReset),
  );

  app.post(
    '/dealer-accounts/:id/unbind-wx',
    route('解绑经销商账号的微信（记入操作日志）', { params: accountId, response: answers(DealerAccount) }),
    async (request) => ok(await unbindAccountWx(action(request), request.params.id), DEALER_TEXTS.wxUnbound),
  );

  app.post(
    '/dealer-accounts/:id/activity-image',
    route(`上传账号的活动图片（multipart：${ACTIVITY_IMAGE_FIELD}；JPG、PNG 等，≤10MB）`, {
      params: accountId,
      response: answers(DealerAccount),
    }),
    async (request) => {
      const id = request.params.id;
      const companyId = await accountCompany(app.db, id);
      const form = await app.uploads.receiveStored(request, { companyId, accountId: id }, 'picture', {
        fileFields: [ACTIVITY_IMAGE_FIELD],
      });
      const [file] = form.files;
      if (!file) throw new BusinessError(DEALER_TEXTS.noActivityImage);
      return ok(await setActivityImage(action(request), id, file), DEALER_TEXTS.activityImageSaved);
    },
  );
};

export default adminRoutes;
