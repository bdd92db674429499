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
import { categoryList, saveProgress, studyDetail, studyIndex } from './service';

const tag = 'learning';

/** /api/Shop.StudyCentre/*: the learning centre of /profile/study_centre (docs/learning.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, tag);
  dealer.get('/getCategoryList', (ctx) => categoryList(ctx.db), {
    summary: 'Categories with their published items',
    answer: z.array(StudyCategory),
  });
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
