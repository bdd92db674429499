import { existsSync } from 'node:fs';

/** The machine's PostgreSQL socket folder (Debian's packages). */
const SOCKET_DIR = '/var/run/postgresql';

/**
 * The admin connection the benchmarks start from: --pg-url, else BENCH_DATABASE_URL, else the
 * local server through its Unix socket when there is one (as a shop and its database on one host
 * are connected: on this 2-core machine the TCP loopback cost the exact-number search about a
 * quarter of its throughput, 1,930 → 2,580 answers/s closed loop), else 127.0.0.1:5432.
 */
export function benchAdminUrl(given: string | undefined): string {
  if (given) return given;
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)) return `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`;
  return 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** How a connection string reaches the server, for the figures' heading. */
export function describePgUrl(url: string): string {
  const parsed = new URL(url);
  const socket = parsed.searchParams.get('host');
  return socket ? `Unix socket ${socket}` : `TCP ${parsed.host}`;
}
