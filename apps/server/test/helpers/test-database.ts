import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrationsFolder, openDatabase, type Database } from '../../src/db/client';
import { createScratchDatabase } from '../../src/db/scratch-database';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created through that URL (and dropped
 * when the file is done), so test files can run in parallel on one server.
 */
export interface TestDatabase {
  database: Database;
  /** Closes the database and drops it (PostgreSQL). */
  dispose(): Promise<void>;
  /** PostgreSQL: the scratch database's URL (a test may open a second handle, as another process would). */
  url?: string;
}

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * A fresh PGlite spends seconds in initdb; loading a dump of an already migrated one takes a
 * fraction of that. The dump is kept in the temp folder, keyed by the PGlite version and the
 * migrations, so a changed migration makes a new one.
 */
const TEMPLATE_PREFIX = 'shop-test-pglite-';

async function pgliteVersion(): Promise<string> {
  // The package does not export its package.json: find it above its entry file.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== dirname(dir)) {
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest && (JSON.parse(manifest) as { name?: string }).name === '@electric-sql/pglite') {
      return (JSON.parse(manifest) as { version: string }).version;
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await pgliteVersion());
  const folder = migrationsFolder();
  const files = [...(await readdir(folder)).filter((f) => f.endsWith('.sql')).sort(), 'meta/_journal.json'];
  for (const file of files) hash.update(file).update(await readFile(join(folder, file)));
  return hash.digest('hex').slice(0, 16);
}

async function openPglite(): Promise<Database> {
  const key = await templateKey();
  const templateFile = join(tmpdir(), `${TEMPLATE_PREFIX}${key}.tar`);
  const template = await readFile(templateFile).catch(() => undefined);
  if (template) {
    const database = await openDatabase({ dataDir: 'memory', loadDataDir: new Blob([template]) });
    await database.migrate();
    return database;
  }
  const database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  if (database.dumpDataDir) {
    try {
      const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
      // Written under a unique name and renamed, so parallel files never read half a dump.
      const partial = `${templateFile}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(partial, dump);
      await rename(partial, templateFile);
      for (const old of await readdir(tmpdir())) {
        if (old.startsWith(TEMPLATE_PREFIX) && old.endsWith('.tar') && !templateFile.endsWith(old)) {
          await rm(join(tmpdir(), old), { force: true });
        }
      }
    } catch {
      // Only a speed-up: without the dump the next file starts fresh.
    }
  }
  return database;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    const database = await openPglite();
    return { database, dispose: () => database.close() };
  }

  const scratch = await createScratchDatabase(adminUrl, `shop_test_${randomBytes(6).toString('hex')}`);
  const database = await openDatabase({ url: scratch.url, poolSize: 5 });
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    await database.close();
    await scratch.drop();
  };
  try {
    await database.migrate();
  } catch (err) {
    await dispose();
    throw err;
  }
  return { database, dispose, url: scratch.url };
}
