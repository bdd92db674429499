/**
 * `npm run bench -- realtime`: the live sockets (docs/performance/realtime.md). On a scratch
 * PostgreSQL database (created next to --pg-url, dropped afterwards) with --sockets accounts,
 * each with a session, the built server runs as --processes processes (through Redis, one port
 * each); client processes open one idle authenticated socket per account on raw TCP (each client
 * process from its own loopback address, 127.0.0.x, for source ports), identify it and keep it
 * alive. Printed:
 *   - the sockets each server process holds and its memory per socket: the growth of its RSS and
 *     of its V8 heap (after a full GC) from before the sockets to after, divided by the sockets,
 *     measured inside the server (realtime-probe.mjs, loaded with --import, answers SIGUSR2);
 *   - --rounds broadcasts to --broadcast accounts: the rows are written into `messages`, then a
 *     hub in this process (as any process of the shop would) publishes them through Redis; each
 *     client records when its message arrives: delivery p50/p95/p99 from the publish, and the
 *     messages lost (expected minus received).
 * A process may open at most as many files as its hard RLIMIT_NOFILE allows: the sockets held
 * per server process are capped below it, and the figures say so.
 * Before the measured rounds, --warmup broadcasts (not counted) bring the server to the state of
 * one that has been running: a fresh process compiles its delivery path on the first broadcast.
 * Options: --sockets 50000, --broadcast 10000, --rounds 3, --warmup 1, --processes 1, --pg-url, --redis-url.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { DEFAULT_BRAND } from '@shop/core/brand-variants';
import { openDatabase, type Db } from '@shop/server/db/client';
import { createScratchDatabase } from '@shop/server/db/scratch-database';
import { Hub, liveChannel } from '@shop/server/realtime/hub';
import type { MessageDelivery } from '@shop/server/realtime/publisher';
import { benchOptions, positive } from './args';
import { benchAdminUrl, describePgUrl } from './pg-url';
import { percentile, startShop, stopProcess } from './search';
import { CpuMeter } from './cpu';
import { latencyRatio, measureBaseline, type Baseline } from './baseline';
import type { ClientCommand, ClientReport, ClientTarget } from './realtime-client';

const here = fileURLToPath(new URL('.', import.meta.url));
/** Sockets per client process (each holds them under the same file limit). */
const SOCKETS_PER_CLIENT = 10_000;
/** Files a server process keeps for itself (database, Redis, listening socket, modules). */
const SERVER_SPARE_FILES = 600;
const ACCOUNTS_PER_COMPANY = 50;
const DELIVERY_WAIT_MS = 20_000;

interface Probe {
  /** CPU time (user + system) the process has used, in ms, before and after the probe's own collection. */
  cpu: number;
  cpuAfterGc: number;
  rss: number;
  heapUsed: number;
  tcpSockets: number;
}

/** The hard limit of open files of this process (children inherit it). */
function hardFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const hard = line?.trim().split(/\s+/)[4];
  return hard && hard !== 'unlimited' ? Number(hard) : 1_000_000;
}

async function probe(server: ChildProcess, dir: string): Promise<Probe> {
  const file = join(dir, `${server.pid}.json`);
  const before = Date.now();
  server.kill('SIGUSR2');
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    try {
      const p = JSON.parse(readFileSync(file, 'utf8')) as Probe & { at: number };
      if (p.at >= before) return p;
    } catch {
      // not written yet
    }
  }
}

