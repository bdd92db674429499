/**
 * `npm run bench -- search`: the catalog lookups of issue 3 through HTTP on loopback.
 *
 * The server runs as its own process (built as `npm start` runs it: builtServer), next to a Fastify
 * hello-world process measured in the same run at the same request rates. The load generator
 * (open-loop.ts) is open-loop: request i is due at start + i / rate whatever earlier answers did,
 * and its latency counts from that due time (a stalled server is not hidden by a waiting client).
 *
 * Databases (demo data; made once and reused):
 *   - PostgreSQL: database --pg-db (default shop_bench_search) next to --pg-url, with --pg-parts
 *     (default 1,000,000) parts; created and seeded by the server's DEMO_DATA when empty;
 *   - PGlite: the folder --pglite-dir (default $TMPDIR/shop-bench-search-pglite-<parts>) with
 *     --pglite-parts (default 100,000) parts.
 * Each scenario runs first at a light load (--light-rate, default 100/s, for 3 s: the service
 * time), then at the rates: --rate 2000 (exact lookups), --other-rate 500 (the rest),
 * --requests 6000 (at --rate; the others scale with their rate).
 * Options: --skip-pg, --skip-pglite. The server trusts X-Forwarded-For (TRUST_PROXY=1) and each
 * request comes from its own address, like many dealer offices, so the per-address rate limit
 * does not refuse the load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizePartNumber } from '@shop/core/part-number';
import { openLoop, type Request, type Result } from './open-loop';
import { pgliteTarget, pgTargetOfOptions, type BenchTarget } from './targets';
import { SEARCH_DATABASE_OPTIONS, benchOptions, positive } from './args';
import { CpuMeter, type CpuPerRequest } from './cpu';
import { cpuWithRatios, latencyRatio, measureBaseline, type Baseline } from './baseline';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** A demo account (apps/server/src/demo/definitions/accounts.ts). */
export const DEMO_LOGIN = { username: '13800000001', password: 'demo1234' };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function waitForExit(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

async function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  healthPath: string,
  timeoutMs: number,
): Promise<ChildProcess> {
  // BENCH_SERVER_STDOUT=/tmp/server.log keeps what the processes print (e.g. with --trace-gc).
  const stdout = process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore';
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  // The child has its own copy of the file.
  if (typeof stdout === 'number') closeSync(stdout);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  child.once('exit', (code, signal) => {
    // Asked to stop, the server ends with 0 (its own SIGTERM handler) or by the signal.
    if (stopping.has(child) && (code === 0 || signal === 'SIGTERM')) return;
    console.log(
      `process ${args.at(-1)} exited (${code ?? signal}${stopping.has(child) ? ' after SIGTERM' : ''}): ${stderr}`,
    );
  });
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited: ${stderr}`);
    if (Date.now() > until) {
      child.kill('SIGTERM');
      throw new Error(`not healthy after ${timeoutMs} ms: ${stderr}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}${healthPath}`);
      if (res.ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Processes asked to stop (stopProcess). */
const stopping = new WeakSet<ChildProcess>();

export async function stopProcess(child: ChildProcess): Promise<void> {
  stopping.add(child);
  child.kill('SIGTERM');
  await waitForExit(child);
}

const HELLO = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function startHello(port: number): Promise<ChildProcess> {
  return startProcess(['--input-type=module', '-e', HELLO], { PORT: String(port) }, port, '/hello', 30_000);
}

/**
 * Node flags for the server process from BENCH_SERVER_NODE_FLAGS, to profile it under load:
 * BENCH_SERVER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench -- orders
 */
export function serverNodeFlags(): string[] {
  return (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter((f) => f.length > 0);
}

let built: Promise<string> | undefined;

/**
 * The server as `npm start` runs it: bundled (apps/server/build.mjs, under a second) and run by
 * node, once per benchmark run. (Run through tsx from its sources, the same server answered the
 * exact-number search about a quarter slower.)
 */
export function builtServer(): Promise<string> {
  built ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs'], { cwd: join(repoRoot, 'apps/server'), stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0
        ? resolve(join(repoRoot, 'apps/server/dist/server.js'))
        : reject(new Error(`server build failed (${code})`)),
    );
  });
  return built;
}

export async function startShop(port: number, env: Record<string, string>): Promise<ChildProcess> {
  return startProcess(
    [...serverNodeFlags(), await builtServer()],
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_DATA: '1',
      TRUST_PROXY: '1',
      ...env,
    },
    port,
    '/api/health',
    // Seeding a million parts on first use takes minutes.
    60 * 60_000,
  );
}

export async function postJson<T>(port: number, path: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

/** Samples of real keywords, read through the database the server uses. */
export interface Samples {
  numbers: string[];
  names: string[];
  categories: number[];
}

/** Spellings a dealer types: as shown, normalised, lower case with dashes. */
function spellings(number: string, i: number): string {
  const norm = normalizePartNumber(number);
  switch (i % 3) {
    case 0:
      return number;
    case 1:
      return norm;
    default:
      return norm.toLowerCase().replace(/(.{4})/g, '$1-');
  }
}

function nameQueries(names: string[]): string[] {
  // Substrings of 1 to 4 characters of real names (what dealers type), deterministic.
  const out: string[] = [];
  names.forEach((name, i) => {
    const chars = [...name];
    for (let len = 1; len <= 4; len++) {
      if (chars.length < len) continue;
      const from = (i * 7 + len) % (chars.length - len + 1);
      const query = chars
        .slice(from, from + len)
        .join('')
        .trim();
      if (query) out.push(query);
    }
  });
  return out;
}

/** Samples of real keywords and categories, read through the API (PGlite allows one process per folder). */
export async function apiSamples(port: number, auth: Record<string, string>): Promise<Samples> {
  const get = async <T>(path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: auth });
    return ((await res.json()) as { data: T }).data;
  };
  type Children = { list: { product_type_id: number; level: number }[] };
  const groups = await get<Children>('/api/Shop.Index/getCategoryChild');
  const categories: number[] = [];
  for (const group of groups.list) {
    const level2 = await get<Children>(`/api/Shop.Index/getCategoryChild?product_type_id=${group.product_type_id}`);
    for (const child of level2.list) {
      const level3 = await get<Children>(`/api/Shop.Index/getCategoryChild?product_type_id=${child.product_type_id}`);
      categories.push(...level3.list.map((c) => c.product_type_id));
    }
  }
  const numbers: string[] = [];
  const names = new Set<string>();
  for (const [i, category] of categories.entries()) {
    const page = await postJson<{
      list: { number: string; frey_no: string; l_name_zh: string; search_numbers: { search_number: string }[] }[];
    }>(port, '/api/Shop.Index/product_list', { product_type_id: category, page: 1 + (i % 3), limit: 50 }, auth);
    for (const row of page.data.list) {
      numbers.push(row.number, row.frey_no, ...row.search_numbers.slice(0, 1).map((n) => n.search_number));
      names.add(row.l_name_zh);
    }
  }
  return { numbers, names: [...names].sort(), categories };
}

interface Figure {
  /** CPU milliseconds per request of the server and of PostgreSQL (Linux). */
  cpu?: CpuPerRequest | undefined;
  name: string;
  target: string;
  rate: number;
  result: Result;
  percentile: number;
  limitMs: number;
}

/**
 * Starts the server on the target (seeding demo data on first use) and opens its CPU meter (of
 * the server, and of PostgreSQL on a PostgreSQL target); `stop` closes the meter and stops the
 * server.
 */
export async function startMeteredShop(target: BenchTarget, port: number) {
  const shop = await startShop(port, target.env);
  const meter = await CpuMeter.open(shop.pid, target.env.DATABASE_URL || undefined);
  const stop = async () => {
    await meter.close();
    await stopProcess(shop);
  };
  return { shop, meter, stop };
}

/**
 * startMeteredShop, then logs in as the demo dealer, prepares the target and reads sample
 * numbers.
 */
export async function startBenchShop(target: BenchTarget, port: number) {
  console.log(`\n${target.label}: starting the server (seeding demo data on first use) ...`);
  const { shop, meter, stop } = await startMeteredShop(target, port);
  try {
    const login = await postJson<{ token: string }>(port, '/api/Shop.User/login', DEMO_LOGIN);
    if (login.status !== 200) throw new Error(`login failed: ${login.msg}`);
    const auth = { authorization: login.data.token };
    await target.prepare?.();
    return { shop, meter, auth, samples: await apiSamples(port, auth), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function measureTarget(target: BenchTarget, o: Options) {
  const label = target.label;
  const port = 19_000 + Math.floor(Math.random() * 500);
  const helloPort = port + 500;
  const { meter, auth, samples: s, stop } = await startBenchShop(target, port);
  const hello = await startHello(helloPort);
  try {
    const names = nameQueries(s.names);
    const prefixes = s.numbers.map((n) => normalizePartNumber(n).slice(0, 5 + (n.length % 4)));
    const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length]!;
    const search = (keyword: string, limit = 20): Request => ({
      method: 'POST',
      path: '/api/Shop.Accessory/index',
      body: JSON.stringify({ keyword, page: 1, limit }),
    });
    const otherCount = Math.round((o.requests * o.otherRate) / o.rate);
    const allScenarios: {
      key: string;
      name: string;
      rate: number;
      count: number;
      p: number;
      limitMs: number;
      next: (i: number) => Request;
    }[] = [
      {
        key: 'exact',
        name: 'exact / normalised number',
        rate: o.rate,
        count: o.requests,
        p: 99,
        limitMs: 5,
        next: (i) => search(spellings(pick(s.numbers, i), i)),
      },
      {
        key: 'prefix',
        name: 'number prefix, top 20',
        rate: o.otherRate,
        count: otherCount,
        p: 99,
        limitMs: 10,
        next: (i) => search(pick(prefixes, i)),
      },
      {
        key: 'name',
        name: 'Chinese name 1-4 chars, top 20',
        rate: o.otherRate,
        count: otherCount,
        p: 95,
        limitMs: 30,
        next: (i) => search(pick(names, i)),
      },
      {
        key: 'list',
        name: 'parts list page (20 rows)',
        rate: o.otherRate,
        count: otherCount,
        p: 99,
        limitMs: 15,
        next: (i) => ({
          method: 'POST',
          path: '/api/Shop.Index/product_list',
          body: JSON.stringify({
            product_type_id: pick(s.categories, i),
            page: 1 + (i % 5),
            limit: 20,
            warehouse: 1 + (i % 2),
          }),
        }),
      },
    ];
    const scenarios = allScenarios.filter((sc) => !o.only || o.only.has(sc.key));
    // Warm-up: each scenario for a second at its rate, so first-use costs (JIT, caches, the
    // statements each pooled connection prepares once) are not measured.
    for (const sc of scenarios)
      await openLoop(port, auth, sc.rate, Math.min(sc.rate, sc.count), (i) => sc.next(i + 100_000));
    await openLoop(helloPort, {}, o.rate, 1000, () => ({ method: 'GET', path: '/hello' }));
    const baseline = await measureBaseline(port, meter);

    // First each scenario at a light load (service time), then at the rates.
    const light = { rate: o.lightRate, count: o.lightRate * 3 };
    const lightHello = new Map([
      [light.rate, await openLoop(helloPort, {}, light.rate, light.count, () => ({ method: 'GET', path: '/hello' }))],
    ]);
    const lightFigures: Figure[] = [];
    for (const sc of scenarios) {
      const result = await openLoop(port, auth, light.rate, light.count, (i) => sc.next(i + 50_000));
      lightFigures.push({
        name: sc.name,
        target: label,
        rate: light.rate,
        result,
        percentile: sc.p,
        limitMs: sc.limitMs,
      });
      await drain(port);
    }
    print(`${label}: light load, ${light.rate} requests/s`, lightFigures, lightHello, baseline);

    const helloAt = new Map<number, Result>();
    for (const rate of new Set(scenarios.map((sc) => sc.rate))) {
      const count = Math.round((o.requests * rate) / o.rate);
      helloAt.set(
        rate,
        await openLoop(helloPort, {}, rate, count, () => ({ method: 'GET', path: '/hello' }), leadIn(rate)),
      );
    }
    const figures: Figure[] = [];
    // The highest rate last: a server it overloads is still catching up (queued requests, search
    // log writes, vacuum) when the next scenario starts, and would charge that to the next one.
    const byRate = [...scenarios].sort((a, b) => a.rate - b.rate);
    for (const sc of byRate) {
      const cpuBefore = await meter.snapshot();
      const result = await openLoop(port, auth, sc.rate, sc.count, sc.next, leadIn(sc.rate));
      const cpu = meter.perRequest(cpuBefore, await meter.snapshot(), sc.count + leadIn(sc.rate));
      figures.push({ name: sc.name, target: label, rate: sc.rate, result, percentile: sc.p, limitMs: sc.limitMs, cpu });
      // Requests given up at the time limit may still be queued in the server: let them finish.
      await drain(port);
    }
    figures.sort(
      (a, b) => scenarios.findIndex((sc) => sc.name === a.name) - scenarios.findIndex((sc) => sc.name === b.name),
    );
    print(`${label}: the issue's request rates`, figures, helloAt, baseline);
  } finally {
    await stop();
    await stopProcess(hello);
  }
}

