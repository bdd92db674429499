import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/**
 * Periodic jobs, once per cluster (docs/decisions/0028). `every(name, intervalMs, fn)` looks
 * every intervalMs (at most every minute) whether the job is due and runs it if so:
 *
 * - PostgreSQL (any number of processes): in a transaction on a connection of its own, the job
 *   takes `pg_try_advisory_xact_lock` keyed by its name's hash, so one process runs it at a time
 *   (the others skip; the lock goes with the transaction, also when the process dies); then
 *   job_runs says whether an interval has passed since its last start anywhere in the cluster.
 * - PGlite (one process): no lock; job_runs alone.
 *
 * In each process the jobs run one at a time: a job holds a pooled connection for its lock while
 * its work takes others from the same pool, so jobs due together (at start, say) must not hold
 * the whole pool and wait for a connection none of them gives back.
 *
 * job_runs records each job's last start and end, its number of runs and its last error.
 */
export type JobOutcome = 'ran' | 'failed' | 'busy' | 'not_due';

export interface JobOptions {
  /** The first look after start (default: after one check period). */
  firstAfterMs?: number;
}

export interface Jobs {
  every(name: string, intervalMs: number, fn: () => Promise<unknown>, options?: JobOptions): void;
  /** Runs the named job now if it is due and no other process runs it. */
  runIfDue(name: string): Promise<JobOutcome>;
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

/** The advisory lock's first key: 'JOBS' (the second is the job name's hash). */
const JOB_LOCK_CLASS = 0x4a4f4253;
const MAX_CHECK_MS = 60_000;

/** FNV-1a of the name as a signed 32-bit integer (the advisory lock's second key). */
export function jobLockKey(name: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

interface Job {
  name: string;
  intervalMs: number;
  fn: () => Promise<unknown>;
}

/** Starts the job's run if an interval (less a little timer slack) has passed since its last start. */
async function claimRun(db: Pick<Db, 'execute'>, job: Job): Promise<boolean> {
  const slackMs = Math.min(job.intervalMs / 10, 5_000);
  const result = await db.execute(sql`
    insert into job_runs (name, started_at, runs) values (${job.name}, now(), 1)
    on conflict (name) do update set started_at = now(), runs = job_runs.runs + 1
    where job_runs.started_at <= now() - ${job.intervalMs - slackMs} * interval '1 millisecond'
    returning name`);
  return result.rows.length > 0;
}

async function recordEnd(db: Pick<Db, 'execute'>, name: string, err: unknown): Promise<void> {
  if (err === undefined) {
    await db.execute(sql`update job_runs set finished_at = now() where name = ${name}`);
    return;
  }
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
  await db.execute(sql`update job_runs set finished_at = now(), last_error = ${message}, last_error_at = now()
    where name = ${name}`);
}

export function createJobs(
  database: Pick<Database, 'db' | 'driver'>,
  onError: (name: string, err: unknown) => void,
): Jobs {
  const { db } = database;
  const jobs = new Map<string, Job>();
  const running = new Map<string, Promise<JobOutcome>>();
  const timers: NodeJS.Timeout[] = [];
  /** The end of the last run queued in this process: each run starts after it. */
  let queue: Promise<unknown> = Promise.resolve();

  const runJob = async (job: Job, executor: Pick<Db, 'execute'>): Promise<JobOutcome> => {
    if (!(await claimRun(executor, job))) return 'not_due';
    let failure: unknown;
    try {
      await job.fn();
    } catch (err) {
      failure = err ?? new Error('job failed');
      onError(job.name, err);
    }
    await recordEnd(executor, job.name, failure);
    return failure === undefined ? 'ran' : 'failed';
  };

  const attempt = async (job: Job): Promise<JobOutcome> => {
    if (database.driver === 'pglite') return runJob(job, db);
    return db.transaction(async (tx) => {
      const [lock] = (
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}::int, ${jobLockKey(job.name)}::int) as got`,
        )
      ).rows as { got: boolean }[];
      if (lock?.got !== true) return 'busy';
      return runJob(job, tx);
    });
  };

  const runIfDue = (name: string): Promise<JobOutcome> => {
    const job = jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    const under = running.get(name);
    if (under) return under.then(() => 'busy' as const);
    const run = queue.then(() => attempt(job)).finally(() => running.delete(name));
    queue = run.catch(() => undefined);
    running.set(name, run);
    return run;
  };

  return {
    every(name, intervalMs, fn, options = {}) {
      if (jobs.has(name)) throw new Error(`job ${name} is already registered`);
      jobs.set(name, { name, intervalMs, fn });
      const tick = () =>
        void runIfDue(name).catch((err: unknown) => {
          onError(name, err);
        });
      const checkMs = Math.min(intervalMs, MAX_CHECK_MS);
      const timer = setInterval(tick, checkMs);
      timer.unref();
      timers.push(timer);
      if (options.firstAfterMs !== undefined) {
        const first = setTimeout(tick, options.firstAfterMs);
        first.unref();
        timers.push(first);
      }
    },
    runIfDue,
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.length = 0;
      await Promise.allSettled([...running.values()]);
    },
  };
}