async function seedAccounts(db: Db, count: number): Promise<ClientTarget[]> {
  const companies = Math.ceil(count / ACCOUNTS_PER_COMPANY);
  await db.execute(sql`insert into companies (name) select '压测实时' || g from generate_series(1, ${companies}) g`);
  await db.execute(sql`insert into accounts (company_id, username, phone, password_hash, is_main)
    select c.id, 'live_' || g, '16' || lpad(g::text, 9, '0'), 'x', 0
    from generate_series(1, ${count}) g
    join (select id, row_number() over (order by id) as n from companies) c
      on c.n = (g - 1) / ${ACCOUNTS_PER_COMPANY} + 1`);
  const accounts = (await db.execute(sql`select id, company_id from accounts order by id`)).rows as {
    id: number;
    company_id: number;
  }[];
  const tokens = accounts.map(() => randomBytes(32).toString('base64url'));
  for (let i = 0; i < accounts.length; i += 10_000) {
    const chunk = accounts.slice(i, i + 10_000);
    const hashes = tokens.slice(i, i + 10_000).map((t) => createHash('sha256').update(t).digest('hex'));
    await db.execute(sql`insert into sessions (token_hash, account_id, company_id, expires_at, ip, user_agent)
      select h, a, c, now() + interval '1 day', '', 'bench' from unnest(${sql.param(hashes)}::text[],
        ${sql.param(chunk.map((a) => Number(a.id)))}::int[], ${sql.param(chunk.map((a) => Number(a.company_id)))}::int[]) as x(h, a, c)`);
  }
  return accounts.map((a, i) => ({ token: tokens[i]!, accountId: Number(a.id), port: 0 }));
}

function ask(child: ChildProcess, command: ClientCommand, type: ClientReport['type']): Promise<ClientReport> {
  return new Promise((resolve) => {
    const onMessage = (report: ClientReport) => {
      if (report.type !== type) return;
      child.off('message', onMessage);
      resolve(report);
    };
    child.on('message', onMessage);
    child.send(command);
  });
}

