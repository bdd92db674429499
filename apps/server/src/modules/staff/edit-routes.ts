import { z } from 'zod';
import { idInput } from '@shop/core/api/id-input';
import type { RouteApp } from '../../lib/declared-routes';
import type { StaffRequestContext } from '../../platform/request-context';
import type { AdminAccess } from '../../plugins/staff-auth';
import type { AuditActor } from './audit';
import { staffRoutes } from './staff-routes';

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
  app: RouteApp,
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
  const rows = staffRoutes(app, r.permission);
  const params = z.object({ id: idInput(r.notFound) });
  const { create, update, remove } = r.rows;
  rows.post(r.url, (ctx, input, { actor }) => create(ctx, actor, input as In), {
    summary: r.add,
    input: r.input,
    answer: r.item,
    msg: r.added ?? '已添加',
  });
  rows.post(`${r.url}/:id`, (ctx, input, { params, actor }) => update(ctx, actor, params.id, input as In), {
    summary: r.edit,
    params,
    input: r.input,
    answer: r.item,
    msg: '已保存',
  });
  if (r.remove === undefined || !remove) return;
  rows.post(`${r.url}/:id/delete`, (ctx, _b, { params, actor }) => remove(ctx, actor, params.id), {
    summary: r.remove,
    params,
    msg: '已删除',
  });
}
