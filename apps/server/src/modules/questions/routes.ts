import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { AddQuestionRequest, QuestionList } from '@shop/core/api/parts';
import { dealerRoutes } from '../../lib/declared-routes';
import { parseIdList } from '../parts/restock-service';
import { addQuestion, listQuestions, MARKED_READ_TEXT, markQuestionsRead, QUESTION_ADDED_TEXT } from './service';

const ListRequest = z.object({ id: idInput('商品编号不正确') });
const MarkRequest = z.object({ related_question_ids: z.string().max(2000, '内容过长') });
/** The text is checked by the service, so an empty one answers the spec's 请输入提交内容 as a refusal. */
const AddRequest = AddQuestionRequest.extend({ ask_questions: z.string().max(5000).default('') });

/** /api/Shop.RelatedQuestions/*: questions about a part and the replies (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const dealer = dealerRoutes(app, 'parts');
  dealer.get('/getList', (ctx, q) => listQuestions(ctx.db, ctx.caller, q.id), {
    summary: "The company's questions on a part with the replies (id = product id)",
    input: ListRequest,
    answer: QuestionList,
  });

  dealer.post('/add', (ctx, b) => addQuestion(ctx.db, ctx.caller, b), {
    summary: 'Ask a question about a part (type 1 consult, 0 product feedback)',
    input: AddRequest,
    msg: QUESTION_ADDED_TEXT,
  });

  dealer.post(
    '/markAllAsRead',
    (ctx, b) => markQuestionsRead(ctx.db, ctx.caller, parseIdList(b.related_question_ids, 200, '问题')),
    {
      summary: 'Mark the replies of questions as read (related_question_ids comma-joined)',
      input: MarkRequest,
      msg: MARKED_READ_TEXT,
    },
  );
};

export default routes;
