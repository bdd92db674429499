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
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor as actor } from '../staff/audit';
import * as study from './service';

/**
 * /api/admin/study/*: staff publish the learning centre (content.manage, checked before the body
 * is read); pictures and videos go up through POST /api/admin/content/media. Every change audited.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const route = <S extends object>(summary: string, schema: S) => adminRoute('content.manage', summary, schema);
  const categoryId = z.object({ id: idInput(STUDY_TEXTS.categoryNotFound) });
  const articleId = z.object({ id: idInput(STUDY_TEXTS.articleNotFound) });

  app.get('/study/categories', route('学习中心分类', { response: answers(z.array(AdminStudyCategory)) }), async () =>
    ok(await study.adminCategories(app.db)),
  );
  app.post(
    '/study/categories',
    route('添加学习中心分类', { body: StudyCategoryInput, response: answers(AdminStudyCategory) }),
    async (request) => ok(await study.createCategory(request.ctx.asStaff(), actor(request), request.body), '已添加'),
  );
  app.post(
    '/study/categories/:id',
    route('修改学习中心分类', { params: categoryId, body: StudyCategoryInput, response: answers(AdminStudyCategory) }),
    async (request) =>
      ok(await study.updateCategory(request.ctx.asStaff(), actor(request), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/study/categories/:id/delete',
    route('删除学习中心分类（无内容时）', { params: categoryId, response: { 200: emptyEnvelope } }),
    async (request) => {
      await study.deleteCategory(request.ctx.asStaff(), actor(request), request.params.id);
      return ok(null, '已删除');
    },
  );

  app.get(
    '/study/articles',
    route('学习中心内容（含未发布）', { querystring: AdminStudyQuery, response: answers(AdminStudyPage) }),
    async (request) => ok(await study.adminArticles(app.db, request.query)),
  );
  app.post(
    '/study/articles',
    route('添加图文或视频', { body: StudyArticleInput, response: answers(AdminStudyArticle) }),
    async (request) => ok(await study.createArticle(request.ctx.asStaff(), actor(request), request.body), '已添加'),
  );
  app.post(
    '/study/articles/:id',
    route('修改图文或视频', { params: articleId, body: StudyArticleInput, response: answers(AdminStudyArticle) }),
    async (request) =>
      ok(await study.updateArticle(request.ctx.asStaff(), actor(request), request.params.id, request.body), '已保存'),
  );
  for (const [path, published, msg] of [
    ['publish', true, '已发布'],
    ['unpublish', false, '已下架'],
  ] as const) {
    app.post(
      `/study/articles/:id/${path}`,
      route(published ? '发布' : '下架', { params: articleId, response: answers(AdminStudyArticle) }),
      async (request) =>
        ok(await study.setPublished(request.ctx.asStaff(), actor(request), request.params.id, published), msg),
    );
  }
};

export default routes;
