import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { adminRoute, answers } from '../../lib/route-options';
import { editRoutes } from '../staff/edit-routes';
import { staffRoutes } from '../staff/staff-routes';
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
} from './admin-service';

/** /api/admin/points/*: the points mall, gift orders and companies' points (permission points.manage). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const points = staffRoutes(app, 'points.manage');
  const giftId = z.object({ id: idInput('赠品订单编号不正确') });
  const companyId = z.object({ id: idInput('公司编号不正确') });

  points.get('/points/items', (ctx, q) => listMallItems(ctx.db, q), {
    summary: '积分商城商品列表',
    input: MallItemListQuery,
    answer: MallItemList,
  });
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
    adminRoute('points.manage', '上传积分商品图片（multipart：file）', {
      response: answers(z.object({ url: z.string() })),
    }),
    async (request) => {
      const form = await app.uploads.receiveShopMedia(request, 'shop-media', {
        fileFields: ['file'],
        picturesOnly: '请上传图片',
      });
      const [file] = form.files;
      if (!file) refuse('请选择图片');
      return ok({ url: `/media/${file.key}` }, '上传成功');
    },
  );

  points.get('/points/gifts', (ctx, q) => listGifts(ctx.db, q), {
    summary: '赠品订单列表（状态、单号或公司名）',
    input: AdminGiftListQuery,
    answer: AdminGiftList,
  });
  points.get('/points/gifts/:id', (ctx, _q, { params }) => adminGift(ctx.db, params.id), {
    summary: '赠品订单详情',
    params: giftId,
    answer: AdminGift,
  });
  points.post('/points/gifts/:id/ship', (ctx, b, { params, actor }) => shipGift({ ctx, actor }, params.id, b), {
    summary: '赠品订单发货（物流公司、运单号）',
    params: giftId,
    input: GiftShipInput,
    answer: AdminGift,
    msg: '已发货',
  });
  points.post('/points/gifts/:id/deliver', (ctx, _b, { params, actor }) => deliverGift({ ctx, actor }, params.id), {
    summary: '赠品订单登记签收',
    params: giftId,
    answer: AdminGift,
    msg: '已签收',
  });

  points.get('/points/companies/:id', (ctx, q, { params }) => companyPoints(ctx.db, params.id, q), {
    summary: '经销商公司的积分与积分币明细',
    params: companyId,
    input: LedgerQuery,
    answer: CompanyPoints,
  });
  points.post(
    '/points/companies/:id/adjust',
    (ctx, b, { params, actor }) => adjustPoints({ ctx, actor }, params.id, b),
    {
      summary: '人工调整积分或积分币（须填原因，记入操作日志）',
      params: companyId,
      input: PointsAdjustInput,
      answer: CompanyPoints,
      msg: '已调整',
    },
  );
};

export default adminRoutes;
