import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminGift,
  AdminGiftList,
  AdminGiftListQuery,
  CompanyPoints,
  GiftShipInput,
  LedgerQuery,
  MallItem,
  MallItemInput,
  MallItemList,
  MallItemListQuery,
  PointsAdjustInput,
} from '@shop/core/api/points';
import { idInput } from '@shop/core/api/id-input';
import { envelope, ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor } from '../staff/audit';
import { editRoutes } from '../staff/edit-routes';
import {
  adjustPoints,
  adminGift,
  companyPoints,
  createMallItem,
  deliverGift,
  listGifts,
  listMallItems,
  shipGift,
  updateMallItem,
  type PointsStaffAction,
} from './admin-service';

/** /api/admin/points/*: the points mall, gift orders and companies' points (permission points.manage). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = <S extends object>(summary: string, schema: S) => adminRoute('points.manage', summary, schema);
  const action = (request: FastifyRequest): PointsStaffAction => ({
    ctx: request.ctx.asStaff(),
    actor: auditActor(request as FastifyRequest & { staff: { staffId: number } }),
  });
  const giftId = z.object({ id: idInput('赠品订单编号不正确') });
  const companyId = z.object({ id: idInput('公司编号不正确') });

  app.get(
    '/points/items',
    route('积分商城商品列表', { querystring: MallItemListQuery, response: answers(MallItemList) }),
    async (request) => ok(await listMallItems(app.db, request.query)),
  );
  editRoutes(app, {
    permission: 'points.manage',
    url: '/points/items',
    input: MallItemInput,
    item: MallItem,
    notFound: '积分商品编号不正确',
    add: '添加积分商城商品',
    edit: '修改积分商城商品（名称、图片、积分价格、库存、上下架、排序）',
    added: '已保存',
    rows: {
      create: (ctx, actor, input: z.output<typeof MallItemInput>) => createMallItem({ ctx, actor }, input),
      update: (ctx, actor, id, input) => updateMallItem({ ctx, actor }, id, input),
    },
  });
  app.post(
    '/points/media',
    route('上传积分商品图片（multipart：file）', { response: answers(z.object({ url: z.string() })) }),
    async (request) => {
      const form = await app.uploads.receiveShopMedia(request, 'shop-media', { fileFields: ['file'] });
      const [file] = form.files;
      if (!file) refuse('请选择图片');
      if (file.kind === 'video') refuse('请上传图片');
      return ok({ url: `/media/${file.key}` }, '上传成功');
    },
  );

  app.get(
    '/points/gifts',
    route('赠品订单列表（状态、单号或公司名）', { querystring: AdminGiftListQuery, response: answers(AdminGiftList) }),
    async (request) => ok(await listGifts(app.db, request.query)),
  );
  app.get(
    '/points/gifts/:id',
    route('赠品订单详情', { params: giftId, response: { 200: envelope(AdminGift) } }),
    async (request) => ok(await adminGift(app.db, request.params.id)),
  );
  app.post(
    '/points/gifts/:id/ship',
    route('赠品订单发货（物流公司、运单号）', { params: giftId, body: GiftShipInput, response: answers(AdminGift) }),
    async (request) => ok(await shipGift(action(request), request.params.id, request.body), '已发货'),
  );
  app.post(
    '/points/gifts/:id/deliver',
    route('赠品订单登记签收', { params: giftId, response: answers(AdminGift) }),
    async (request) => ok(await deliverGift(action(request), request.params.id), '已签收'),
  );

  app.get(
    '/points/companies/:id',
    route('经销商公司的积分与积分币明细', {
      params: companyId,
      querystring: LedgerQuery,
      response: answers(CompanyPoints),
    }),
    async (request) => ok(await companyPoints(app.db, request.params.id, request.query)),
  );
  app.post(
    '/points/companies/:id/adjust',
    route('人工调整积分或积分币（须填原因，记入操作日志）', {
      params: companyId,
      body: PointsAdjustInput,
      response: answers(CompanyPoints),
    }),
    async (request) => ok(await adjustPoints(action(request), request.params.id, request.body), '已调整'),
  );
};

export default adminRoutes;
