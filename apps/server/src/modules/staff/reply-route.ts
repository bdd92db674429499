import { z } from 'zod';
import { StaffReplyRequest } from '@shop/core/api/admin';
import { idInput } from '@shop/core/api/id-input';
import type { RouteApp } from '../../lib/declared-routes';
import type { Executor } from '../../lib/events';
import type { Emit } from '../../platform/request-context';
import type { AuditActor } from './audit';
import { staffRoutes } from './staff-routes';

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

/**
 * POST {path}/:id/reply for customer service (permission service.answer): the reply is written
 * by `reply` in one transaction with its audit entry, its events published after commit.
 */
export function staffReplyRoute(
  app: RouteApp,
  path: string,
  summary: string,
  reply: (tx: Executor, emit: Emit, actor: AuditActor, id: number, content: string) => Promise<unknown>,
): void {
  staffRoutes(app, 'service.answer').post(
    `${path}/:id/reply`,
    (ctx, b, { params, actor }) => ctx.transaction((tx, emit) => reply(tx, emit, actor, params.id, b.content)),
    { summary, params: adminIdParams, input: StaffReplyRequest, msg: STAFF_REPLIED_TEXT },
  );
}
