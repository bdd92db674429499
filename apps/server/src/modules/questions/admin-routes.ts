import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnswerQuestionRequest, QUESTION_ANSWERED_TEXT } from '@shop/core/api/admin';
import { idInput } from '@shop/core/api/id-input';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute } from '../../lib/route-options';
import { auditActor } from '../staff/audit';
import { answerQuestion } from './service';

/** /api/admin/questions/*: the staff answer dealers' questions about parts. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/questions/:id/answer',
    adminRoute('service.answer', '回复客户的商品咨询（回复后客户收到消息）', {
      params: z.object({ id: idInput('咨询编号不正确') }),
      body: AnswerQuestionRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await answerQuestion(request.ctx, auditActor(request), request.params.id, request.body.reply_content);
      return ok(null, QUESTION_ANSWERED_TEXT);
    },
  );
};

export default adminRoutes;
