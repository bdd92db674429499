import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import { emptyEnvelope, ok } from '../../lib/envelope';
import { adminRoute, answers } from '../../lib/route-options';
import type { StaffRequestContext } from '../../platform/request-context';
import type { AdminAccess } from '../../plugins/staff-auth';
import { auditActor, type AuditActor } from './audit';

type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the back office does to a kind of row: add one, change one and, where it may, delete one. */
export interface EditableRows<In, Out> {
  create(ctx: StaffRequestContext, actor: AuditActor, input: In): Promise<Out>;
  update(ctx: StaffRequestContext, actor: AuditActor, id: number, input: In): Promise<Out>;
  remove?(ctx: StaffRequestContext, actor: AuditActor, id: number): Promise<void>;
}

/**
 * The edit routes of a kind of row behind `permission`: POST {url} adds one ('已添加' or `added`), POST
 * {url}/:id changes it ('已保存') and, where `remove` names the route, POST {url}/:id/delete
 * deletes it ('已删除'). An unknown id answers `notFound`; the services audit every change.
 */
export function editRoutes<In, Out>(
  app: AdminApp,
  r: {
    permission: AdminAccess;
    url: string;
    /** Parses to In (the rows' input). */
    input: z.ZodType;
    /** The schema of Out (the rows' item). */
    item: z.ZodType;
    notFound: string;
    /** The routes' summaries. */
    add: string;
    edit: string;
    remove?: string;
    /** The add's message where the screen says otherwise than '已添加'. */
    added?: string;
    rows: EditableRows<In, Out>;
  },
): void {
  const params = z.object({ id: idInput(r.notFound) });
  const route = <S extends object>(summary: string, schema: S) => adminRoute(r.permission, summary, schema);
  app.post(r.url, route(r.add, { body: r.input, response: answers(r.item) }), async (request) =>
    ok(await r.rows.create(request.ctx.asStaff(), auditActor(request), request.body as In), r.added ?? '已添加'),
  );
  app.post(`${r.url}/:id`, route(r.edit, { params, body: r.input, response: answers(r.item) }), async (request) =>
    ok(
      await r.rows.update(request.ctx.asStaff(), auditActor(request), request.params.id, request.body as In),
      '已保存',
    ),
  );
  const remove = r.rows.remove;
  if (r.remove === undefined || !remove) return;
  app.post(`${r.url}/:id/delete`, route(r.remove, { params, response: { 200: emptyEnvelope } }), async (request) => {
    await remove(request.ctx.asStaff(), auditActor(request), request.params.id);
    return ok(null, '已删除');
  });
}
