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
import type { AuditActor } from '../staff/audit';
import { staffRoutes } from '../staff/staff-routes';
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

  const coupon = staffRoutes(app, P);

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
      coupon.post(`${path}/:id/${move}`, (ctx, _b, { params, actor }) => set(ctx, actor, params.id, status), {
        summary,
        params,
        answer: item,
        msg: done,
      });
    }
  }

  coupon.get('/coupon/vouchers', (ctx, q) => listVouchers(ctx.db, q), {
    summary: '优惠券列表（按名称、状态、类型）',
    input: AdminVoucherQuery,
    answer: AdminVoucherPage,
  });
  coupon.post('/coupon/vouchers', (ctx, b, { actor }) => createVoucher(ctx, actor, b), {
    summary: '新建优惠券',
    input: VoucherInput,
    answer: AdminVoucher,
    msg: T.created,
  });
  coupon.get('/coupon/vouchers/:id', (ctx, _q, { params }) => voucherDetail(ctx.db, params.id), {
    summary: '优惠券详情',
    params: voucherId,
    answer: AdminVoucher,
  });
  coupon.post('/coupon/vouchers/:id', (ctx, b, { params, actor }) => updateVoucher(ctx, actor, params.id, b), {
    summary: '修改优惠券（总数不能少于已发放）',
    params: voucherId,
    input: VoucherInput,
    answer: AdminVoucher,
    msg: T.saved,
  });
  statusRoutes('/coupon/vouchers', voucherId, AdminVoucher, setVoucherStatus, [
    '停用优惠券（不能再领取、发放或使用）',
    '启用优惠券',
  ]);
  coupon.post(
    '/coupon/vouchers/:id/issue',
    (ctx, b, { params, actor }) => issueVoucher(ctx, actor, params.id, b.company_ids),
    {
      summary: '定向发放给所选公司（每家补足到每家可用次数）',
      params: voucherId,
      input: IssueRequest,
      answer: IssueResponse,
      msg: (done) => `已发放 ${done.issued} 次`,
    },
  );
  coupon.get('/coupon/vouchers/:id/uses', (ctx, _q, { params }) => voucherUses(ctx.db, params.id), {
    summary: '优惠券的发放与使用（每家公司及其订单）',
    params: voucherId,
    answer: z.array(VoucherUse),
  });

  coupon.get('/coupon/activities', (ctx) => listActivities(ctx.db), {
    summary: '活动列表',
    answer: z.array(AdminActivity),
  });
  coupon.post('/coupon/activities', (ctx, b, { actor }) => saveActivity(ctx, actor, undefined, b), {
    summary: '新建活动（名称、图片、日期、商品）',
    input: ActivityInput,
    answer: AdminActivity,
    msg: T.created,
  });
  coupon.post('/coupon/activities/:id', (ctx, b, { params, actor }) => saveActivity(ctx, actor, params.id, b), {
    summary: '修改活动',
    params: activityId,
    input: ActivityInput,
    answer: AdminActivity,
    msg: T.saved,
  });
  statusRoutes('/coupon/activities', activityId, AdminActivity, setActivityStatus, ['停止活动', '启用活动']);
  for (const [what, summary, item, pick] of [
    ['companies', '发放时选公司（名称或编号搜索，或 ids 取已选）', PickedCompany, pickCompanies],
    ['parts', '选适用商品或活动商品（编码、号码或名称搜索，或 ids 取已选）', PickedPart, pickParts],
  ] as const) {
    coupon.get(`/coupon/pick/${what}`, (ctx, q) => pick(ctx.db, q), {
      summary,
      input: PickQuery,
      answer: z.array(item),
    });
  }
  coupon.get('/coupon/pick/categories', (ctx) => pickCategories(ctx.db), {
    summary: '选适用分类（分类树）',
    answer: z.array(PickedCategory),
  });
  app.post(
    '/coupon/activity-image',
    adminRoute(P, `上传活动图片（multipart：${ACTIVITY_IMAGE_UPLOAD_FIELD}）`, {
      response: answers(ActivityImageResponse),
    }),
    async (request) => {
      const form = await app.uploads.receiveShopMedia(request, 'shop-media', {
        fileFields: [ACTIVITY_IMAGE_UPLOAD_FIELD],
        picturesOnly: CONTENT_TEXTS.mediaRequired,
      });
      const [file] = form.files;
      if (!file) refuse(CONTENT_TEXTS.mediaRequired);
      return ok({ url: `/media/${file.key}` }, '上传成功');
    },
  );
};

export default adminRoutes;
