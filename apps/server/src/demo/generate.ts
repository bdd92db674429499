import { getTableName, sql } from 'drizzle-orm';
import { getBrandVariant, type BrandKey } from '@shop/core/brand-variants';
import type { Db } from '../db/client';
import { companies } from '../db/schema/accounts';
import { productFitments, productNumbers, productPrices, products, productStocks } from '../db/schema/catalog';
import { hashPassword } from '../modules/user/password';
import type { Executor } from './bulk-insert';
import { withDeferredIndexes } from './deferred-indexes';
import { insertPartBatch, type BatchCounts } from './insert-parts';
import { insertReferenceData, insertWarehouses } from './reference-data';
import { insertDemoAccounts } from './accounts';
import { insertDemoStaff } from './staff';
import { insertDemoDevelopment } from './development';
import { insertDemoPoints } from './points';
import { insertDemoContent } from './content';
import { insertDemoLearningAndPosters } from './learning-posters';
import { insertDemoCoupons } from './coupons';
import { detailParts, insertPartExtras } from './part-extras';
import { insertDemoActivity } from './activity';
import { insertDemoFulfilment } from './order-fulfilment';
import { insertDemoStatements } from './statements';
import { insertDemoMessages } from './messages';
import { buildEngineIndex, generatePart, hotRecommendRanks, type GeneratedPart, type PartContext } from './parts';
import { DEMO_PASSWORD } from './definitions/accounts';

/**
 * The demo data generator (design.md section 5): a realistic catalog of `parts` parts with
 * numbers, fitment, prices for the brand's price labels and stock in both warehouses, the
 * home content, and the demo companies and accounts. Deterministic: the same seed, size and
 * brand make the same rows. Everything happens in one transaction.
 */

export const DEFAULT_SEED = 20240601;
/**
 * Dates in the demo data (new arrivals, orders, questions) lie before a reference date. Tests use
 * this fixed one so the rows repeat exactly; a shop seeded for people to use passes today
 * (demoReferenceDateToday) so its new arrivals are new and its order history is recent.
 */
export const DEMO_REFERENCE_DATE = new Date('2025-06-30T02:00:00Z');

/** Today at 02:00 UTC: the same for every seeding on one day. */
export function demoReferenceDateToday(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2));
}

/** Tables the parts go into. */
const PART_TABLES = [products, productNumbers, productFitments, productPrices, productStocks].map(getTableName);

/** Tables kept by a reset: reference data inserted by migrations. */
const KEEP_ON_RESET = new Set(['warehouses']);

export interface GenerateOptions {
  parts: number;
  brand: BrandKey;
  seed?: number;
  /** Empty every table (except migration reference data) first. */
  reset?: boolean;
  /** Parts per insert batch. */
  batchSize?: number;
  referenceDate?: Date;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Create the demo companies and accounts (default true; tests with their own accounts say false). */
  withAccounts?: boolean;
  /** Quietly do nothing (null) instead of failing when the database is not empty. */
  skipIfNotEmpty?: boolean;
}

export interface GenerateResult {
  parts: number;
  numbers: number;
  fitments: number;
  prices: number;
  stocks: number;
  accounts: number;
  ms: number;
}

/** Empties every table of the current schema except KEEP_ON_RESET. */
export async function resetDatabase(db: Executor): Promise<void> {
  const rows = (
    await db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
    )
  ).rows;
  const tables = rows.map((r) => r.tablename).filter((t) => !KEEP_ON_RESET.has(t));
  if (tables.length === 0) return;
  await db.execute(
    sql`truncate table ${sql.join(
      tables.map((t) => sql.identifier(t)),
      sql`, `,
    )} restart identity cascade`,
  );
}

/** True when the database has no products and (unless only the catalog is asked about) no companies. */
export async function isDatabaseEmpty(db: Executor, scope: 'all' | 'catalog' = 'all'): Promise<boolean> {
  const companiesExist = scope === 'all' ? sql`exists(select 1 from ${companies})` : sql`false`;
  const [row] = (
    await db.execute<{ busy: boolean }>(sql`select ${companiesExist} or exists(select 1 from ${products}) as busy`)
  ).rows;
  return row?.busy === false;
}

