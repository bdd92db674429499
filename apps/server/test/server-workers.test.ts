import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch-database';
import { testDatabaseUrl } from './helpers/test-database';

/**
 * The server's entry (src/server.ts) with WORKERS: on PostgreSQL a primary migrates and seeds,
 * then that many worker processes share the port and a worker that dies is replaced; on the
 * embedded database (one process only) it says so and serves from one process.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface Started {
  child: ChildProcess;
  port: number;
  lines: Record<string, unknown>[];
}

function startServer(env: Record<string, string>): Started {
  const port = 21_000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    const text = rest + d.toString();
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  return { child, port, lines };
}

async function until<T>(what: string, check: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const workerPids = (s: Started) =>
  s.lines.filter((l) => String(l.msg).startsWith('worker ') && String(l.msg).endsWith(' ready')).map((l) => l.pid);

async function health(port: number): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
}

function stop(s: Started): Promise<void> {
  if (s.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

function alive(pid: unknown): boolean {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch {
    return false;
  }
}

const started: Started[] = [];
let scratch: ScratchDatabase | undefined;
afterAll(async () => {
  await Promise.all(started.map(stop));
  await scratch?.drop();
});

describe.skipIf(!testDatabaseUrl())('WORKERS on PostgreSQL', () => {
  test('a primary seeds once, two workers answer on one port, a dead worker is replaced, all stop together', async () => {
    scratch = await createScratchDatabase(testDatabaseUrl()!, `shop_test_workers_${process.pid}`);
    const s = startServer({ DATABASE_URL: scratch.url, WORKERS: '2', DEMO_DATA: '1', DEMO_PARTS: '50' });
    started.push(s);
    await until('the shop ready line', () => s.lines.find((l) => l.workers === 2));
    const [first, second] = workerPids(s);
    expect(new Set([first, second]).size).toBe(2);
    expect(s.lines.filter((l) => String(l.msg).startsWith('demo data: seeding'))).toHaveLength(1);

    const statuses = await Promise.all(Array.from({ length: 20 }, () => health(s.port)));
    expect(statuses.every((st) => st === 200)).toBe(true);
    const login = await fetch(`http://127.0.0.1:${s.port}/api/Shop.User/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13800000001', password: 'demo1234' }),
    });
    expect(((await login.json()) as { status: number }).status).toBe(200);

    process.kill(Number(first), 'SIGKILL');
    const replacement = await until('a replacement worker', () =>
      workerPids(s).find((pid) => pid !== first && pid !== second),
    );
    expect(alive(replacement)).toBe(true);
    expect(await health(s.port)).toBe(200);

    await stop(s);
    await until('the workers to stop', () => (alive(second) || alive(replacement) ? undefined : true), 15_000);
  }, 120_000);
});

describe('WORKERS on the embedded database', () => {
  test('says the embedded database serves one process, and serves', async () => {
    const s = startServer({ DATABASE_URL: '', DATA_DIR: 'memory', WORKERS: '2', DEMO_DATA: '0' });
    started.push(s);
    await until('the shop ready line', () => s.lines.find((l) => String(l.msg).startsWith('shop ready')));
    expect(s.lines.some((l) => String(l.msg).includes('WORKERS needs DATABASE_URL'))).toBe(true);
    expect(workerPids(s)).toEqual([]);
    expect(await health(s.port)).toBe(200);
    await stop(s);
  }, 60_000);
});
