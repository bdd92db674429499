import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_IMAGE_UPLOAD_FIELD,
  ActivityImageResponse,
  ActivityInput,
  AdminActivity,
  AdminVoucher,
  AdminVoucherPage,
  AdminVoucherQuery,
  IssueRequest,
  IssueResponse,
  PickedCategory,
  PickedCompany,
  PickedPart,
  PickQuery,
  VoucherInput,
  VoucherUse,
} from '@shop/core/api/coupons';
import { idInput } from '@shop/core/api/id-input';
import { CONTENT_TEXTS } from '@shop/core/api/admin-content';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { adminRoute, answers } from '../../lib/route-options';
import type { StaffRequestContext } from '../../platform/request-context';
import { auditActor as actor, type AuditActor } from '../staff/audit';
import {
  COUPON_ADMIN_TEXTS as T,
  createVoucher,
  issueVoucher,
  listActivities,
  listVouchers,
  pickCategories,
  pickCompanies,
  pickParts,
  saveActivity,
  setActivityStatus,
  setVoucherStatus,
  updateVoucher,
  voucherDetail,
  voucherUses,
} from './admin-service';

const P = 'coupon.manage' as const;

/** /api/admin/coupon/*: 优惠券 and 活动管理 of the back office (coupon.manage; every change audited). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const voucherId = z.object({ id: idInput(T.voucherNotFound) });
  const activityId = z.object({ id: idInput(T.activityNotFound) });

  /** POST {path}/:id/stop and /start: a voucher or an activity stopped or started again. */
  function statusRoutes<Item>(
    path: string,
    params: typeof voucherId,
    item: z.ZodType<Item>,
    set: (ctx: StaffRequestContext, a: AuditActor, id: number, status: 'active' | 'stopped') => Promise<Item>,
    [stopSummary, startSummary]: [string, string],
  ): void {
    for (const [move, status, summary, done] of [
      ['stop', 'stopped', stopSummary, T.stopped],
      ['start', 'active', startSummary, T.started],
    ] as const) {
      app.post(`${path}/:id/${move}`, adminRoute(P, summary, { params, response: answers(item) }), async (request) =>
        ok(await set(request.ctx.asStaff(), actor(request), request.params.id, status), done),
      );
    }
  }

  app.get(
    '/coupon/vouchers',
    adminRoute(P, '优惠券列表（按名称、状态、类型）', {
      querystring: AdminVoucherQuery,
      response: answers(AdminVoucherPage),
    }),
    async (request) => ok(await listVouchers(app.db, request.query)),
  );
  app.post(
    '/coupon/vouchers',
    adminRoute(P, '新建优惠券', { body: VoucherInput, response: answers(AdminVoucher) }),
    async (request) => ok(await createVoucher(request.ctx.asStaff(), actor(request), request.body), T.created),
  );
  app.get(
    '/coupon/vouchers/:id',
    adminRoute(P, '优惠券详情', { params: voucherId, response: answers(AdminVoucher) }),
    async (request) => ok(await voucherDetail(app.db, request.params.id)),
  );
  app.post(
    '/coupon/vouchers/:id',
    adminRoute(P, '修改优惠券（总数不能少于已发放）', {
      params: voucherId,
      body: VoucherInput,
      response: answers(AdminVoucher),
    }),
    async (request) =>
      ok(await updateVoucher(request.ctx.asStaff(), actor(request), request.params.id, request.body), T.saved),
  );
  statusRoutes('/coupon/vouchers', voucherId, AdminVoucher, setVoucherStatus, [
    '停用优惠券（不能再领取、发放或使用）',
    '启用优惠券',
  ]);
  app.post(
    '/coupon/vouchers/:id/issue',
    adminRoute(P, '定向发放给所选公司（每家补足到每家可用次数）', {
      params: voucherId,
      body: IssueRequest,
      response: answers(IssueResponse),
    }),
    async (request) => {
      const done = await issueVoucher(
        request.ctx.asStaff(),
        actor(request),
        request.params.id,
        request.body.company_ids,
      );
      return ok(done, `已发放 ${done.issued} 次`);
    },
  );
  app.get(
    '/coupon/vouchers/:id/uses',
    adminRoute(P, '优惠券的发放与使用（每家公司及其订单）', {
      params: voucherId,
      response: answers(z.array(VoucherUse)),
    }),
    async (request) => ok(await voucherUses(app.db, request.params.id)),
  );

  app.get('/coupon/activities', adminRoute(P, '活动列表', { response: answers(z.array(AdminActivity)) }), async () =>
    ok(await listActivities(app.db)),
  );
  app.post(
    '/coupon/activities',
    adminRoute(P, '新建活动（名称、图片、日期、商品）', { body: ActivityInput, response: answers(AdminActivity) }),
    async (request) =>
      ok(await saveActivity(request.ctx.asStaff(), actor(request), undefined, request.body), T.created),
  );
  app.post(
    '/coupon/activities/:id',
    adminRoute(P, '修改活动', { params: activityId, body: ActivityInput, response: answers(AdminActivity) }),
    async (request) =>
      ok(await saveActivity(request.ctx.asStaff(), actor(request), request.params.id, request.body), T.saved),
  );
  statusRoutes('/coupon/activities', activityId, AdminActivity, setActivityStatus, ['停止活动', '启用活动']);
  for (const [what, summary, item, pick] of [
    ['companies', '发放时选公司（名称或编号搜索，或 ids 取已选）', PickedCompany, pickCompanies],
    ['parts', '选适用商品或活动商品（编码、号码或名称搜索，或 ids 取已选）', PickedPart, pickParts],
  ] as const) {
    app.get(
      `/coupon/pick/${what}`,
      adminRoute(P, summary, {
        querystring: PickQuery,
        response: answers(z.array(item)),
      }),
      async (request) => ok(await pick(app.db, request.query)),
    );
  }
  app.get(
    '/coupon/pick/categories',
    adminRoute(P, '选适用分类（分类树）', { response: answers(z.array(PickedCategory)) }),
    async () => ok(await pickCategories(app.db)),
  );
  app.post(
    '/coupon/activity-image',
    adminRoute(P, `上传活动图片（multipart：${ACTIVITY_IMAGE_UPLOAD_FIELD}）`, {
      response: answers(ActivityImageResponse),
    }),
    async (request) => {
      const form = await app.uploads.receiveShopMedia(request, 'shop-media', {
        fileFields: [ACTIVITY_IMAGE_UPLOAD_FIELD],
      });
      const [file] = form.files;
      if (!file || file.kind === 'video') refuse(CONTENT_TEXTS.mediaRequired);
      return ok({ url: `/media/${file.key}` }, '上传成功');
    },
  );
};

export default adminRoutes;
