/**
 * The databases the search and bulk benchmarks run the server on (made once, reused): PGlite in
 * a folder, or a PostgreSQL database seeded by the server on first start, vacuumed, analysed and
 * read into the buffer pool before the figures.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { withPgClient } from '@shop/server/db/scratch-database';
import { positive } from './args';
import { benchAdminUrl, describePgUrl } from './pg-url';

/**
 * Server processes on PostgreSQL (the server's WORKERS): --workers, else 1 as the server starts
 * by default. On this 2-core machine, shared with the database and the load generator, 2 did
 * not give steadier figures (the order placement was slower: 530 against 660 orders/s).
 */
export function serverWorkers(given: string | undefined): number {
  return positive(given, 1);
}

export interface BenchTarget {
  label: string;
  env: Record<string, string>;
  /** Runs once the server is up (and has seeded): e.g. fresh statistics on PostgreSQL. */
  prepare?: () => Promise<void>;
}

/** PGlite in a reusable folder (the search benchmark's by default). */
export function pgliteTarget(parts: number, dir?: string): BenchTarget {
  const folder = dir ?? join(tmpdir(), `shop-bench-search-pglite-${parts}`);
  return {
    label: `PGlite, ${parts.toLocaleString('en-US')} parts (${folder})`,
    env: { DATABASE_URL: '', DATA_DIR: folder, DEMO_PARTS: String(parts) },
  };
}

/**
 * PostgreSQL: the database is created when missing and seeded by the server on first start; `url`
 * is its connection string.
 */
async function pgTarget(
  adminUrl: string,
  dbName: string,
  parts: number,
  workers: number,
): Promise<BenchTarget & { url: string }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`invalid database name '${dbName}'`);
  await withPgClient(adminUrl, async (c) => {
    const r = await c.query('select 1 from pg_database where datname = $1', [dbName]);
    if (r.rowCount === 0) await c.query(`create database "${dbName}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    label: `PostgreSQL, ${parts.toLocaleString('en-US')} parts (${dbName}), ${workers} server process${workers > 1 ? 'es' : ''}`,
    env: { DATABASE_URL: url.toString(), DEMO_PARTS: String(parts), WORKERS: String(workers) },
    // Fresh statistics after a first seed.
    prepare: () => analyzeAndDescribe(url.toString()),
  };
}

/**
 * The PostgreSQL target a benchmark's options name: --pg-url (pg-url.ts), --pg-db (else
 * `defaultDb`) and --workers.
 */
export function pgTargetOfOptions(
  values: { 'pg-url'?: string; 'pg-db'?: string; workers?: string },
  defaultDb: string,
  parts: number,
): Promise<BenchTarget & { url: string }> {
  return pgTarget(benchAdminUrl(values['pg-url']), values['pg-db'] ?? defaultDb, parts, serverWorkers(values.workers));
}

/**
 * Reads the tables and indexes into the buffer pool (pg_prewarm), as a server that has been
 * answering for a while holds them: the first pass over a million random parts after a restart
 * otherwise measures the disk.
 */
async function prewarm(c: pg.Client): Promise<string> {
  try {
    await c.query('create extension if not exists pg_prewarm');
    const r = await c.query<{ blocks: string }>(
      `select coalesce(sum(pg_prewarm(c.oid)), 0)::text as blocks from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'i', 'm', 't')`,
    );
    return `prewarmed ${Math.round((Number(r.rows[0]!.blocks) * 8) / 1024)} MB into shared_buffers (pg_prewarm)`;
  } catch (err) {
    return `pg_prewarm not available (${(err as Error).message}): the first requests may read from disk`;
  }
}

/**
 * Whether the buffer pool sits in huge pages: the kernel's huge pages mapped (reserved or in use)
 * against the pool's size, when PostgreSQL runs on this machine (/proc/meminfo). In 4 kB pages each
 * backend faults in every page of the pool it touches first, which on a VM without hardware-assisted
 * paging cost the 200-number search 37 ms of PostgreSQL CPU instead of 15 (docs/decisions/0013).
 */
function hugePagesLine(bufferBytes: number): string {
  let meminfo: string;
  try {
    meminfo = readFileSync('/proc/meminfo', 'utf8');
  } catch {
    return '';
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo)?.[1] ?? 0);
  const mapped =
    (field('HugePages_Total') - field('HugePages_Free') + field('HugePages_Rsvd')) * field('Hugepagesize') * 1024;
  return mapped >= bufferBytes
    ? 'shared_buffers in huge pages'
    : 'shared_buffers not in huge pages (each backend faults in the pool 4 kB at a time): ' +
        'bash tools/bench/setup-postgres.sh sizes the pool and its huge pages (as root)';
}

/**
 * Fresh statistics, and a line on the buffer pool: with a stock shared_buffers (128MB) smaller
 * than the database, the figures include reads of pages the machine's page cache let go (seen
 * here as ~1 s stalls in a few percent of requests); production sizes shared_buffers to the data.
 */
export async function analyzeAndDescribe(url: string): Promise<void> {
  await withPgClient(url, async (c) => {
    // Vacuum too: a migration's backfill leaves dead row versions behind, which a server that ran
    // for a while would have had vacuumed.
    await c.query('vacuum analyze');
    // And written out: the figures should not share the disk with a checkpoint of a backfill.
    await c.query('checkpoint');
    const r = await c.query<{ buffers: string; buffers_bytes: string; size: string; size_bytes: string }>(
      `select current_setting('shared_buffers') as buffers,
              pg_size_bytes(current_setting('shared_buffers'))::text as buffers_bytes,
              pg_size_pretty(pg_database_size(current_database())) as size,
              pg_database_size(current_database())::text as size_bytes`,
    );
    const row = r.rows[0]!;
    const fits = Number(row.buffers_bytes) >= Number(row.size_bytes);
    console.log(
      `${describePgUrl(url)}; shared_buffers ${row.buffers}, database ${row.size}` +
        (fits
          ? ''
          : ' (smaller than the database: expect disk reads in the figures; ' +
            'bash tools/bench/setup-postgres.sh, as root, sizes the pool to the data)'),
    );
    if (fits) console.log([await prewarm(c), hugePagesLine(Number(row.buffers_bytes))].filter(Boolean).join('; '));
  });
}
