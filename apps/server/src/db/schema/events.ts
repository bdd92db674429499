import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';

/**
 * The outbox of domain events (lib/events.ts, decision 0028): a change writes its events here in
 * its own transaction; the dispatcher of some server process claims them (`available_at` moves
 * past a lease, `for update skip locked`), hands them to the subscribers of their type and sets
 * `dispatched_at`. A failed delivery is retried later (`available_at` after a backoff), so each
 * event reaches its subscribers at least once.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** e.g. order.placed, return.requested. */
    type: text().notNull(),
    payload: jsonb().notNull(),
    /** The company the event is about (no foreign key: events outlive nothing they name). */
    companyId: integer(),
    createdAt: writtenAt(),
    /** When a dispatcher may take it (next): now, after a claim's lease, or after a retry's backoff. */
    availableAt: writtenAt(),
    attempts: integer().notNull().default(0),
    lastError: text().notNull().default(''),
    dispatchedAt: moment(),
  },
  (t) => [
    index('domain_events_pending_idx')
      .on(t.availableAt, t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('domain_events_dispatched_idx')
      .on(t.dispatchedAt)
      .where(sql`${t.dispatchedAt} is not null`),
  ],
);

/** The periodic jobs (lib/jobs.ts): when each last started and finished, and its last error. */
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  startedAt: moment().notNull(),
  finishedAt: moment(),
  runs: integer().notNull().default(0),
  lastError: text().notNull().default(''),
  lastErrorAt: moment(),
});
