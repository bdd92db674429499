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
import { ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import { auditActor as actor } from '../staff/audit';
import { editRoutes } from '../staff/edit-routes';
import * as study from './service';

/**
 * /api/admin/study/*: staff publish the learning centre (content.manage, checked before the body
 * is read); pictures and videos go up through POST /api/admin/content/media. Every change audited.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const route = <S extends object>(summary: string, schema: S) => adminRoute('content.manage', summary, schema);
  const articleId = z.object({ id: idInput(STUDY_TEXTS.articleNotFound) });

  app.get('/study/categories', route('学习中心分类', { response: answers(z.array(AdminStudyCategory)) }), async () =>
    ok(await study.adminCategories(app.db)),
  );
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

  app.get(
    '/study/articles',
    route('学习中心内容（含未发布）', { querystring: AdminStudyQuery, response: answers(AdminStudyPage) }),
    async (request) => ok(await study.adminArticles(app.db, request.query)),
  );
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
    app.post(
      `/study/articles/:id/${path}`,
      route(published ? '发布' : '下架', { params: articleId, response: answers(AdminStudyArticle) }),
      async (request) =>
        ok(await study.setPublished(request.ctx.asStaff(), actor(request), request.params.id, published), msg),
    );
  }
};

export default routes;
