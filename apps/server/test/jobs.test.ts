import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { createJobs, jobLockKey, type Jobs } from '../src/lib/jobs';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/**
 * Jobs once per cluster (lib/jobs.ts). On PostgreSQL two handles on one database stand for two
 * server processes; on PGlite both run in the one process.
 */
let tdb: TestDatabase;
let one: Database;
let two: Database;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  tdb = await createTestDatabase();
  one = tdb.database;
  two = tdb.url ? await openDatabase({ url: tdb.url, poolSize: 3 }) : one;
}, 60_000);
afterAll(async () => {
  if (two !== one) await two.close();
  await tdb?.dispose();
});

const started: Jobs[] = [];
afterAll(async () => {
  await Promise.all(started.map((j) => j.stop()));
});

function jobsOn(database: Database, errors: unknown[] = []): Jobs {
  const jobs = createJobs(database, (_name, err) => errors.push(err));
  started.push(jobs);
  return jobs;
}

/** Makes the job look as if its last run started `ms` ago. */
async function lastStartedAgo(name: string, ms: number): Promise<void> {
  await one.db.execute(
    sql`update job_runs set started_at = now() - ${ms} * interval '1 millisecond' where name = ${name}`,
  );
}

describe('jobs', () => {
  it('runs a job once per interval across two processes', async () => {
    let runs = 0;
    const a = jobsOn(one);
    const b = jobsOn(two);
    for (const jobs of [a, b]) jobs.every('test-once', HOUR, async () => void (runs += 1));
    const first = await Promise.all([a.runIfDue('test-once'), b.runIfDue('test-once')]);
    expect(first.filter((o) => o === 'ran')).toHaveLength(1);
    expect(runs).toBe(1);
    // Within the interval nobody runs it again (at the same moment one may find the other holding the lock).
    expect(await Promise.all([a.runIfDue('test-once'), b.runIfDue('test-once')])).not.toContain('ran');
    expect(await a.runIfDue('test-once')).toBe('not_due');
    expect(runs).toBe(1);
    // An interval later it runs once more.
    await lastStartedAgo('test-once', HOUR);
    const second = await Promise.all([b.runIfDue('test-once'), a.runIfDue('test-once')]);
    expect(second.filter((o) => o === 'ran')).toHaveLength(1);
    expect(runs).toBe(2);
    const [row] = (await one.db.execute(sql`select runs, finished_at from job_runs where name = 'test-once'`)).rows as {
      runs: number;
      finished_at: unknown;
    }[];
    expect(Number(row?.runs)).toBe(2);
    expect(row?.finished_at).not.toBeNull();
  });

  it('does not start a job while another process runs it', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const a = jobsOn(one);
    const b = jobsOn(two);
    a.every('test-long', HOUR, async () => {
      runs += 1;
      await blocked;
    });
    b.every('test-long', HOUR, async () => void (runs += 1));
    const running = a.runIfDue('test-long');
    // Let a's run begin (its claim is written before the job itself is called).
    await new Promise((r) => setTimeout(r, 0));
    while (runs === 0) await new Promise((r) => setTimeout(r, 5));
    const other = await b.runIfDue('test-long');
    // PostgreSQL: the advisory lock is taken; PGlite (one process): the run is recorded as started.
    expect(other).toBe(tdb.url ? 'busy' : 'not_due');
    release();
    expect(await running).toBe('ran');
    expect(runs).toBe(1);
  });

  it('jobs due together do not hold the whole pool: more jobs than connections, each querying, all run', async () => {
    // `two` has 3 connections on PostgreSQL: five jobs holding one each for their lock while
    // asking the pool for another would wait for ever.
    const b = jobsOn(two);
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => `test-pool-${n}`);
    for (const name of names) {
      b.every(name, HOUR, async () => {
        await two.db.execute(sql`select pg_sleep(0.05)`);
      });
    }
    expect(await Promise.all(names.map((name) => b.runIfDue(name)))).toEqual(names.map(() => 'ran'));
  });

  it('records a failed run with its error, and the job runs again an interval later', async () => {
    const errors: unknown[] = [];
    const a = jobsOn(one, errors);
    let fail = true;
    a.every('test-fail', HOUR, async () => {
      if (fail) throw new Error('磁盘已满');
    });
    expect(await a.runIfDue('test-fail')).toBe('failed');
    expect(errors).toHaveLength(1);
    const [row] = (await one.db.execute(sql`select last_error from job_runs where name = 'test-fail'`)).rows as {
      last_error: string;
    }[];
    expect(row?.last_error).toBe('磁盘已满');
    fail = false;
    await lastStartedAgo('test-fail', HOUR);
    expect(await a.runIfDue('test-fail')).toBe('ran');
  });

  it('keys the lock by the job name', () => {
    expect(jobLockKey('search-log-rollup')).toBe(jobLockKey('search-log-rollup'));
    expect(jobLockKey('search-log-rollup')).not.toBe(jobLockKey('embedded-maintenance'));
    expect(Number.isInteger(jobLockKey('x')) && Math.abs(jobLockKey('x')) < 2 ** 31).toBe(true);
  });
});
