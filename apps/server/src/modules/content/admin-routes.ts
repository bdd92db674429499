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
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { adminRoute, answers } from '../../lib/route-options';
import type { StaffRequestContext } from '../../platform/request-context';
import type { AuditActor } from '../staff/audit';
import { editRoutes, type EditableRows } from '../staff/edit-routes';
import { staffRoutes } from '../staff/staff-routes';
import * as content from './service';

/**
 * /api/admin/content/*: the shop content of the back office, all behind content.manage (the
 * staff-auth plugin checks it before the body is read); every change audited (service.ts).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffRoutes(app, 'content.manage');
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
    staff.get(url, (ctx) => r.rows.list(ctx.db), {
      summary: `${r.what}（全部，按顺序）`,
      answer: z.array(r.item),
    });
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
    staff.post(`${url}/reorder`, (ctx, b, { actor }) => r.rows.reorder(ctx, actor, b.ids), {
      summary: `${r.what}排序（全部编号，按新顺序）`,
      input: ReorderRequest,
      msg: '排序已保存',
    });
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
    adminRoute('content.manage', `上传轮播图片或视频（multipart：${CONTENT_MEDIA_FIELD}，≤50MB）`, {
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
    staff.get(`/content/${m.path}`, (ctx, q) => m.list(ctx.db, q), {
      summary: `${m.what}配件`,
      input: ContentPartQuery,
      answer: ContentPartList,
    });
    staff.post(`/content/${m.path}`, (ctx, b, { actor }) => m.add(ctx, actor, b.number), {
      summary: `加入${m.what}（自编码或 OE 号）`,
      input: PartNumberInput,
      answer: ContentPart,
      msg: '已加入',
    });
    staff.post(`/content/${m.path}/:id/delete`, (ctx, _b, { params, actor }) => m.remove(ctx, actor, params.id), {
      summary: `移出${m.what}`,
      params: partId,
      answer: ContentPart,
      msg: '已移出',
    });
  }
  staff.post(
    '/content/hot-recommends/reorder',
    (ctx, b, { actor }) => content.reorderHotRecommends(ctx, actor, b.ids),
    {
      summary: '热门推荐排序（全部配件编号，按新顺序）',
      input: ReorderRequest,
      msg: '排序已保存',
    },
  );
};

export default routes;
