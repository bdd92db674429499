import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { useGenericPlanPool } from './named-query';

/**
 * One database handle for both drivers: PostgreSQL through `pg` when a URL is given, else the
 * embedded PGlite (in a folder, or in memory for tests). The Drizzle API is the same for both,
 * so the rest of the server sees one type.
 */
export type Db = NodePgDatabase;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data folder (tests keep a migrated one to start from). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://... ; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database, or 'memory'. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite in memory: start from a tarball made by `dumpDataDir` (much faster than a fresh initdb). */
  loadDataDir?: Blob;
}

/** The committed migrations, next to the sources (dev, tests) or to the bundle (dist). */
export function migrationsFolder(): string {
  for (const rel of ['../../drizzle', '../drizzle']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}/meta/_journal.json`)) return dir;
  }
  throw new Error('migrations folder (apps/server/drizzle) not found');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const max = options.poolSize ?? 10;
    // Connections are kept once open (min = max): a new one starts a backend that warms its
    // caches and prepares the hot statements again, which after a quiet spell (the default idle
    // timeout closed them after 10 s) stalled the first requests by up to ~300 ms.
    const pool = new pg.Pool({ connectionString: options.url, max, min: max });
    // The hot named statements (named-query.ts) run on connections of their own that always use
    // the generic plan; every other query is planned with its values. No JIT there: a generic plan
    // estimates its parameters blindly (a LIMIT parameter as a tenth of the table), and a batch of
    // number searches was estimated past jit_above_cost, so every run spent ~50 ms compiling
    // a statement that runs in under 1 ms (decision 0017).
    const genericPlanPool = new pg.Pool({
      connectionString: options.url,
      max,
      min: max,
      options: '-c plan_cache_mode=force_generic_plan -c jit=off',
    });
    // A failing idle client must not crash the process; the next query reports the error.
    pool.on('error', () => {});
    genericPlanPool.on('error', () => {});
    const db = drizzlePg({ client: pool, casing: 'snake_case' });
    useGenericPlanPool(db, genericPlanPool);
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
      close: async () => {
        await Promise.all([pool.end(), genericPlanPool.end()]);
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory';
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  const client =
    dataDir === 'memory'
      ? new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
      : new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}
