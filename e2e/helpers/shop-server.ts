import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Starts the built shop (apps/server/dist/server.js, serving apps/web/dist) on a free port with a
 * fresh in-memory embedded database and demo data, as a user would run it.
 *
 * Test files do not call this: they share one shop per brand for the whole run (`useShop` in
 * ./shop.ts, started by ./global-setup.ts). Only a file that must have a shop of its own (one
 * whose changes no other file may see) starts one here, in its beforeAll, and stops it afterwards.
 */
export interface ShopServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
  /** False once the process has exited. */
  running(): boolean;
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startShop(env: Record<string, string> = {}): Promise<ShopServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: 'memory',
      DEMO_PARTS: '800',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`shop server did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    output: () => log,
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