async function broadcast(
  db: Db,
  hub: Hub,
  clients: ChildProcess[],
  targets: ClientTarget[],
  round: number,
): Promise<{ latencies: number[]; lost: number; expected: number }> {
  const accountIds = targets.map((t) => t.accountId);
  const rows = (
    await db.execute(sql`insert into messages (company_id, account_id, category_id, tip_name, tip_description, tip_word, is_eject)
      select a.company_id, a.id, 8, ${`系统公告 ${round}`}, '压测广播', '压测广播全文', 1
      from accounts a where a.id = any(${sql.param(accountIds)}::int[])
      returning id, account_id, created_at`)
  ).rows as { id: number; account_id: number; created_at: string | Date }[];
  const deliveries: MessageDelivery[] = rows.map((r) => ({
    accountId: Number(r.account_id),
    message: {
      tip_id: Number(r.id),
      category_id: 8,
      tip_name: `系统公告 ${round}`,
      pop_type: 1,
      tip_word: '压测广播全文',
      tip_description: '压测广播',
      create_time: new Date(r.created_at).toISOString(),
      is_eject: 1,
      link: '',
      order_id: null,
    },
  }));
  const expected = new Set(deliveries.map((d) => d.message.tip_id));
  const started = performance.timeOrigin + performance.now();
  await hub.pushMessages(deliveries);
  const arrived = new Map<number, number>();
  const until = Date.now() + DELIVERY_WAIT_MS;
  while (arrived.size < expected.size && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    for (const child of clients) {
      const report = (await ask(child, { cmd: 'take' }, 'taken')) as Extract<ClientReport, { type: 'taken' }>;
      report.tips.forEach((tip, i) => {
        if (expected.has(tip) && !arrived.has(tip)) arrived.set(tip, report.times[i]! - started);
      });
    }
  }
  return {
    latencies: [...arrived.values()].sort((a, b) => a - b),
    lost: expected.size - arrived.size,
    expected: expected.size,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(2);

export async function run(argv: string[]): Promise<void> {
  const values = benchOptions(
    argv,
    {
      sockets: { type: 'string' },
      broadcast: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      processes: { type: 'string' },
      'pg-url': { type: 'string' },
      'redis-url': { type: 'string' },
    },
    'npm run bench -- realtime [--sockets 50000] [--broadcast 10000] [--rounds 3] [--warmup 1] [--processes 1|2] [--pg-url URL] [--redis-url URL]',
  );
  if (!values) return;
  const wanted = positive(values.sockets, 50_000);
  const processes = positive(values.processes, 1);
  const rounds = positive(values.rounds, 3);
  const warmup = values.warmup === '0' ? 0 : positive(values.warmup, 1);
  const redisUrl = values['redis-url'] ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const fileLimit = hardFileLimit();
  const perServer = fileLimit - SERVER_SPARE_FILES;
  const held = Math.min(wanted, perServer * processes);
  const broadcastTo = Math.min(positive(values.broadcast, 10_000), held);
  const adminUrl = benchAdminUrl(values['pg-url']);

  console.log(
    `realtime: ${processes} server process${processes > 1 ? 'es' : ''} through Redis ${redisUrl}, PostgreSQL (${describePgUrl(adminUrl)})`,
  );
  if (held < wanted) {
    console.log(
      `  ${wanted.toLocaleString('en-US')} sockets asked; the hard limit of open files here is ${fileLimit.toLocaleString('en-US')} per process, ` +
        `so each server process holds at most ${perServer.toLocaleString('en-US')}: holding ${held.toLocaleString('en-US')}`,
    );
  }

  const probeDir = mkdtempSync(join(tmpdir(), 'shop-bench-realtime-'));
  process.env.BENCH_PROBE_DIR = probeDir;
  process.env.BENCH_SERVER_NODE_FLAGS = [
    process.env.BENCH_SERVER_NODE_FLAGS ?? '',
    '--expose-gc',
    `--import=${pathToFileURL(join(here, 'realtime-probe.mjs')).href}`,
  ].join(' ');

  const scratch = await createScratchDatabase(adminUrl, `shop_bench_realtime_${process.pid}`);
  const servers: ChildProcess[] = [];
  const clients: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let hub: Hub | undefined;
  try {
    const ports = Array.from({ length: processes }, (_, i) => 18_600 + i);
    const env = { DATABASE_URL: scratch.url, DEMO_DATA: '0', REDIS_URL: redisUrl, WORKERS: '1', LOG_LEVEL: 'error' };
    // The first migrates the database; the others start on it.
    for (const port of ports) servers.push(await startShop(port, env));
    // The baseline on the first server process, before the sockets (baseline.ts).
    const meter = await CpuMeter.open(servers[0]!.pid, scratch.url);
    let baseline: Baseline;
    try {
      baseline = await measureBaseline(ports[0]!, meter);
    } finally {
      await meter.close();
    }
    const x = (ms: number) => latencyRatio(ms, baseline);
    const perHello = (cpuMs: number) =>
      baseline.hello.cpu ? `×${(cpuMs / baseline.hello.cpu.server).toFixed(2)} hello` : '×- hello';
    database = await openDatabase({ url: scratch.url });
    const seedStarted = performance.now();
    const targets = await seedAccounts(database.db, held);
    targets.forEach((t, i) => (t.port = ports[i % processes]!));
    console.log(
      `  ${held.toLocaleString('en-US')} accounts with sessions written in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const before = await Promise.all(servers.map((s) => probe(s, probeDir)));

    const clientCount = Math.ceil(held / SOCKETS_PER_CLIENT);
    const opened = performance.now();
    const reports = await Promise.all(
      Array.from({ length: clientCount }, (_, i) => {
        const child = fork(join(here, 'realtime-client.ts'), [], { execArgv: process.execArgv });
        clients.push(child);
        const slice = targets.slice(i * SOCKETS_PER_CLIENT, (i + 1) * SOCKETS_PER_CLIENT);
        return ask(
          child,
          { cmd: 'open', targets: slice, localAddress: `127.0.0.${10 + i}`, concurrency: 200 },
          'opened',
        );
      }),
    );
    const ok = reports.reduce((n, r) => n + (r.type === 'opened' ? r.ok : 0), 0);
    const failed = reports.reduce((n, r) => n + (r.type === 'opened' ? r.failed : 0), 0);
    const firstError = reports.map((r) => (r.type === 'opened' ? r.firstError : undefined)).find(Boolean);
    console.log(
      `  sockets opened and identified: ${ok.toLocaleString('en-US')} in ${((performance.now() - opened) / 1000).toFixed(1)} s` +
        (failed ? `, failed ${failed} (${firstError})` : ''),
    );
    if (ok === 0) throw new Error('no socket could be opened');
    // Settle: a keep-alive period, so every socket has sent its identity again.
    await new Promise((r) => setTimeout(r, 22_000));
    const after = await Promise.all(servers.map((s) => probe(s, probeDir)));
    servers.forEach((_, i) => {
      const sockets = after[i]!.tcpSockets - before[i]!.tcpSockets;
      console.log(
        `  server ${i + 1}: connections held ${sockets.toLocaleString('en-US')}; memory per socket: ` +
          `RSS ${kb((after[i]!.rss - before[i]!.rss) / sockets)} KB, V8 heap ${kb((after[i]!.heapUsed - before[i]!.heapUsed) / sockets)} KB ` +
          `(RSS ${(after[i]!.rss / 1048576).toFixed(0)} MB, heap ${(after[i]!.heapUsed / 1048576).toFixed(0)} MB)`,
      );
    });

    hub = new Hub({
      db: database.db,
      redisUrl,
      channel: liveChannel(DEFAULT_BRAND),
      sessionLimits: { idleMinutes: 720, absoluteHours: 168 },
      log: { warn: (o, m) => console.warn(m, o), error: (o, m) => console.error(m, o) },
    });
    await hub.ready();
    const all: number[] = [];
    let lostTotal = 0;
    for (let round = 1 - warmup; round <= rounds; round++) {
      // Different accounts each round, spread over the server processes.
      const offset = ((round - 1 + warmup) * broadcastTo) % Math.max(1, held - broadcastTo + 1);
      const cpuBefore = await Promise.all(servers.map((s) => probe(s, probeDir)));
      const { latencies, lost, expected } = await broadcast(
        database.db,
        hub,
        clients,
        targets.slice(offset, offset + broadcastTo),
        round,
      );
      const cpuAfter = await Promise.all(servers.map((s) => probe(s, probeDir)));
      // The servers' CPU from the publish until every message had arrived (and the client polls ended).
      const serverCpu = cpuAfter.reduce((ms, p, i) => ms + p.cpu - cpuBefore[i]!.cpuAfterGc, 0);
      const perDelivery = serverCpu / Math.max(1, expected);
      const cpuFigure = `server CPU ${serverCpu.toFixed(0)} ms (${(perDelivery * 1000).toFixed(1)} µs per delivery, ${perHello(perDelivery)})`;
      const p = (q: number) => `${percentile(latencies, q).toFixed(1)} ms (${x(percentile(latencies, q))})`;
      const figures = `p50 ${p(50)}, p99 ${p(99)}, lost ${lost}, ${cpuFigure}`;
      if (round <= 0) {
        console.log(`  warm-up broadcast to ${expected.toLocaleString('en-US')} sockets (not counted): ${figures}`);
        await new Promise((r) => setTimeout(r, 1_000));
        continue;
      }
      all.push(...latencies);
      lostTotal += lost;
      console.log(
        `  broadcast ${round} to ${expected.toLocaleString('en-US')} sockets: p50 ${p(50)}, ` +
          `p95 ${p(95)}, p99 ${p(99)}, max ${latencies.at(-1)?.toFixed(1)} ms, lost ${lost}; ${cpuFigure}`,
      );
      await new Promise((r) => setTimeout(r, 1_000));
    }
    all.sort((a, b) => a - b);
    console.log(
      `  all broadcasts: p50 ${percentile(all, 50).toFixed(1)} ms (${x(percentile(all, 50))}), p95 ${percentile(all, 95).toFixed(1)} ms (${x(percentile(all, 95))}), ` +
        `p99 ${percentile(all, 99).toFixed(1)} ms (${x(percentile(all, 99))}), messages lost ${lostTotal}`,
    );
    const closedReports = await Promise.all(clients.map((c) => ask(c, { cmd: 'take' }, 'taken')));
    const closed = closedReports.reduce((n, r) => n + (r.type === 'taken' ? r.closed : 0), 0);
    const codes: Record<string, number> = {};
    for (const r of closedReports)
      if (r.type === 'taken')
        for (const [code, n] of Object.entries(r.closeCodes)) codes[code] = (codes[code] ?? 0) + n;
    console.log(`  sockets closed during the run: ${closed} (close codes from the server: ${JSON.stringify(codes)})`);
  } finally {
    for (const c of clients) c.send({ cmd: 'stop' } satisfies ClientCommand);
    await hub?.close();
    await database?.close();
    for (const s of servers) await stopProcess(s);
    await scratch.drop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}
