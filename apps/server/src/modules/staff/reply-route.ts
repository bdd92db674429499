import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StaffReplyRequest } from '@shop/core/api/admin';
import { idInput } from '@shop/core/api/id-input';
import { emptyEnvelope, ok } from '../../lib/envelope';
import type { Executor } from '../../lib/events';
import { adminRoute } from '../../lib/route-options';
import type { Emit } from '../../platform/request-context';
import { auditActor, type AuditActor } from './audit';

export const STAFF_REPLIED_TEXT = '已回复';

/** The id in an admin path ('/feedback/:id/...'). */
export const adminIdParams = z.object({ id: idInput('编号格式不正确') });

/** The path of an item's n-th picture ('/…/:id/picture/:n', n from 0, below `count`). */
export const adminPictureParams = (count: number) =>
  adminIdParams.extend({
    n: z.coerce
      .number()
      .int()
      .min(0)
      .max(count - 1),
  });

type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * POST {path}/:id/reply for customer service (permission service.answer): the reply is written
 * by `reply` in one transaction with its audit entry, its events published after commit.
 */
export function staffReplyRoute(
  app: AdminApp,
  path: string,
  summary: string,
  reply: (tx: Executor, emit: Emit, actor: AuditActor, id: number, content: string) => Promise<unknown>,
): void {
  app.post(
    `${path}/:id/reply`,
    adminRoute('service.answer', summary, {
      params: adminIdParams,
      body: StaffReplyRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      const actor = auditActor(request);
      await request.ctx.transaction((tx, emit) => reply(tx, emit, actor, request.params.id, request.body.content));
      return ok(null, STAFF_REPLIED_TEXT);
    },
  );
}
