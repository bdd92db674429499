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
import { dealerRoutes } from '../../lib/declared-routes';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { categoryList, saveProgress, studyDetail, studyIndex } from './service';

const tag = 'learning';

/** /api/Shop.StudyCentre/*: the learning centre of /profile/study_centre (docs/learning.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, tag);
  app.get(
    '/getCategoryList',
    loginRoute(tag, 'Categories with their published items', { response: answers(z.array(StudyCategory)) }),
    async () => ok(await categoryList(app.db)),
  );
  dealer.get('/index', studyIndex, {
    summary: 'A page of published articles and videos with the caller’s progress',
    input: StudyListQuery,
    answer: StudyPage,
  });
  dealer.get('/detail', (ctx, q) => studyDetail(ctx, q.id), {
    summary: 'An article or video with the caller’s progress',
    input: StudyIdQuery,
    answer: StudyDetail,
  });
  dealer.post('/progress', (ctx, b) => saveProgress(ctx, b.id, b.progress), {
    summary: 'Record how far the account read or watched (percent; only grows)',
    input: StudyProgressRequest,
    answer: StudyProgressResponse,
  });
};

export default routes;
