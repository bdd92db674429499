import { sql } from 'drizzle-orm';
import { DEFAULT_BRAND, getBrandVariant, type BrandVariant } from '@shop/core/brand-variants';
import type { Db } from '../db/client';
import { domainEvents } from '../db/schema/events';
import { NO_SOCKETS, type RealtimePublisher } from '../realtime/publisher';

/**
 * Events after commit (docs/decisions/0028): a change writes its events into the outbox
 * (domain_events) in its own transaction with `publish`; a dispatcher in each server process
 * claims undispatched events (`for update skip locked`, then a lease), hands each to the
 * subscribers of its type and marks it dispatched. A subscriber that fails makes the event come
 * back after a backoff, so delivery is at least once and subscribers must be idempotent (e.g. a
 * unique key on the event id). The dispatcher polls, and is woken in this process right after a
 * commit that published (platform/request-context.ts `runTransaction`, `wakeDispatchers`).
 */

/** An event: its type and a JSON payload; `companyId` names the company it is about. */
export interface DomainEvent {
  type: string;
  companyId?: number;
}

/** Something that runs queries: the database or a transaction. */
export type Executor = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** An event as a subscriber receives it: the published event with its outbox id. */
export type Delivered<E extends DomainEvent = DomainEvent> = E & { eventId: number; publishedAt: Date };

/** What a subscriber works with: the database, the live connections and the brand variant. */
export interface SubscriberEnv {
  db: Db;
  realtime: RealtimePublisher;
  variant: BrandVariant;
}

export interface Subscriber {
  /** For logs. */
  name: string;
  /** The event types it receives. */
  types: readonly string[];
  /** Handles one event; may be called again for the same event (it must be idempotent). */
  handle(event: Delivered, env: SubscriberEnv): Promise<void>;
}

/** Writes events into the outbox in the caller's transaction (they go out only if it commits). */
export async function publish(tx: Executor, ...events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(domainEvents)
    .values(events.map((e) => ({ type: e.type, payload: e, companyId: e.companyId ?? null })));
}

const wakers = new Set<() => void>();

/** Tells this process's dispatchers that events were committed (they look at once, not at the next poll). */
export function wakeDispatchers(): void {
  for (const wake of wakers) wake();
}

export interface DispatcherOptions {
  /** Events claimed at once. */
  batch?: number;
  /** How often it looks for events without a wake-up (other processes' events, retries). */
  pollMs?: number;
  /** How long a claimed event is this dispatcher's; after that another may take it (a crash mid-delivery). */
  leaseMs?: number;
  /** Wait before the next attempt after `attempts` failed ones. */
  retryDelayMs?: (attempts: number) => number;
  /** After this many failed attempts the event is left undispatched for good (its last_error says why). */
  maxAttempts?: number;
  onError?: (err: unknown, event: { id: number; type: string; attempts: number }) => void;
  /** The live connections subscribers push to (default: none in this process). */
  realtime?: RealtimePublisher;
  /** The brand variant the subscribers work for (default: the default brand). */
  variant?: BrandVariant;
}

export const EVENT_POLL_MS = 2_000;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 20;

/** 5 s, 10 s, 20 s, ... up to an hour. */
export function defaultRetryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

type Row = Record<string, unknown>;

export class EventDispatcher {
  private readonly byType = new Map<string, Subscriber[]>();
  private running: Promise<void> | undefined;
  private again = false;
  private readonly options: Required<Omit<DispatcherOptions, 'onError' | 'realtime' | 'variant'>> &
    Pick<DispatcherOptions, 'onError'>;
  private readonly env: SubscriberEnv;

  constructor(
    private readonly db: Db,
    subscribers: readonly Subscriber[],
    options: DispatcherOptions = {},
  ) {
    for (const s of subscribers) {
      for (const type of s.types) this.byType.set(type, [...(this.byType.get(type) ?? []), s]);
    }
    this.options = {
      batch: options.batch ?? 100,
      pollMs: options.pollMs ?? EVENT_POLL_MS,
      leaseMs: options.leaseMs ?? LEASE_MS,
      retryDelayMs: options.retryDelayMs ?? defaultRetryDelayMs,
      maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
      onError: options.onError,
    };
    this.env = {
      db,
      realtime: options.realtime ?? NO_SOCKETS,
      variant: options.variant ?? getBrandVariant(DEFAULT_BRAND),
    };
  }

  /**
   * Claims up to a batch of due events and delivers them in id order. Returns how many it
   * claimed. Safe to run in several processes at once: a claimed event is skipped by the others.
   */
  async dispatchOnce(): Promise<number> {
    const { batch, leaseMs } = this.options;
    const claimed = (
      await this.db.execute(sql`
        update domain_events e set available_at = now() + ${leaseMs} * interval '1 millisecond',
          attempts = e.attempts + 1
        where e.id in (
          select id from domain_events where dispatched_at is null and available_at <= now()
          order by available_at, id limit ${batch} for update skip locked)
        returning e.id, e.type, e.payload, e.attempts, e.created_at`)
    ).rows as Row[];
    const events = claimed
      .map((r) => ({
        id: Number(r.id),
        type: String(r.type),
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as DomainEvent,
        attempts: Number(r.attempts),
        createdAt: new Date(String(r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at)),
      }))
      .sort((a, b) => a.id - b.id);
    const done: number[] = [];
    for (const e of events) {
      try {
        for (const s of this.byType.get(e.type) ?? []) {
          await s.handle({ ...e.payload, type: e.type, eventId: e.id, publishedAt: e.createdAt }, this.env);
        }
        done.push(e.id);
      } catch (err) {
        this.options.onError?.(err, e);
        const message = err instanceof Error ? err.message : String(err);
        const giveUp = e.attempts >= this.options.maxAttempts;
        await this.db.execute(sql`update domain_events set last_error = ${message.slice(0, 2000)},
          available_at = ${giveUp ? sql`'infinity'::timestamptz` : sql`now() + ${this.options.retryDelayMs(e.attempts)} * interval '1 millisecond'`}
          where id = ${e.id}`);
      }
    }
    if (done.length > 0) {
      await this.db.execute(sql`update domain_events set dispatched_at = now(), last_error = ''
        where id = any(${sql.param(done)}::bigint[])`);
    }
    return events.length;
  }

  /** Delivers until nothing is due (one run at a time in this dispatcher; a call during a run runs again after it). */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.dispatchOnce()) === this.options.batch);
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /**
   * Polls every pollMs and on every wake-up in this process; returns the function that stops it
   * (it resolves when a delivery under way has ended).
   */
  start(onError: (err: unknown) => void): () => Promise<void> {
    const run = () => void this.drain().catch(onError);
    const timer = setInterval(run, this.options.pollMs);
    timer.unref();
    wakers.add(run);
    run();
    return async () => {
      clearInterval(timer);
      wakers.delete(run);
      await this.running?.catch(() => {});
    };
  }
}

/** Deletes dispatched events older than `days` days (the prune job). Returns how many. */
export async function pruneDispatchedEvents(db: Db, days: number): Promise<number> {
  const result = await db.execute(sql`delete from domain_events
    where dispatched_at is not null and dispatched_at < now() - ${days} * interval '1 day'`);
  return Number(
    (result as { rowCount?: number | null }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );
}