/** A quarter of a second at the rate, before each measured run at the rates (openLoop). */
function leadIn(rate: number): number {
  return Math.round(rate / 4);
}

/** Waits (at most 60 s) until the server answers a health check within 50 ms again. */
async function drain(port: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const t0 = performance.now();
    await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

function fmt(ms: number): string {
  return Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : '-';
}

function print(label: string, figures: Figure[], helloAt: Map<number, Result>, baseline: Baseline): void {
  console.log(`\n${label}`);
  console.log(
    [
      'scenario'.padEnd(34),
      'rate/s'.padStart(7),
      'reqs'.padStart(6),
      'failed'.padStart(6),
      'p50'.padStart(10),
      'p95'.padStart(10),
      'p99'.padStart(10),
      'p50 ×ping'.padStart(9),
      'hello same pct'.padStart(15),
      'ratio'.padStart(7),
      'target'.padStart(14),
      'cpu/req server+pg (× baseline)',
    ].join(' '),
  );
  for (const [rate, r] of helloAt) {
    console.log(
      [
        `hello-world (Fastify) at ${rate}/s`.padEnd(34),
        String(rate).padStart(7),
        String(r.sent).padStart(6),
        String(r.failed).padStart(6),
        fmt(percentile(r.latencies, 50)).padStart(10),
        fmt(percentile(r.latencies, 95)).padStart(10),
        fmt(percentile(r.latencies, 99)).padStart(10),
      ].join(' '),
    );
  }
  for (const f of figures) {
    const lat = f.result.latencies;
    const value = percentile(lat, f.percentile);
    const hello = percentile(helloAt.get(f.rate)!.latencies, f.percentile);
    const met = value <= f.limitMs && f.result.failed === 0;
    console.log(
      [
        f.name.padEnd(34),
        String(f.rate).padStart(7),
        String(f.result.sent).padStart(6),
        String(f.result.failed).padStart(6),
        fmt(percentile(lat, 50)).padStart(10),
        fmt(percentile(lat, 95)).padStart(10),
        fmt(percentile(lat, 99)).padStart(10),
        latencyRatio(percentile(lat, 50), baseline).padStart(9),
        `p${f.percentile} ${fmt(hello)}`.padStart(15),
        `${(value / hello).toFixed(1)}x`.padStart(7),
        `p${f.percentile}≤${f.limitMs}ms ${met ? 'ok' : 'MISS'}`.padStart(14),
        cpuWithRatios(f.cpu, baseline),
      ].join(' '),
    );
  }
  for (const f of figures) {
    if (f.result.firstError) console.log(`${f.name}: first failure: ${f.result.firstError}`);
  }
  const exact = figures.find((f) => f.name.startsWith('exact'));
  if (exact) console.log(`exact lookups p50 ${fmt(percentile(exact.result.latencies, 50))} at ${exact.rate}/s`);
}

interface Options {
  /** Rate of the service-time pass. */
  lightRate: number;
  rate: number;
  otherRate: number;
  requests: number;
  /** Scenario keys to run (exact, prefix, name, list); all when absent. */
  only: Set<string> | undefined;
}

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    {
      ...SEARCH_DATABASE_OPTIONS,
      'skip-pg': { type: 'boolean', default: false },
      'skip-pglite': { type: 'boolean', default: false },
      workers: { type: 'string' },
      rate: { type: 'string' },
      'other-rate': { type: 'string' },
      'light-rate': { type: 'string' },
      requests: { type: 'string' },
      only: { type: 'string' },
    },
    'npm run bench -- search [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--pg-db shop_bench_search] [--pg-parts 1000000] [--workers N]\n' +
      '  [--pglite-parts 100000] [--pglite-dir DIR] [--skip-pg] [--skip-pglite] [--light-rate 100] [--rate 2000] [--other-rate 500] [--requests 6000]\n' +
      '  [--only exact,prefix,name,list]  (some scenarios only, to measure one change quickly)',
  );
  if (!values) return;
  const o: Options = {
    lightRate: positive(values['light-rate'], 100),
    rate: positive(values.rate, 2000),
    otherRate: positive(values['other-rate'], 500),
    requests: positive(values.requests, 6000),
    only: values.only ? new Set(values.only.split(',').map((s) => s.trim())) : undefined,
  };

  if (!values['skip-pg']) {
    const parts = positive(values['pg-parts'], 1_000_000);
    await measureTarget(await pgTargetOfOptions(values, 'shop_bench_search', parts), o);
  }
  if (!values['skip-pglite']) {
    await measureTarget(pgliteTarget(positive(values['pglite-parts'], 100_000), values['pglite-dir']), o);
  }
}
