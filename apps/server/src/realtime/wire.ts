import type { PushMessage } from '@shop/core/api/messages';
import type { CacheDrop } from '../lib/cache-drops';
import type { MessageDelivery } from './publisher';

/**
 * The hub's wire format between processes (one Redis channel, docs/decisions/0035) and the
 * frames a socket receives. A broadcast is many deliveries of one message that differ only in
 * tip_id and account: they travel as one group, the message once and then [account, tip_id]
 * pairs, so a broadcast to thousands of accounts is a few Redis messages of a few bytes each.
 */

/** A message without its tip_id, and the [accountId, tipId, accountId, tipId, ...] it goes to. */
export interface PushGroup {
  message: Omit<PushMessage, 'tip_id'>;
  pairs: number[];
}

export type BusEvent =
  | { type: 'push'; groups: PushGroup[] }
  | { type: 'clear'; accountIds: number[] }
  | { type: 'close'; sessionIds: number[] }
  | { type: 'caches'; drop: CacheDrop };

/** Pairs per Redis message: a broadcast to 10,000 accounts is 5 messages of about 60 KB. */
const PAIRS_PER_BUS_MESSAGE = 2_000;

/** Groups deliveries whose messages differ only in tip_id (the rest serialized once to compare). */
export function groupDeliveries(deliveries: readonly MessageDelivery[]): PushGroup[] {
  const groups = new Map<string, PushGroup>();
  for (const { accountId, message } of deliveries) {
    const { tip_id, ...rest } = message;
    const key = JSON.stringify(rest);
    let group = groups.get(key);
    if (!group) {
      group = { message: rest, pairs: [] };
      groups.set(key, group);
    }
    group.pairs.push(accountId, tip_id);
  }
  return [...groups.values()];
}

/** The bus messages of an event: push groups cut into pieces of at most PAIRS_PER_BUS_MESSAGE. */
export function encodeBusEvent(origin: string, event: BusEvent): string[] {
  if (event.type === 'clear') return [JSON.stringify({ o: origin, c: event.accountIds })];
  if (event.type === 'close') return [JSON.stringify({ o: origin, s: event.sessionIds })];
  if (event.type === 'caches') return [JSON.stringify({ o: origin, d: event.drop })];
  const out: string[] = [];
  for (const { message, pairs } of event.groups) {
    for (let i = 0; i < pairs.length; i += PAIRS_PER_BUS_MESSAGE * 2) {
      out.push(JSON.stringify({ o: origin, m: message, p: pairs.slice(i, i + PAIRS_PER_BUS_MESSAGE * 2) }));
    }
  }
  return out;
}

function numbers(value: unknown): number[] | undefined {
  return Array.isArray(value) && value.every((n) => Number.isSafeInteger(n)) ? (value as number[]) : undefined;
}

function cacheDrop(value: unknown): CacheDrop | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const d = value as { all?: unknown; keys?: unknown };
  if (d.all === true) return { all: true };
  return Array.isArray(d.keys) && d.keys.every((k) => typeof k === 'string') ? { keys: d.keys as string[] } : undefined;
}

/** A bus message back into its origin and event; undefined for anything else. */
export function decodeBusMessage(text: string): { origin: string; event: BusEvent } | undefined {
  let raw: { o?: unknown; m?: unknown; p?: unknown; c?: unknown; s?: unknown; d?: unknown };
  try {
    raw = JSON.parse(text) as typeof raw;
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || typeof raw.o !== 'string') return undefined;
  const origin = raw.o;
  const clear = numbers(raw.c);
  if (clear) return { origin, event: { type: 'clear', accountIds: clear } };
  const close = numbers(raw.s);
  if (close) return { origin, event: { type: 'close', sessionIds: close } };
  const drop = cacheDrop(raw.d);
  if (drop) return { origin, event: { type: 'caches', drop } };
  const pairs = numbers(raw.p);
  if (pairs && pairs.length % 2 === 0 && typeof raw.m === 'object' && raw.m !== null) {
    return { origin, event: { type: 'push', groups: [{ message: raw.m as PushGroup['message'], pairs }] } };
  }
  return undefined;
}

/**
 * The frames of a group's message: the message serialized once, each frame that text with its
 * tip_id put in front (the same JSON as JSON.stringify({ tip_id, ...message })).
 */
export function frameMaker(message: PushGroup['message']): (tipId: number) => string {
  const rest = JSON.stringify(message).slice(1);
  return rest === '}' ? (tipId) => `{"tip_id":${tipId}}` : (tipId) => `{"tip_id":${tipId},${rest}`;
}