/** Generates parts first..last, yielding now and then so queued inserts keep going meanwhile. */
async function generateBatch(ctx: PartContext, first: number, last: number): Promise<GeneratedPart[]> {
  const batch: GeneratedPart[] = [];
  for (let id = first; id <= last; id++) {
    batch.push(generatePart(ctx, id));
    if (id % 500 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return batch;
}

/**
 * The triggers off during the bulk load: those that keep the copies on the part
 * (products.row_prices, row_search_numbers: migration 0008; row_stocks: migration 0012) for the
 * tables it writes, and the restock arrivals of product_stocks (migration 0018: a new catalog has
 * no reminders to tell). (The few videos and carousels are written afterwards, with their
 * triggers on.)
 */
const COPY_TRIGGERS = {
  product_prices: ['product_prices_inserted', 'product_prices_updated', 'product_prices_deleted'],
  product_numbers: ['product_numbers_inserted', 'product_numbers_updated', 'product_numbers_deleted'],
  product_stocks: [
    'product_stocks_inserted',
    'product_stocks_updated',
    'product_stocks_deleted',
    'product_stocks_arrived_on_insert',
    'product_stocks_arrived_on_update',
  ],
};

async function setCopyTriggers(tx: Executor, action: 'enable' | 'disable'): Promise<void> {
  for (const [table, triggers] of Object.entries(COPY_TRIGGERS))
    for (const trigger of triggers) await tx.execute(sql.raw(`alter table ${table} ${action} trigger ${trigger}`));
}

export async function generateDemoData(
  db: Db,
  options: GenerateOptions & { skipIfNotEmpty: true },
): Promise<GenerateResult | null>;
export async function generateDemoData(db: Db, options: GenerateOptions): Promise<GenerateResult>;

export async function generateDemoData(db: Db, options: GenerateOptions): Promise<GenerateResult | null> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const total = options.parts;
  if (!Number.isInteger(total) || total < 1) throw new Error(`parts must be a positive integer, got ${total}`);
  const batchSize = options.batchSize ?? 5000;
  const variant = getBrandVariant(options.brand);
  // Hash once, before the transaction: every demo account shares it.
  const withAccounts = options.withAccounts ?? true;
  const passwordHash = withAccounts ? await hashPassword(DEMO_PASSWORD) : '';

  const result = await db.transaction(async (tx) => {
    // One generator at a time (several server processes may start together).
    await tx.execute(sql`select pg_advisory_xact_lock(727100)`);
    if (options.reset) await resetDatabase(tx);
    if (!(await isDatabaseEmpty(tx, withAccounts ? 'all' : 'catalog'))) {
      if (options.skipIfNotEmpty) return null;
      throw new Error(
        `the database already holds ${withAccounts ? 'companies or products' : 'products'}; use --reset to empty it first`,
      );
    }
    await insertWarehouses(tx);
    const refs = await insertReferenceData(tx);
    const ctx: PartContext = {
      seed: options.seed ?? DEFAULT_SEED,
      variant,
      refs,
      hotRanks: hotRecommendRanks(total),
      referenceDate: options.referenceDate ?? DEMO_REFERENCE_DATE,
      engines: buildEngineIndex(refs),
    };

    const counts = { numbers: 0, fitments: 0, prices: 0, stocks: 0 };
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    let lastLog = performance.now();
    const stored = (added: BatchCounts, last: number) => {
      counts.numbers += added.numbers;
      counts.fitments += added.fitments;
      counts.prices += added.prices;
      counts.stocks += added.stocks;
      if (performance.now() - lastLog > 2000 || last === total) {
        lastLog = performance.now();
        log(`parts ${last}/${total} (${Math.round((last / total) * 100)}%), ${elapsed()}`);
      }
    };
    // Keys and indexes are built once at the end (much faster than maintaining them row by
    // row), and the next batch is generated while the database stores the previous one. The
    // copies on the part (migration 0008) are made once after that, not by their triggers batch
    // by batch (without the indexes those read the whole price table per part: 5,000 parts
    // took 16 s instead of 1.5).
    await setCopyTriggers(tx, 'disable');
    await withDeferredIndexes(tx, PART_TABLES, async () => {
      let pending: Promise<void> | undefined;
      for (let first = 1; first <= total; first += batchSize) {
        const last = Math.min(total, first + batchSize - 1);
        const batch = await generateBatch(ctx, first, last);
        await pending;
        pending = insertPartBatch(tx, batch).then((added) => stored(added, last));
        // A failure is reported by the `await` above; meanwhile it is not an unhandled rejection.
        pending.catch(() => {});
      }
      await pending;
      log(`building indexes and keys, ${elapsed()}`);
    });
    await setCopyTriggers(tx, 'enable');
    await tx.execute(sql`select products_refresh_row_copies()`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), ${total})`);

    const accountCount = withAccounts ? await insertDemoAccounts(tx, passwordHash) : 0;
    if (withAccounts) await insertDemoStaff(tx, passwordHash);
    await insertDemoContent(tx);
    await insertDemoLearningAndPosters(tx, new Date());
    // Details (gallery, kit, attributes, carousel, videos) and the demo companies' activity
    // for the first few thousand parts only, so a million parts cost no more here.
    const detailsStarted = performance.now();
    const withDetails = detailParts(ctx, total);
    await insertPartExtras(tx, ctx, withDetails);
    if (withAccounts) await insertDemoActivity(tx, ctx, withDetails, variant.priceLabels[0]!.key);
    if (withAccounts) await insertDemoFulfilment(tx);
    if (withAccounts) await insertDemoDevelopment(tx, ctx.referenceDate);
    if (withAccounts) await insertDemoPoints(tx, new Date());
    if (withAccounts) await insertDemoCoupons(tx, ctx.referenceDate);
    if (withAccounts) await insertDemoStatements(tx, new Date());
    // Last: the message centre, price drops and protection, shared stock, from the history above.
    if (withAccounts) await insertDemoMessages(tx, variant, ctx.referenceDate);
    log(
      `details and activity of ${withDetails.length} parts in ${((performance.now() - detailsStarted) / 1000).toFixed(1)} s`,
    );
    return { parts: total, ...counts, accounts: accountCount };
  });
  // After the commit (VACUUM runs outside a transaction): fresh statistics for good plans, and the
  // visibility map and hint bits set once, here, instead of by the first requests. Without it a
  // freshly seeded PGlite (which has no autovacuum) answered the name search at 100/s with a p50
  // of 150-230 ms instead of 9 (100,000 parts).
  if (result) await db.execute(sql.raw(`vacuum (analyze) ${PART_TABLES.join(', ')}`));
  // Timed after the commit, which takes a while after a big load.
  return result && { ...result, ms: Math.round(performance.now() - started) };
}
