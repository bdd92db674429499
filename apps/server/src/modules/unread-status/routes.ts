import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnreadStatus } from '@shop/core/api/messages';
import { ok } from '../../lib/envelope';
import { answers } from '../../lib/route-options';
import { developmentHasUnread } from '../development/service';
import { feedbackHasUnread } from '../feedback/service';

/** /api/Shop.Message/*: the unread dots of the account centre's feedback and development entries. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/unreadStatus',
    {
      schema: {
        tags: ['messages'],
        security: [{ token: [] }],
        summary: '反馈与开发需求是否有未读回复（1 有，0 无）',
        response: answers(UnreadStatus),
      },
    },
    async (request) => {
      const caller = request.ctx.dealer;
      const [development, feedback] = await Promise.all([
        developmentHasUnread(app.db, caller),
        feedbackHasUnread(app.db, caller),
      ]);
      return ok({ development_has_unread: development ? 1 : 0, feedback_has_unread: feedback ? 1 : 0 } as const);
    },
  );
};

export default routes;
