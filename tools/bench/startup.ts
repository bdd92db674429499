import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@shop/server/db/scratch-database';

/**
 * `npm run bench -- startup`: time from process spawn to a healthy /api/health of the built server
 * (apps/server/dist/server.js; run `npm run build` first), on PGlite with a fresh folder (migrations
 * and demo data), on PGlite with existing data, and on PostgreSQL (fresh database, then existing).
 * Options: --pg-url postgres://postgres@127.0.0.1:5432/test (the database used to create a scratch one).
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function timeStartup(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function runStartupBench(args: string[]): Promise<void> {
  const pgIndex = args.indexOf('--pg-url');
  const pgUrl = pgIndex >= 0 ? args[pgIndex + 1] : 'postgres://postgres@127.0.0.1:5432/test';
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const rows: [string, number][] = [];

  const dir = mkdtempSync(join(tmpdir(), 'shop-startup-'));
  try {
    const env = { DATABASE_URL: '', DATA_DIR: dir, DEMO_DATA: '1' };
    rows.push(['PGlite, fresh folder (migrations + 5,000-part demo data)', await timeStartup(env, port)]);
    rows.push(['PGlite, existing data', await timeStartup(env, port)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (pgUrl) {
    const scratch = await createScratchDatabase(pgUrl, `shop_startup_${process.pid}`);
    try {
      const env = { DATABASE_URL: scratch.url, DEMO_DATA: '0' };
      rows.push(['PostgreSQL, empty database (migrations)', await timeStartup(env, port)]);
      rows.push(['PostgreSQL, existing schema', await timeStartup(env, port)]);
    } finally {
      await scratch.drop();
    }
  }

  console.log('\nserver start-up, spawn → healthy /api/health');
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(60)} ${(ms / 1000).toFixed(2)} s`);
}
