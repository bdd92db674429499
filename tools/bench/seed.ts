/**
 * `npm run bench -- seed`: how long the demo data generator takes to make
 *   - N parts (default 5,000) on PGlite in memory,
 *   - the same on PGlite on disk (a temporary folder),
 *   - M parts (default 1,000,000) on PostgreSQL, in a scratch database created and dropped
 *     through --pg-url (default BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
 * Options: --pglite-parts N, --pg-parts M, --pg-url URL, --skip-pg, --brand KEY, --seed S.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { DEFAULT_BRAND, isBrandKey, type BrandKey } from '@shop/core/brand-variants';
import { openDatabase, type DatabaseOptions } from '@shop/server/db/client';
import { createScratchDatabase, withPgClient, type ScratchDatabase } from '@shop/server/db/scratch-database';
import { DEFAULT_SEED, generateDemoData, type GenerateResult } from '@shop/server/demo/generate';
import { benchOptions, positive } from './args';
import { benchAdminUrl } from './pg-url';

interface Figure {
  target: string;
  parts: number;
  openMs: number;
  seedMs: number;
  rows: number;
  size: string;
}

function rowsOf(r: GenerateResult): number {
  return r.parts + r.numbers + r.fitments + r.prices + r.stocks;
}

async function measure(
  target: string,
  options: DatabaseOptions,
  parts: number,
  brand: BrandKey,
  seed: number,
  size: () => Promise<string>,
): Promise<Figure> {
  const t0 = performance.now();
  const database = await openDatabase({ ...options, poolSize: 2 });
  try {
    await database.migrate();
    const openMs = performance.now() - t0;
    let lastLine = '';
    const result = await generateDemoData(database.db, {
      parts,
      brand,
      seed,
      log: (line) => {
        if (line !== lastLine) process.stdout.write(`\r  ${target}: ${line}      `);
        lastLine = line;
      },
    });
    process.stdout.write('\n');
    return { target, parts, openMs, seedMs: result.ms, rows: rowsOf(result), size: await size() };
  } finally {
    await database.close();
  }
}

function duSize(dir: string): string {
  try {
    return execFileSync('du', ['-sh', dir], { encoding: 'utf8' }).split('\t')[0] ?? '?';
  } catch {
    return '?';
  }
}

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    {
      'pglite-parts': { type: 'string' },
      'pg-parts': { type: 'string' },
      'pg-url': { type: 'string' },
      'skip-pg': { type: 'boolean', default: false },
      brand: { type: 'string' },
      seed: { type: 'string' },
    },
    'npm run bench -- seed [--pglite-parts 5000] [--pg-parts 1000000] [--pg-url postgres://...] [--skip-pg] [--brand frey] [--seed N]',
  );
  if (!values) return;
  const brand = values.brand ?? DEFAULT_BRAND;
  if (!isBrandKey(brand)) throw new Error(`unknown brand '${brand}'`);
  const seed = positive(values.seed, DEFAULT_SEED);
  const litePartsN = positive(values['pglite-parts'], 5000);
  const pgParts = positive(values['pg-parts'], 1_000_000);
  const figures: Figure[] = [];

  figures.push(await measure('PGlite, memory', { dataDir: 'memory' }, litePartsN, brand, seed, async () => '-'));

  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  try {
    figures.push(await measure('PGlite, disk', { dataDir: dir }, litePartsN, brand, seed, async () => duSize(dir)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (!values['skip-pg']) {
    const adminUrl = benchAdminUrl(values['pg-url']);
    const name = `shop_bench_${randomBytes(4).toString('hex')}`;
    let scratch: ScratchDatabase | undefined;
    try {
      scratch = await createScratchDatabase(adminUrl, name);
      figures.push(
        await measure(`PostgreSQL (${name})`, { url: scratch.url }, pgParts, brand, seed, async () =>
          withPgClient(adminUrl, async (c) => {
            const res = await c.query<{ size: string }>('select pg_size_pretty(pg_database_size($1)) as size', [name]);
            return res.rows[0]?.size ?? '?';
          }),
        ),
      );
    } catch (err) {
      if (scratch) throw err;
      console.log(
        `PostgreSQL skipped: cannot create a scratch database through ${adminUrl} (${(err as Error).message})`,
      );
    } finally {
      await scratch?.drop();
    }
  }

  console.log(`\ndemo data generator, brand ${brand}, seed ${seed}`);
  console.log(
    [
      'target'.padEnd(34),
      'parts'.padStart(9),
      'open+migrate'.padStart(13),
      'seed'.padStart(9),
      'parts/s'.padStart(9),
      'rows'.padStart(11),
      'rows/s'.padStart(9),
      'size'.padStart(8),
    ].join(' '),
  );
  for (const f of figures) {
    console.log(
      [
        f.target.padEnd(34),
        f.parts.toLocaleString('en-US').padStart(9),
        `${(f.openMs / 1000).toFixed(2)} s`.padStart(13),
        `${(f.seedMs / 1000).toFixed(2)} s`.padStart(9),
        Math.round(f.parts / (f.seedMs / 1000))
          .toLocaleString('en-US')
          .padStart(9),
        f.rows.toLocaleString('en-US').padStart(11),
        Math.round(f.rows / (f.seedMs / 1000))
          .toLocaleString('en-US')
          .padStart(9),
        f.size.padStart(8),
      ].join(' '),
    );
  }
}
