import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DealerRequestContext } from '../platform/request-context';
import { emptyEnvelope, ok } from './envelope';
import { answers, loginRoute } from './route-options';

export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
type Method = 'get' | 'post';
type Data<R extends z.ZodType | undefined> = R extends z.ZodType ? z.infer<R> : void;
/** What a route's service may give back: the data, or anything (not sent) where the route has no answer. */
type Served<R extends z.ZodType | undefined> = R extends z.ZodType ? z.infer<R> : unknown;

/** A declared route's documentation: what it reads (path, a GET's query or a POST's body) and answers. */
export interface RouteDoc<
  P extends z.ZodType | undefined,
  I extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
> {
  summary: string;
  description?: string;
  /** The path's parameters (`/:id`). */
  params?: P;
  /** A GET's query string, a POST's body. */
  input?: I;
  /** The envelope's data; a route without it answers data null. */
  answer?: R;
  /** The envelope's msg where it is not 'success' (made from the data where it tells a figure of it). */
  msg?: string | ((data: Data<R>) => string);
}

/** What a route's service gets besides the context and the input. */
export interface RouteCall<P> {
  params: P;
  request: FastifyRequest;
}

type Serve<C, X, P extends z.ZodType | undefined, I extends z.ZodType | undefined, R extends z.ZodType | undefined> = (
  ctx: C,
  input: I extends z.ZodType ? z.infer<I> : undefined,
  call: RouteCall<P extends z.ZodType ? z.infer<P> : undefined> & X,
) => NoInfer<Served<R> | Promise<Served<R>>>;

/** How one side's routes are declared: their options (tag, login, permission) and the caller's context. */
export interface RouteSide<C, X> {
  options(summary: string, schema: object): object;
  context(request: FastifyRequest): C;
  /** More for the service (read lazily where it may not exist for every route). */
  extra(request: FastifyRequest): X;
}

/**
 * Routes that answer, in the envelope, what `serve` makes of the caller's context, the request's
 * input and its path parameters: one declaration each (summary, schemas, msg), no handler body.
 */
export function declaredRoutes<C, X extends object>(app: RouteApp, side: RouteSide<C, X>) {
  const plain = app as unknown as FastifyInstance;
  const route =
    (method: Method) =>
    <
      P extends z.ZodType | undefined = undefined,
      I extends z.ZodType | undefined = undefined,
      R extends z.ZodType | undefined = undefined,
    >(
      url: string,
      serve: Serve<C, X, P, I, R>,
      doc: RouteDoc<P, I, R>,
    ) => {
      const schema = {
        ...(doc.description && { description: doc.description }),
        ...(doc.params && { params: doc.params }),
        ...(doc.input && { [method === 'get' ? 'querystring' : 'body']: doc.input }),
        response: doc.answer ? answers(doc.answer) : { 200: emptyEnvelope },
      };
      plain[method](url, side.options(doc.summary, schema), async (request) => {
        const input = (method === 'get' ? request.query : request.body) as Parameters<typeof serve>[1];
        const call = Object.assign(side.extra(request), { params: request.params, request }) as Parameters<
          typeof serve
        >[2];
        const data = (await serve(side.context(request), input, call)) as Data<R>;
        const msg = typeof doc.msg === 'function' ? doc.msg(data) : doc.msg;
        return ok(doc.answer ? data : null, msg);
      });
    };
  return { get: route('get'), post: route('post') };
}

/** The routes of a dealer controller (documented under `tag`; the controller's scope checks the login). */
export function dealerRoutes(app: RouteApp, tag: string) {
  return declaredRoutes<DealerRequestContext, object>(app, {
    options: (summary, schema) => loginRoute(tag, summary, schema),
    context: (request) => request.ctx.asDealer(),
    extra: () => ({}),
  });
}
