/**
 * Demo data generator: `npm run seed -- --parts 5000 [--brand frey] [--seed 1] [--reset]
 * [--database-url postgres://...] [--data-dir ./data]`. Without a URL (or DATABASE_URL) the
 * embedded database in DATA_DIR (default ./data) is used. Migrations are applied first.
 */
import { parseArgs } from 'node:util';
import { BRAND_KEYS, DEFAULT_BRAND, isBrandKey } from '@shop/core/brand-variants';
import { openDatabase } from '@shop/server/db/client';
import { DEFAULT_SEED, demoReferenceDateToday, generateDemoData } from '@shop/server/demo/generate';

const USAGE = `usage: npm run seed -- [--parts 5000] [--brand ${BRAND_KEYS.join('|')}] [--seed ${DEFAULT_SEED}] [--reset]
                       [--database-url postgres://...] [--data-dir ./data] [--batch 5000]`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got '${value}'`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      parts: { type: 'string' },
      brand: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const brand = values.brand ?? process.env.BRAND ?? DEFAULT_BRAND;
  if (!isBrandKey(brand)) throw new Error(`unknown brand '${brand}' (one of ${BRAND_KEYS.join(', ')})`);
  const url = values['database-url'] ?? (process.env.DATABASE_URL || undefined);
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
  const parts = positiveInt('parts', values.parts, 5000);

  const database = await openDatabase({ url, dataDir, poolSize: 2 });
  try {
    await database.migrate();
    console.log(
      `seeding ${parts} parts (brand ${brand}) into ${url ? 'PostgreSQL' : `PGlite ${dataDir}`}${values.reset ? ', after a reset' : ''}`,
    );
    const result = await generateDemoData(database.db, {
      parts,
      brand,
      seed: positiveInt('seed', values.seed, DEFAULT_SEED),
      reset: values.reset,
      referenceDate: demoReferenceDateToday(),
      batchSize: positiveInt('batch', values.batch, 5000),
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `done in ${(result.ms / 1000).toFixed(1)} s: ${result.parts} parts, ${result.numbers} numbers, ${result.fitments} fitments, ` +
        `${result.prices} prices, ${result.stocks} stock rows, ${result.accounts} accounts (password demo1234)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(1);
});
