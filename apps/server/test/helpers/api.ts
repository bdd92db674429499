import type { LightMyRequestResponse } from 'fastify';

/** The `{ status, msg, data }` envelope of an answer. */
export interface EnvelopeBody<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export function body<T = unknown>(res: LightMyRequestResponse): EnvelopeBody<T> {
  return res.json() as EnvelopeBody<T>;
}
