import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { rowContextFromRequest, type RowContext } from '../catalog/product-rows';
import { flushSearchLogs } from './search-log-buffer';

type ShopApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * POST `url`, a search of the parts (login required): `search` answers the body for the caller's
 * rows in the body's warehouse; a search log that fails to be written is logged, and the logs still
 * collected are written before the database closes.
 */
export function partSearchRoute<Body extends z.ZodType<{ warehouse?: number }>, Answer extends z.ZodType>(
  app: ShopApp,
  url: string,
  summary: string,
  schema: { body: Body; answer: Answer },
  search: (
    db: Db,
    ctx: RowContext,
    body: z.output<Body>,
    onLogError: (err: unknown) => void,
  ) => Promise<z.output<Answer>>,
): void {
  (app as unknown as FastifyInstance).post(
    url,
    loginRoute('parts', summary, { body: schema.body, response: answers(schema.answer) }),
    async (request) => {
      const body = request.body as z.output<Body>;
      const onLogError = (err: unknown) => app.log.error({ err }, 'search log: write failed');
      return ok(await search(app.db, rowContextFromRequest(request, body.warehouse), body, onLogError));
    },
  );
  app.addHook('onClose', () => flushSearchLogs(app.db));
}
