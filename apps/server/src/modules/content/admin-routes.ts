import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBanner,
  AdminHotKeyword,
  BannerInput,
  CONTENT_MEDIA_FIELD,
  CONTENT_TEXTS,
  ContentMediaResponse,
  ContentPart,
  ContentPartList,
  ContentPartQuery,
  HotKeywordInput,
  PartNumberInput,
  ReorderRequest,
} from '@shop/core/api/admin-content';
import { idInput } from '@shop/core/api/id-input';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { auditActor as actor } from '../staff/audit';
import * as content from './service';

/**
 * /api/admin/content/*: the shop content of the back office, all behind content.manage (the
 * staff-auth plugin checks it before the body is read); every change audited (service.ts).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['admin'], security: [{ token: [] }] };
  const route = <S extends object>(summary: string, schema: S) => ({
    config: { permission: 'content.manage' as const },
    schema: { ...common, summary, ...schema },
  });
  const bannerId = z.object({ id: idInput(CONTENT_TEXTS.bannerNotFound) });
  const keywordId = z.object({ id: idInput(CONTENT_TEXTS.keywordNotFound) });
  const partId = z.object({ id: idInput(CONTENT_TEXTS.partNotFound) });

  // ---- banners ----

  app.get(
    '/content/banners',
    route('首页轮播图（全部，按顺序）', { response: { 200: envelope(z.array(AdminBanner)) } }),
    async () => ok(await content.listAdminBanners(app.db)),
  );
  app.post(
    '/content/banners',
    route('添加轮播图', { body: BannerInput, response: { 200: envelope(AdminBanner) } }),
    async (request) => ok(await content.createBanner(request.ctx.asStaff(), actor(request), request.body), '已添加'),
  );
  app.post(
    '/content/banners/:id',
    route('修改轮播图', { params: bannerId, body: BannerInput, response: { 200: envelope(AdminBanner) } }),
    async (request) =>
      ok(await content.updateBanner(request.ctx.asStaff(), actor(request), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/content/banners/:id/delete',
    route('删除轮播图', { params: bannerId, response: { 200: emptyEnvelope } }),
    async (request) => {
      await content.deleteBanner(request.ctx.asStaff(), actor(request), request.params.id);
      return ok(null, '已删除');
    },
  );
  app.post(
    '/content/banners/reorder',
    route('轮播图排序（全部编号，按新顺序）', { body: ReorderRequest, response: { 200: emptyEnvelope } }),
    async (request) => {
      await content.reorderBanners(request.ctx.asStaff(), actor(request), request.body.ids);
      return ok(null, '排序已保存');
    },
  );
  app.post(
    '/content/media',
    route(`上传轮播图片或视频（multipart：${CONTENT_MEDIA_FIELD}，≤50MB）`, {
      response: { 200: envelope(ContentMediaResponse) },
    }),
    async (request) => {
      const form = await app.uploads.receiveShopMedia(request, 'shop-media', { fileFields: [CONTENT_MEDIA_FIELD] });
      const [file] = form.files;
      if (!file) refuse(CONTENT_TEXTS.mediaRequired);
      return ok({ url: `/media/${file.key}`, file_type: file.kind === 'video' ? 'video' : 'image' }, '上传成功');
    },
  );

  // ---- hot keywords ----

  app.get(
    '/content/hot-keywords',
    route('热门关键词（全部，按顺序）', { response: { 200: envelope(z.array(AdminHotKeyword)) } }),
    async () => ok(await content.listAdminKeywords(app.db)),
  );
  app.post(
    '/content/hot-keywords',
    route('添加热门关键词', { body: HotKeywordInput, response: { 200: envelope(AdminHotKeyword) } }),
    async (request) => ok(await content.createKeyword(request.ctx.asStaff(), actor(request), request.body), '已添加'),
  );
  app.post(
    '/content/hot-keywords/:id',
    route('修改热门关键词', { params: keywordId, body: HotKeywordInput, response: { 200: envelope(AdminHotKeyword) } }),
    async (request) =>
      ok(await content.updateKeyword(request.ctx.asStaff(), actor(request), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/content/hot-keywords/:id/delete',
    route('删除热门关键词', { params: keywordId, response: { 200: emptyEnvelope } }),
    async (request) => {
      await content.deleteKeyword(request.ctx.asStaff(), actor(request), request.params.id);
      return ok(null, '已删除');
    },
  );
  app.post(
    '/content/hot-keywords/reorder',
    route('热门关键词排序（全部编号，按新顺序）', { body: ReorderRequest, response: { 200: emptyEnvelope } }),
    async (request) => {
      await content.reorderKeywords(request.ctx.asStaff(), actor(request), request.body.ids);
      return ok(null, '排序已保存');
    },
  );

  // ---- hot recommendations and new arrivals ----

  const marks = [
    {
      path: 'hot-recommends',
      what: '热门推荐',
      list: content.listAdminHotRecommends,
      add: content.addHotRecommend,
      remove: content.removeHotRecommend,
    },
    {
      path: 'new-arrivals',
      what: '新品',
      list: content.listAdminNewArrivals,
      add: content.addNewArrival,
      remove: content.removeNewArrival,
    },
  ] as const;
  for (const m of marks) {
    app.get(
      `/content/${m.path}`,
      route(`${m.what}配件`, { querystring: ContentPartQuery, response: { 200: envelope(ContentPartList) } }),
      async (request) => ok(await m.list(app.db, request.query)),
    );
    app.post(
      `/content/${m.path}`,
      route(`加入${m.what}（自编码或 OE 号）`, { body: PartNumberInput, response: { 200: envelope(ContentPart) } }),
      async (request) => ok(await m.add(request.ctx.asStaff(), actor(request), request.body.number), '已加入'),
    );
    app.post(
      `/content/${m.path}/:id/delete`,
      route(`移出${m.what}`, { params: partId, response: { 200: envelope(ContentPart) } }),
      async (request) => ok(await m.remove(request.ctx.asStaff(), actor(request), request.params.id), '已移出'),
    );
  }
  app.post(
    '/content/hot-recommends/reorder',
    route('热门推荐排序（全部配件编号，按新顺序）', { body: ReorderRequest, response: { 200: emptyEnvelope } }),
    async (request) => {
      await content.reorderHotRecommends(request.ctx.asStaff(), actor(request), request.body.ids);
      return ok(null, '排序已保存');
    },
  );
};

export default routes;
