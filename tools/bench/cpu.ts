/**
 * CPU time (user + system) from /proc, to say where a benchmark's time went: the server's
 * process with its children (node:cluster workers), and PostgreSQL's processes. Linux only; on
 * other systems the figures are absent. Latencies on a 2-core machine move by a few milliseconds
 * from run to run; CPU per request moves much less, so a change is judged by both.
 *
 * CpuMeter counts only the PostgreSQL backends serving the benchmark's database (other work on a
 * shared PostgreSQL is not charged to it); cpuSnapshot counts every postgres process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICK_MS = 10;

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  cpuMs: number;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields follow the last ')'.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      pid: Number(pid),
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

export interface CpuSnapshot {
  server: number;
  postgres: number;
}

/** CPU milliseconds used so far by the server (pid and its children) and by PostgreSQL. */
export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return undefined;
  }
  let server = 0;
  let postgres = 0;
  for (const entry of entries) {
    const stat = readStat(entry);
    if (!stat) continue;
    if (stat.pid === serverPid || stat.ppid === serverPid) server += stat.cpuMs;
    else if (stat.comm === 'postgres') postgres += stat.cpuMs;
  }
  return { server, postgres };
}

/** CPU milliseconds per request of the server and of PostgreSQL. */
export interface CpuPerRequest {
  server: number;
  postgres: number;
}

/** CPU milliseconds per request between two snapshots. */
export function cpuPerRequest(
  before: CpuSnapshot | undefined,
  after: CpuSnapshot | undefined,
  requests: number,
): CpuPerRequest | undefined {
  if (!before || !after || requests === 0) return undefined;
  return {
    server: (after.server - before.server) / requests,
    postgres: (after.postgres - before.postgres) / requests,
  };
}

/** 'server + PostgreSQL ms', or '-' where /proc could not be read. */
export function formatCpu(cpu: CpuPerRequest | undefined, digits: number): string {
  return cpu ? `${cpu.server.toFixed(digits)} + ${cpu.postgres.toFixed(digits)} ms` : '-';
}

/** The server's CPU and that of each PostgreSQL backend serving the bench database, at one moment. */
export interface MeterSnapshot {
  server: number;
  backends: Map<number, number>;
}

/**
 * CPU of the server under test (its process and node:cluster workers) and of the PostgreSQL
 * backends serving its database: their pids from pg_stat_activity at each snapshot (its own
 * connection left out), their CPU from /proc/<pid>/stat. A backend that appears between two
 * snapshots counts whole; one that ends between them loses what it used since the first (the
 * server's pool keeps its connections under load). PostgreSQL's shared background processes
 * (WAL writer, checkpointer) are not counted. Without a database URL (PGlite, inside the server)
 * only the server is counted.
 */
export class CpuMeter {
  private constructor(
    private readonly serverPid: number | undefined,
    private readonly client: pg.Client | undefined,
  ) {}

  static async open(serverPid: number | undefined, databaseUrl?: string): Promise<CpuMeter> {
    if (!databaseUrl) return new CpuMeter(serverPid, undefined);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // Its own queries stay out of a statement log of the bench database (pg-log.ts; as a superuser).
    await client.query('set log_min_duration_statement = -1').catch(() => {});
    return new CpuMeter(serverPid, client);
  }

  /** Whether the database's CPU is counted apart (PostgreSQL). */
  get hasDatabase(): boolean {
    return this.client !== undefined;
  }

  async snapshot(): Promise<MeterSnapshot | undefined> {
    const pids = this.client
      ? (
          await this.client.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        ).rows.map((r) => r.pid)
      : [];
    let server = 0;
    let entries: string[];
    try {
      entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
    } catch {
      return undefined;
    }
    if (this.serverPid !== undefined) {
      for (const entry of entries) {
        const stat = readStat(entry);
        if (stat && (stat.pid === this.serverPid || stat.ppid === this.serverPid)) server += stat.cpuMs;
      }
    }
    const backends = new Map<number, number>();
    for (const pid of pids) {
      const stat = readStat(String(pid));
      if (stat) backends.set(pid, stat.cpuMs);
    }
    return { server, backends };
  }

  /** CPU milliseconds per request between two snapshots. */
  perRequest(
    before: MeterSnapshot | undefined,
    after: MeterSnapshot | undefined,
    requests: number,
  ): CpuPerRequest | undefined {
    if (!before || !after || requests === 0) return undefined;
    let postgres = 0;
    for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
    return { server: (after.server - before.server) / requests, postgres: postgres / requests };
  }

  /**
   * Waits until `sql` (a count) answers 0 on the meter's own connection, whose CPU is left out of
   * the figures: e.g. until the work a run left behind (events still to deliver) is done, so that
   * the snapshot after it includes that work. False when it was not done within `timeoutMs`.
   */
  async waitForNone(sql: string, timeoutMs: number): Promise<boolean> {
    if (!this.client) return true;
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.client.query<{ n: string }>(`select (${sql})::text as n`);
      if (Number(rows[0]?.n) === 0) return true;
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    await this.client?.end();
  }
}
