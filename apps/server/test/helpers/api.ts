import type { InjectOptions, LightMyRequestResponse } from 'fastify';
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

/** `data` as a query string: each value as its text. */
export function queryOf(data: object): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
}

/** A call sending `data`: as the query string of a GET, as the body of a POST. */
export function sending(method: 'GET' | 'POST', data: object): InjectOptions {
  return method === 'GET' ? { method, query: queryOf(data) } : { method, payload: data };
}

/** Answers of requests raced at once: how many went through, and each refusal as 'status msg' (sorted). */
export function raceOutcome(answers: readonly EnvelopeBody[]): { passed: number; refused: string[] } {
  return {
    passed: answers.filter((a) => a.status === 200).length,
    refused: answers
      .filter((a) => a.status !== 200)
      .map((a) => `${a.status} ${a.msg}`)
      .sort(),
  };
}
