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
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { adminRoute, answers } from '../../lib/route-options';
import type { StaffRequestContext } from '../../platform/request-context';
import { auditActor, type AuditActor } from '../staff/audit';
import { staffRoutes } from '../staff/staff-routes';
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
  const companyId = z.object({ id: idInput('公司编号不正确') });
  const accountId = z.object({ id: idInput('账号编号不正确') });

  const dealers = staffRoutes(app, 'dealers.manage');
  const by = (ctx: StaffRequestContext, actor: AuditActor): DealerStaffAction => ({
    ctx,
    actor,
    realtime: app.realtime,
  });

  // ---- companies ----

  dealers.get('/dealers', (ctx, q) => listDealers(ctx.db, q), {
    summary: '经销商公司列表（按名称、联系人、账号手机号搜索；按区域、活动、启用、品牌筛选）',
    input: DealerListQuery,
    answer: DealerListResponse,
  });
  dealers.post('/dealers', (ctx, b, { actor }) => createCompany(by(ctx, actor), b), {
    summary: '添加经销商公司',
    input: DealerCompanyInput,
    answer: DealerCompanyDetail,
    msg: DEALER_TEXTS.created,
  });
  dealers.get('/dealers/:id', (ctx, _q, { params }) => dealerDetail(ctx.db, params.id), {
    summary: '经销商公司详情（含账号）',
    params: companyId,
    answer: DealerCompanyDetail,
  });
  dealers.post('/dealers/:id', (ctx, b, { params, actor }) => updateCompany(by(ctx, actor), params.id, b), {
    summary: '修改经销商公司（带上打开时的 version；他人已修改则拒绝）',
    params: companyId,
    input: DealerCompanyUpdate,
    answer: DealerCompanyDetail,
    msg: DEALER_TEXTS.saved,
  });
  for (const [move, enabled, summary, done] of [
    ['disable', false, '停用经销商公司（其账号不能登录，会话立即结束）', DEALER_TEXTS.companyDisabledDone],
    ['enable', true, '启用经销商公司', DEALER_TEXTS.companyEnabled],
  ] as const) {
    dealers.post(
      `/dealers/:id/${move}`,
      (ctx, _b, { params, actor }) => setCompanyEnabled(by(ctx, actor), params.id, enabled),
      { summary, params: companyId, answer: DealerCompanyDetail, msg: done },
    );
  }

  // ---- accounts ----

  dealers.post('/dealers/:id/accounts', (ctx, b, { params, actor }) => createAccount(by(ctx, actor), params.id, b), {
    summary: '添加经销商账号（主账号或子账号；不填密码则生成并只显示一次）',
    params: companyId,
    input: DealerAccountCreate,
    answer: DealerAccountWithPassword,
    msg: DEALER_TEXTS.created,
  });
  dealers.post('/dealer-accounts/:id', (ctx, b, { params, actor }) => updateAccount(by(ctx, actor), params.id, b), {
    summary: '修改经销商账号（采购权限、活动专区、启用；停用后会话立即结束）',
    params: accountId,
    input: DealerAccountUpdate,
    answer: DealerAccount,
    msg: DEALER_TEXTS.saved,
  });
  dealers.post(
    '/dealer-accounts/:id/password',
    (ctx, b, { params, actor }) => resetPassword(by(ctx, actor), params.id, b),
    {
      summary: '重置经销商账号密码（不填则生成并只显示一次；该账号立即下线）',
      params: accountId,
      input: DealerPasswordReset,
      answer: DealerAccountWithPassword,
      msg: DEALER_TEXTS.passwordReset,
    },
  );
  dealers.post(
    '/dealer-accounts/:id/unbind-wx',
    (ctx, _b, { params, actor }) => unbindAccountWx(by(ctx, actor), params.id),
    {
      summary: '解绑经销商账号的微信（记入操作日志）',
      params: accountId,
      answer: DealerAccount,
      msg: DEALER_TEXTS.wxUnbound,
    },
  );

  app.post(
    '/dealer-accounts/:id/activity-image',
    adminRoute('dealers.manage', `上传账号的活动图片（multipart：${ACTIVITY_IMAGE_FIELD}；JPG、PNG 等，≤10MB）`, {
      params: accountId,
      response: answers(DealerAccount),
    }),
    async (request) => {
      const id = request.params.id;
      const companyId = await accountCompany(app.db, id);
      // The staff's upload, stored as the account's company's file (its dealers are served it) but
      // not counted in that company's upload quota or its account's upload rate.
      const form = await app.uploads.receiveStored(request, { companyId, accountId: id }, 'picture', {
        fileFields: [ACTIVITY_IMAGE_FIELD],
        byStaff: true,
      });
      const [file] = form.files;
      if (!file) throw new BusinessError(DEALER_TEXTS.noActivityImage);
      const action = by(request.ctx.asStaff(), auditActor(request));
      return ok(await setActivityImage(action, id, file), DEALER_TEXTS.activityImageSaved);
    },
  );
};

export default adminRoutes;
