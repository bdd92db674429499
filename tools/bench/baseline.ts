/**
 * The baseline every server benchmark measures in its own run, and the ratios its figures are also
 * printed as (docs/performance/README.md, 'Reading the ratios'). A figure alone says how this
 * machine did at that moment; the same figure divided by what a request that does nothing costs on
 * the same server, in the same run, says whether the code got better or worse on a slower or
 * busier machine too.
 *
 * Two requests to the shop server under test, each closed loop from a few keep-alive clients:
 *   - hello: GET /api/ping, the server's hello world (HTTP, the request hooks, the envelope; no
 *     database);
 *   - no-op transaction: GET /api/health, which runs `select 1` (one implicit transaction, one
 *     round trip) through the server's database pool.
 * Each gives its median latency, requests per second and the CPU per request of the server process
 * and of the database: the PostgreSQL backends serving the bench database (PgBackends below), or
 * for PGlite nothing apart, since it runs inside the server process and its CPU is the server's.
 *
 * Benchmarks without a server of their own (content, money) start one for the baseline only:
 * startBaselineServer.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '@shop/server/db/scratch-database';
import { CpuMeter, type CpuPerRequest } from './cpu';
import { KeepAliveClient } from './open-loop';
import { percentile, startShop, stopProcess } from './search';

/** One baseline request kind: its median latency, rate and CPU per request. */
export interface BaselineFigure {
  p50: number;
  perSecond: number;
  cpu: CpuPerRequest | undefined;
}

export interface Baseline {
  hello: BaselineFigure;
  noopTx: BaselineFigure;
  /** Whether the database's CPU is apart from the server's (PostgreSQL) or inside it (PGlite). */
  dbApart: boolean;
}

/** Requests per baseline kind and the clients sending them. */
const REQUESTS = 6_000;
const CLIENTS = 8;

async function closedLoop(port: number, meter: CpuMeter, path: string, requests: number): Promise<BaselineFigure> {
  const latencies: number[] = [];
  let failed = 0;
  let firstError = '';
  const before = await meter.snapshot();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new KeepAliveClient(port);
      try {
        while (next < requests) {
          const i = next++;
          const answer = await client.request({ method: 'GET', path }, {}, i);
          if (answer.status === 200) latencies.push(answer.ms);
          else {
            failed++;
            firstError ||= `${answer.status} ${answer.body.slice(0, 200)}`;
          }
        }
      } finally {
        client.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = meter.perRequest(before, await meter.snapshot(), requests);
  if (failed > 0) throw new Error(`baseline ${path}: ${failed} of ${requests} failed (first: ${firstError})`);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), perSecond: requests / seconds, cpu };
}

const ROUNDS = 3;

/** The rounds' median latency and rate, and their mean CPU per request (the rounds are of one size). */
function medianOf(rounds: BaselineFigure[]): BaselineFigure {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const cpus = rounds.map((r) => r.cpu).filter((c): c is CpuPerRequest => c !== undefined);
  const mean = (pick: (c: CpuPerRequest) => number) => cpus.reduce((s, c) => s + pick(c), 0) / cpus.length;
  return {
    p50: median(rounds.map((r) => r.p50)),
    perSecond: median(rounds.map((r) => r.perSecond)),
    cpu:
      cpus.length === rounds.length ? { server: mean((c) => c.server), postgres: mean((c) => c.postgres) } : undefined,
  };
}

/**
 * Measures the baseline on the server at `port` (warm-up first, not counted). `meter` counts the
 * server's CPU and, on PostgreSQL, the bench database's backends.
 */
export async function measureBaseline(port: number, meter: CpuMeter, requests = REQUESTS): Promise<Baseline> {
  await closedLoop(port, meter, '/api/ping', Math.min(500, requests));
  await closedLoop(port, meter, '/api/health', Math.min(500, requests));
  // In rounds taking turns, so that a burst of other work on the machine does not land on one kind only.
  const hellos: BaselineFigure[] = [];
  const noops: BaselineFigure[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    hellos.push(await closedLoop(port, meter, '/api/ping', Math.ceil(requests / ROUNDS)));
    noops.push(await closedLoop(port, meter, '/api/health', Math.ceil(requests / ROUNDS)));
  }
  const baseline = { hello: medianOf(hellos), noopTx: medianOf(noops), dbApart: meter.hasDatabase };
  console.log(describeBaseline(baseline));
  return baseline;
}

