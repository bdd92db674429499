import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCategory,
  AdminMake,
  AdminPartDetail,
  AdminPartListQuery,
  AdminPartListResponse,
  CategoryInput,
  CategoryUpdate,
  MakeInput,
  ModelInput,
  PartInput,
  PartMediaResponse,
  PartUpdate,
  SeriesInput,
  type VehicleLevel,
} from '@shop/core/api/admin-catalog';
import { idInput } from '@shop/core/api/id-input';
import { staffRoutes } from '../staff/staff-routes';
import { storeCatalogMedia } from './media';
import { createPart, listParts, requirePart, updatePart } from './parts-service';
import {
  createCategory,
  createVehicle,
  deleteCategory,
  deleteVehicle,
  listCategories,
  updateCategory,
  updateVehicle,
  vehicleTree,
} from './tree-service';

/** /api/admin/parts, /categories, /vehicles (permission catalog.manage; every change audited). */
const idParams = z.object({ id: idInput('编号格式不正确') });
const created = z.object({ id: z.number().int() });

const VEHICLES: {
  level: VehicleLevel;
  what: string;
  body: typeof MakeInput | typeof SeriesInput | typeof ModelInput;
}[] = [
  { level: 'makes', what: '品牌', body: MakeInput },
  { level: 'series', what: '车系', body: SeriesInput },
  { level: 'models', what: '车型', body: ModelInput },
];

const routes: FastifyPluginAsyncZod = async (app) => {
  const catalog = staffRoutes(app, 'catalog.manage');

  // ---- parts ----

  catalog.get('/parts', (ctx, q) => listParts(ctx.db, q), {
    summary: '商品列表（编码、号码或名称搜索；分类、品牌、状态筛选）',
    input: AdminPartListQuery,
    answer: AdminPartListResponse,
  });
  catalog.get('/parts/:id', (ctx, _q, { params }) => requirePart(ctx.db, params.id), {
    summary: '商品详情（编辑表单）',
    params: idParams,
    answer: AdminPartDetail,
  });
  catalog.post('/parts', (ctx, b, { actor }) => createPart(ctx, ctx.db, actor, b), {
    summary: '新建商品',
    input: PartInput,
    answer: AdminPartDetail,
    msg: '商品已创建',
  });
  catalog.post('/parts/:id', (ctx, b, { params, actor }) => updatePart(ctx, ctx.db, actor, params.id, b), {
    summary: '保存商品（带详情的 version；他人已修改时拒绝）',
    params: idParams,
    input: PartUpdate,
    answer: AdminPartDetail,
    msg: '商品已保存',
  });
  catalog.post('/parts/media', (_ctx, _b, { request }) => storeCatalogMedia(app, request), {
    summary: '上传商品图片或视频（multipart：file；≤50MB）',
    answer: PartMediaResponse,
    msg: '上传成功',
  });

  // ---- categories ----

  catalog.get('/categories', (ctx) => listCategories(ctx.db), {
    summary: '分类树（三级，含直属商品数）',
    answer: z.array(AdminCategory),
  });
  catalog.post('/categories', (ctx, b, { actor }) => createCategory(ctx, ctx.db, actor, b), {
    summary: '新建分类',
    input: CategoryInput,
    answer: created,
    msg: '分类已创建',
  });
  catalog.post('/categories/:id', (ctx, b, { params, actor }) => updateCategory(ctx, ctx.db, actor, params.id, b), {
    summary: '修改分类',
    params: idParams,
    input: CategoryUpdate,
    msg: '分类已保存',
  });
  catalog.post(
    '/categories/:id/delete',
    (ctx, _b, { params, actor }) => deleteCategory(ctx, ctx.db, actor, params.id),
    {
      summary: '删除分类（无商品、无子分类时）',
      params: idParams,
      msg: '分类已删除',
    },
  );

  // ---- vehicles ----

  catalog.get('/vehicles', (ctx) => vehicleTree(ctx.db), {
    summary: '车型树（品牌、车系、车型）',
    answer: z.array(AdminMake),
  });
  for (const { level, what, body } of VEHICLES) {
    catalog.post(`/vehicles/${level}`, (ctx, b, { actor }) => createVehicle(ctx, ctx.db, actor, level, b), {
      summary: `新建${what}`,
      input: body,
      answer: created,
      msg: `${what}已创建`,
    });
    catalog.post(
      `/vehicles/${level}/:id`,
      (ctx, b, { params, actor }) => updateVehicle(ctx, ctx.db, actor, level, params.id, b),
      { summary: `修改${what}`, params: idParams, input: body, msg: `${what}已保存` },
    );
    catalog.post(
      `/vehicles/${level}/:id/delete`,
      (ctx, _b, { params, actor }) => deleteVehicle(ctx, ctx.db, actor, level, params.id),
      { summary: `删除${what}（未被使用时）`, params: idParams, msg: `${what}已删除` },
    );
  }
};

export default routes;
