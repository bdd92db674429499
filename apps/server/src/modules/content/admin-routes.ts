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
import { emptyEnvelope, ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { adminRoute, answers } from '../../lib/route-options';
import type { StaffRequestContext } from '../../platform/request-context';
import { auditActor as actor, type AuditActor } from '../staff/audit';
import { editRoutes, type EditableRows } from '../staff/edit-routes';
import * as content from './service';

/**
 * /api/admin/content/*: the shop content of the back office, all behind content.manage (the
 * staff-auth plugin checks it before the body is read); every change audited (service.ts).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const route = <S extends object>(summary: string, schema: S) => adminRoute('content.manage', summary, schema);
  const partId = z.object({ id: idInput(CONTENT_TEXTS.partNotFound) });

  // ---- banners and hot keywords ----

  /** The list, add, edit, delete and reorder routes of a list of content rows. */
  function editableRoutes<In, Out>(r: {
    path: string;
    what: string;
    /** Parses to In (the rows' input). */
    input: z.ZodType;
    /** The schema of Out (the rows' item). */
    item: z.ZodType;
    notFound: string;
    rows: EditableRows<In, Out> & {
      list(db: typeof app.db): Promise<Out[]>;
      reorder(ctx: StaffRequestContext, a: AuditActor, ids: number[]): Promise<void>;
    };
  }) {
    const url = `/content/${r.path}`;
    app.get(url, route(`${r.what}（全部，按顺序）`, { response: answers(z.array(r.item)) }), async () =>
      ok(await r.rows.list(app.db)),
    );
    editRoutes(app, {
      permission: 'content.manage',
      url,
      input: r.input,
      item: r.item,
      notFound: r.notFound,
      add: `添加${r.what}`,
      edit: `修改${r.what}`,
      remove: `删除${r.what}`,
      rows: r.rows,
    });
    app.post(
      `${url}/reorder`,
      route(`${r.what}排序（全部编号，按新顺序）`, { body: ReorderRequest, response: { 200: emptyEnvelope } }),
      async (request) => {
        await r.rows.reorder(request.ctx.asStaff(), actor(request), request.body.ids);
        return ok(null, '排序已保存');
      },
    );
  }

  editableRoutes({
    path: 'banners',
    what: '首页轮播图',
    input: BannerInput,
    item: AdminBanner,
    notFound: CONTENT_TEXTS.bannerNotFound,
    rows: content.bannerRows,
  });
  editableRoutes({
    path: 'hot-keywords',
    what: '热门关键词',
    input: HotKeywordInput,
    item: AdminHotKeyword,
    notFound: CONTENT_TEXTS.keywordNotFound,
    rows: content.keywordRows,
  });

  app.post(
    '/content/media',
    route(`上传轮播图片或视频（multipart：${CONTENT_MEDIA_FIELD}，≤50MB）`, {
      response: answers(ContentMediaResponse),
    }),
    async (request) => {
      const form = await app.uploads.receiveShopMedia(request, 'shop-media', { fileFields: [CONTENT_MEDIA_FIELD] });
      const [file] = form.files;
      if (!file) refuse(CONTENT_TEXTS.mediaRequired);
      return ok({ url: `/media/${file.key}`, file_type: file.kind === 'video' ? 'video' : 'image' }, '上传成功');
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
      route(`${m.what}配件`, { querystring: ContentPartQuery, response: answers(ContentPartList) }),
      async (request) => ok(await m.list(app.db, request.query)),
    );
    app.post(
      `/content/${m.path}`,
      route(`加入${m.what}（自编码或 OE 号）`, { body: PartNumberInput, response: answers(ContentPart) }),
      async (request) => ok(await m.add(request.ctx.asStaff(), actor(request), request.body.number), '已加入'),
    );
    app.post(
      `/content/${m.path}/:id/delete`,
      route(`移出${m.what}`, { params: partId, response: answers(ContentPart) }),
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
