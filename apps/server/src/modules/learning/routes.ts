import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StudyCategory,
  StudyDetail,
  StudyIdQuery,
  StudyListQuery,
  StudyPage,
  StudyProgressRequest,
  StudyProgressResponse,
} from '@shop/core/api/learning';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { categoryList, saveProgress, studyDetail, studyIndex } from './service';

const tag = 'learning';

/** /api/Shop.StudyCentre/*: the learning centre of /profile/study_centre (docs/learning.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getCategoryList',
    loginRoute(tag, 'Categories with their published items', { response: answers(z.array(StudyCategory)) }),
    async () => ok(await categoryList(app.db)),
  );
  app.get(
    '/index',
    loginRoute(tag, 'A page of published articles and videos with the caller’s progress', {
      querystring: StudyListQuery,
      response: answers(StudyPage),
    }),
    async (request) => ok(await studyIndex(request.ctx.asDealer(), request.query)),
  );
  app.get(
    '/detail',
    loginRoute(tag, 'An article or video with the caller’s progress', {
      querystring: StudyIdQuery,
      response: answers(StudyDetail),
    }),
    async (request) => ok(await studyDetail(request.ctx.asDealer(), request.query.id)),
  );
  app.post(
    '/progress',
    loginRoute(tag, 'Record how far the account read or watched (percent; only grows)', {
      body: StudyProgressRequest,
      response: answers(StudyProgressResponse),
    }),
    async (request) => ok(await saveProgress(request.ctx.asDealer(), request.body.id, request.body.progress)),
  );
};

export default routes;
