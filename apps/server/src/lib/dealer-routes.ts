import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DealerRequestContext } from '../platform/request-context';
import { ok } from './envelope';
import { answers, loginRoute } from './route-options';

type ShopApp = Parameters<FastifyPluginAsyncZod>[0];

/** A dealer route's documentation: what it reads (a GET's query, a POST's body) and answers. */
interface RouteDoc<I extends z.ZodType, R extends z.ZodType> {
  summary: string;
  input?: I;
  answer: R;
  /** The envelope's msg where it is not 'success'. */
  msg?: string;
}

type Serve<I extends z.ZodType, R extends z.ZodType> = (
  ctx: DealerRequestContext,
  input: z.infer<I>,
) => NoInfer<z.infer<R> | Promise<z.infer<R>>>;

/**
 * The routes of a dealer controller (documented under `tag`) that answer, in the envelope, what
 * `serve` makes of the caller's context and the request's query (GET) or body (POST).
 */
export function dealerRoutes(app: ShopApp, tag: string) {
  const plain = app as unknown as FastifyInstance;
  const route =
    (method: 'get' | 'post') =>
    <I extends z.ZodType, R extends z.ZodType>(url: string, serve: Serve<I, R>, doc: RouteDoc<I, R>) => {
      const input = doc.input && { [method === 'get' ? 'querystring' : 'body']: doc.input };
      plain[method](url, loginRoute(tag, doc.summary, { ...input, response: answers(doc.answer) }), async (request) =>
        ok(
          await serve(request.ctx.asDealer(), (method === 'get' ? request.query : request.body) as z.infer<I>),
          doc.msg,
        ),
      );
    };
  return { get: route('get'), post: route('post') };
}
