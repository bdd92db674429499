import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminStudyArticle,
  AdminStudyCategory,
  AdminStudyPage,
  AdminStudyQuery,
  STUDY_TEXTS,
  StudyArticleInput,
  StudyCategoryInput,
} from '@shop/core/api/learning';
import { idInput } from '@shop/core/api/id-input';
import { editRoutes } from '../staff/edit-routes';
import { staffRoutes } from '../staff/staff-routes';
import * as study from './service';

/**
 * /api/admin/study/*: staff publish the learning centre (content.manage, checked before the body
 * is read); pictures and videos go up through POST /api/admin/content/media. Every change audited.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const content = staffRoutes(app, 'content.manage');
  const articleId = z.object({ id: idInput(STUDY_TEXTS.articleNotFound) });

  content.get('/study/categories', (ctx) => study.adminCategories(ctx.db), {
    summary: '学习中心分类',
    answer: z.array(AdminStudyCategory),
  });
  editRoutes(app, {
    permission: 'content.manage',
    url: '/study/categories',
    input: StudyCategoryInput,
    item: AdminStudyCategory,
    notFound: STUDY_TEXTS.categoryNotFound,
    add: '添加学习中心分类',
    edit: '修改学习中心分类',
    remove: '删除学习中心分类（无内容时）',
    rows: { create: study.createCategory, update: study.updateCategory, remove: study.deleteCategory },
  });

  content.get('/study/articles', (ctx, q) => study.adminArticles(ctx.db, q), {
    summary: '学习中心内容（含未发布）',
    input: AdminStudyQuery,
    answer: AdminStudyPage,
  });
  editRoutes(app, {
    permission: 'content.manage',
    url: '/study/articles',
    input: StudyArticleInput,
    item: AdminStudyArticle,
    notFound: STUDY_TEXTS.articleNotFound,
    add: '添加图文或视频',
    edit: '修改图文或视频',
    rows: { create: study.createArticle, update: study.updateArticle },
  });
  for (const [path, published, msg] of [
    ['publish', true, '已发布'],
    ['unpublish', false, '已下架'],
  ] as const) {
    content.post(
      `/study/articles/:id/${path}`,
      (ctx, _b, { params, actor }) => study.setPublished(ctx, actor, params.id, published),
      { summary: published ? '发布' : '下架', params: articleId, answer: AdminStudyArticle, msg },
    );
  }
};

export default routes;