function cpuText(cpu: CpuPerRequest | undefined, dbApart: boolean): string {
  if (!cpu) return 'CPU -';
  return dbApart
    ? `CPU ${cpu.server.toFixed(3)} ms server + ${cpu.postgres.toFixed(3)} ms PostgreSQL`
    : `CPU ${cpu.server.toFixed(3)} ms (server with PGlite in it)`;
}

/** The baseline's lines, printed before the figures read by it. */
export function describeBaseline(b: Baseline): string {
  const line = (name: string, f: BaselineFigure) =>
    `  ${name}: p50 ${f.p50.toFixed(2)} ms, ${f.perSecond.toFixed(0)}/s (${CLIENTS} clients), ${cpuText(f.cpu, b.dbApart)}`;
  return [
    `baseline (same server, same run; figures below also as × these; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${availableParallelism()} cores):`,
    line('hello      GET /api/ping  ', b.hello),
    line('no-op tx   GET /api/health', b.noopTx),
  ].join('\n');
}

function times(value: number, base: number | undefined): string {
  if (base === undefined || !(base > 0) || !Number.isFinite(value)) return '×-';
  const r = value / base;
  return `×${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}`;
}

/** A latency as a multiple of the hello world's median: '×12.3'. */
export function latencyRatio(ms: number, b: Baseline): string {
  return times(ms, b.hello.p50);
}

/** A rate (requests per second) as a share of the hello world's rate: '×0.052'. */
export function rateRatio(perSecond: number, b: Baseline): string {
  return times(perSecond, b.hello.perSecond);
}

/**
 * CPU per request with its ratios: the server's to the hello world's server CPU, the database's to
 * the no-op transaction's database CPU ('1.00 + 1.90 ms (server ×8.1 hello, PostgreSQL ×25 no-op tx)').
 * With PGlite the server's CPU holds the database's; it is read against both baseline requests.
 */
export function cpuWithRatios(cpu: CpuPerRequest | undefined, b: Baseline, digits = 2): string {
  if (!cpu) return '-';
  if (!b.dbApart) {
    return (
      `${cpu.server.toFixed(digits)} ms server with PGlite ` +
      `(${times(cpu.server, b.hello.cpu?.server)} hello, ${times(cpu.server, b.noopTx.cpu?.server)} no-op tx)`
    );
  }
  return (
    `${cpu.server.toFixed(digits)} + ${cpu.postgres.toFixed(digits)} ms ` +
    `(server ${times(cpu.server, b.hello.cpu?.server)} hello, PostgreSQL ${times(cpu.postgres, b.noopTx.cpu?.postgres)} no-op tx)`
  );
}

/** Milliseconds with their ratio to the hello world's median: '12.3 ms (×41)'. */
export function msWithRatio(ms: number, b: Baseline, digits = 1): string {
  return `${ms.toFixed(digits)} ms (${latencyRatio(ms, b)})`;
}

/**
 * A long piece of work (an import, a statement run): its wall time with its ratio to the hello
 * world's median, and the CPU it used in all, server and database, with their ratios
 * ('12.4 s (×18,000 hello); CPU 3,100 + 9,800 ms (server ×25,000 hello, PostgreSQL ×190,000 no-op tx)').
 */
export function jobWithRatios(ms: number, cpu: CpuPerRequest | undefined, b: Baseline): string {
  const wall = `${(ms / 1000).toFixed(1)} s (${latencyRatio(ms, b)} hello)`;
  return cpu ? `${wall}; CPU ${cpuWithRatios(cpu, b, 0)}` : wall;
}

/**
 * For a benchmark without a shop server of its own: starts the built server on an empty database
 * of its own (a scratch PostgreSQL database next to `adminUrl`, or a PGlite folder without one),
 * measures the baseline, stops the server and drops the database.
 */
export async function baselineOnOwnServer(port: number, adminUrl?: string): Promise<Baseline> {
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, `shop_bench_baseline_${process.pid}`) : undefined;
  const dir = scratch ? undefined : mkdtempSync(join(tmpdir(), 'shop-bench-baseline-'));
  let server: ChildProcess | undefined;
  let meter: CpuMeter | undefined;
  try {
    server = await startShop(port, {
      DEMO_DATA: '0',
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '', DATA_DIR: dir! }),
    });
    meter = await CpuMeter.open(server.pid, scratch?.url);
    return await measureBaseline(port, meter);
  } finally {
    await meter?.close();
    if (server) await stopProcess(server);
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
