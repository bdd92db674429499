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
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor as actor } from '../staff/audit';
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
const route = <S extends object>(summary: string, schema: S) => adminRoute('catalog.manage', summary, schema);
const idParams = z.object({ id: idInput('编号格式不正确') });
const created = answers(z.object({ id: z.number().int() }));

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
  // ---- parts ----

  app.get(
    '/parts',
    route('商品列表（编码、号码或名称搜索；分类、品牌、状态筛选）', {
      querystring: AdminPartListQuery,
      response: answers(AdminPartListResponse),
    }),
    async (request) => ok(await listParts(app.db, request.query)),
  );

  app.get(
    '/parts/:id',
    route('商品详情（编辑表单）', { params: idParams, response: answers(AdminPartDetail) }),
    async (request) => ok(await requirePart(app.db, request.params.id)),
  );

  app.post('/parts', route('新建商品', { body: PartInput, response: answers(AdminPartDetail) }), async (request) =>
    ok(await createPart(request.ctx.asStaff(), app.db, actor(request), request.body), '商品已创建'),
  );

  app.post(
    '/parts/:id',
    route('保存商品（带详情的 version；他人已修改时拒绝）', {
      params: idParams,
      body: PartUpdate,
      response: answers(AdminPartDetail),
    }),
    async (request) =>
      ok(
        await updatePart(request.ctx.asStaff(), app.db, actor(request), request.params.id, request.body),
        '商品已保存',
      ),
  );

  app.post(
    '/parts/media',
    route('上传商品图片或视频（multipart：file；≤50MB）', { response: answers(PartMediaResponse) }),
    async (request) => ok(await storeCatalogMedia(app, request), '上传成功'),
  );

  // ---- categories ----

  app.get(
    '/categories',
    route('分类树（三级，含直属商品数）', { response: answers(z.array(AdminCategory)) }),
    async () => ok(await listCategories(app.db)),
  );

  app.post('/categories', route('新建分类', { body: CategoryInput, response: created }), async (request) =>
    ok(await createCategory(request.ctx.asStaff(), app.db, actor(request), request.body), '分类已创建'),
  );

  app.post(
    '/categories/:id',
    route('修改分类', { params: idParams, body: CategoryUpdate, response: { 200: emptyEnvelope } }),
    async (request) => {
      await updateCategory(request.ctx.asStaff(), app.db, actor(request), request.params.id, request.body);
      return ok(null, '分类已保存');
    },
  );

  app.post(
    '/categories/:id/delete',
    route('删除分类（无商品、无子分类时）', { params: idParams, response: { 200: emptyEnvelope } }),
    async (request) => {
      await deleteCategory(request.ctx.asStaff(), app.db, actor(request), request.params.id);
      return ok(null, '分类已删除');
    },
  );

  // ---- vehicles ----

  app.get('/vehicles', route('车型树（品牌、车系、车型）', { response: answers(z.array(AdminMake)) }), async () =>
    ok(await vehicleTree(app.db)),
  );

  for (const { level, what, body } of VEHICLES) {
    app.post(`/vehicles/${level}`, route(`新建${what}`, { body, response: created }), async (request) =>
      ok(await createVehicle(request.ctx.asStaff(), app.db, actor(request), level, request.body), `${what}已创建`),
    );
    app.post(
      `/vehicles/${level}/:id`,
      route(`修改${what}`, { params: idParams, body, response: { 200: emptyEnvelope } }),
      async (request) => {
        await updateVehicle(request.ctx.asStaff(), app.db, actor(request), level, request.params.id, request.body);
        return ok(null, `${what}已保存`);
      },
    );
    app.post(
      `/vehicles/${level}/:id/delete`,
      route(`删除${what}（未被使用时）`, { params: idParams, response: { 200: emptyEnvelope } }),
      async (request) => {
        await deleteVehicle(request.ctx.asStaff(), app.db, actor(request), level, request.params.id);
        return ok(null, `${what}已删除`);
      },
    );
  }
};

export default routes;
