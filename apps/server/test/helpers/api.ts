import type { LightMyRequestResponse } from 'fastify';
import type { UnreadStatus } from '@shop/core/api/messages';
import type { FixtureAccountKey } from './fixtures';
import type { TestApp } from './test-app';

/** The `{ status, msg, data }` envelope of an answer. */
export interface EnvelopeBody<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export function body<T = unknown>(res: LightMyRequestResponse): EnvelopeBody<T> {
  return res.json() as EnvelopeBody<T>;
}

/** One of the account's red dots (GET /api/Shop.Message/unreadStatus). */
export async function unreadDot(t: TestApp, account: FixtureAccountKey, dot: keyof UnreadStatus) {
  return body<UnreadStatus>(await t.injectAs(account, { url: '/api/Shop.Message/unreadStatus' })).data[dot];
}
