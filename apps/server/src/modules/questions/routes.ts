import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { AddQuestionRequest, QuestionList } from '@shop/core/api/parts';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { parseIdList } from '../parts/restock-service';
import { addQuestion, listQuestions, MARKED_READ_TEXT, markQuestionsRead, QUESTION_ADDED_TEXT } from './service';

const ListRequest = z.object({ id: idInput('商品编号不正确') });
const MarkRequest = z.object({ related_question_ids: z.string().max(2000, '内容过长') });
/** The text is checked by the service, so an empty one answers the spec's 请输入提交内容 as a refusal. */
const AddRequest = AddQuestionRequest.extend({ ask_questions: z.string().max(5000).default('') });

/** /api/Shop.RelatedQuestions/*: questions about a part and the replies (login required). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getList',
    loginRoute('parts', "The company's questions on a part with the replies (id = product id)", {
      querystring: ListRequest,
      response: answers(QuestionList),
    }),
    async (request) => ok(await listQuestions(app.db, request.auth, request.query.id)),
  );

  app.post(
    '/add',
    loginRoute('parts', 'Ask a question about a part (type 1 consult, 0 product feedback)', {
      body: AddRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await addQuestion(app.db, request.auth, request.body);
      return ok(null, QUESTION_ADDED_TEXT);
    },
  );

  app.post(
    '/markAllAsRead',
    loginRoute('parts', 'Mark the replies of questions as read (related_question_ids comma-joined)', {
      body: MarkRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      const ids = parseIdList(request.body.related_question_ids, 200, '问题');
      await markQuestionsRead(app.db, request.auth, ids);
      return ok(null, MARKED_READ_TEXT);
    },
  );
};

export default routes;
