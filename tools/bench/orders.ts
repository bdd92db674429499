/**
 * `npm run bench -- orders`: order placement (POST /api/Shop.Order/add) through HTTP on loopback,
 * on PostgreSQL. A scratch database (created next to --pg-url, dropped afterwards) gets a small
 * catalog, --buyers companies (one regional main account each, with a session and two addresses)
 * and every cart line the run will order, plus a history (2,000 dealers not ordering during the
 * run, 5 past orders per dealer; seedHistory says why); the server runs as its own process
 * (built, as npm start runs it, with --workers processes, default 1) on it.
 *
 * Closed loop: each buyer sends its orders one after another (next when the answer is in), all
 * buyers at once, so --buyers requests are in flight. Two mixes:
 *   - uniform: 3 lines per order from 300 parts (ample stock): orders hardly share stock rows;
 *   - hot: each order has 1 line of 10 hot parts (limited stock: they sell out, so lack items
 *     are written too) and 2 uniform lines: orders contend for the same stock rows.
 * A third run sends an authenticated call that does nothing (getUserMaxFreyCoin) the same way:
 * HTTP, auth and the load generator at this concurrency.
 * Before the mixes the baseline (baseline.ts) is measured on the same server; every figure is
 * also printed as a ratio to it, and a mix's CPU is read once its order.placed events have been
 * delivered. At the end, the units oversold, read from the database (expected 0).
 * --statements N instead places N orders one at a time with PostgreSQL's statement log on for the
 * bench database and prints the statements, round trips and backend time per order (pg-log.ts).
 * Options: --pg-url (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
 * --buyers 200, --uniform-orders 40 and --hot-orders 20 (per buyer), --keep (keep the database),
 * --statements N, --explain, --pg-log FILE.
 * Absolute figures depend on the machine and what else runs on it (docs/performance/README.md).
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { benchOptions } from './args';
import { sql } from 'drizzle-orm';
import { getBrandVariant, DEFAULT_BRAND } from '@shop/core/brand-variants';
import { openDatabase, type Db } from '@shop/server/db/client';
import { createScratchDatabase } from '@shop/server/db/scratch-database';
import { CpuMeter, type CpuPerRequest } from './cpu';
import { cpuWithRatios, measureBaseline, msWithRatio, rateRatio, type Baseline } from './baseline';
import { KeepAliveClient } from './open-loop';
import { DEFAULT_PG_LOG, printStatements, StatementLog } from './pg-log';
import { percentile, startShop, stopProcess } from './search';
import { serverWorkers } from './targets';
import { benchAdminUrl, describePgUrl } from './pg-url';

const PARTS = 300;
const HOT = 10;
const HOT_STOCK = 250;
/** The shop's history (seedHistory): dealers not ordering during the run, and past orders per dealer. */
const DORMANT_COMPANIES = 2_000;
const HISTORY_ORDERS_PER_COMPANY = 5;

interface Buyer {
  index: number;
  companyId: number;
  accountId: number;
  token: string;
  addressId: number;
  otherAddressId: number;
  /** Cart line ids per order, per mix. */
  uniform: number[][];
  hot: number[][];
  warmup: number[];
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function shuffle<T>(list: T[], random: () => number): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

async function seed(db: Db, buyersCount: number, uniformOrders: number, hotOrders: number): Promise<Buyer[]> {
  const priceKey = getBrandVariant(DEFAULT_BRAND).priceLabels[0]!.key;
  await db.execute(sql`insert into makes (name_zh, name_en) values ('宝马', 'BMW')`);
  await db.execute(sql`insert into categories (level, l_name_zh) values (1, '制动系统'), (2, '刹车'), (3, '刹车片')`);
  await db.execute(sql`insert into products (frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh, product_name,
      make_id, category_id, pic)
    select 'BO-' || g, 'BO' || g, '34 11 ' || g, '3411' || g, '刹车片' || g, '宝马 刹车片' || g,
      (select id from makes limit 1), (select max(id) from categories), ''
    from generate_series(1, ${PARTS}) g`);
  await db.execute(sql`insert into product_prices (product_id, price_key, amount)
    select id, ${priceKey}, (100 + id % 400)::numeric(12,2) from products`);
  // Parts 1..HOT (lowest ids) are the hot ones with limited stock.
  await db.execute(sql`insert into product_stocks (product_id, warehouse_id, available)
    select p.id, w, case when p.id <= (select min(id) + ${HOT - 1} from products) then ${HOT_STOCK} else 1000000 end
    from products p cross join (values (1), (2)) ws(w)`);
  const productIds = (await db.execute(sql`select id from products order by id`)).rows.map((r) =>
    Number((r as { id: number }).id),
  );
  const hotIds = productIds.slice(0, HOT);
  const coldIds = productIds.slice(HOT);

  const companies = (
    await db.execute(
      sql`insert into companies (name, is_regional_warehouse) select '压测汽配' || g, 1 from generate_series(1, ${buyersCount}) g returning id`,
    )
  ).rows.map((r) => Number((r as { id: number }).id));
  const buyers: Buyer[] = [];
  const random = rng(7);
  const cartRows: {
    companyId: number;
    accountId: number;
    productId: number;
    warehouseId: number;
    quantity: number;
    slot: string;
  }[] = [];
  for (const [index, companyId] of companies.entries()) {
    const [acc] = (
      await db.execute(sql`insert into accounts (company_id, username, phone, password_hash, is_main)
        values (${companyId}, ${`bench_${index + 1}`}, ${`171${String(index + 1).padStart(8, '0')}`}, 'x', 1) returning id`)
    ).rows as { id: number }[];
    const accountId = Number(acc!.id);
    // A session as the login makes it (sessions.ts: random token, SHA-256 stored).
    const token = randomBytes(32).toString('base64url');
    await db.execute(sql`insert into sessions (token_hash, account_id, company_id, expires_at, ip, user_agent)
      values (${createHash('sha256').update(token).digest('hex')}, ${accountId}, ${companyId}, now() + interval '1 day', '', 'bench')`);
    const addr = (
      await db.execute(sql`insert into addresses (company_id, account_id, contacts, mobile, province, city, district,
          area_code, street, is_main, other_is_main)
        values (${companyId}, ${accountId}, '张三', '13912345678', '广东省', '广州市', '天河区', '440106', '天河路 1 号', true, false),
               (${companyId}, ${accountId}, '李四', '13912345679', '北京市', '北京市', '朝阳区', '110105', '建国路 1 号', false, true)
        returning id`)
    ).rows.map((r) => Number((r as { id: number }).id));
    const cold = shuffle(
      coldIds.flatMap((p) => [`${p}:1`, `${p}:2`]),
      random,
    );
    const hot = shuffle(
      hotIds.flatMap((p) => [`${p}:1`, `${p}:2`]),
      random,
    );
    const b: Buyer = {
      index,
      companyId,
      accountId,
      token,
      addressId: addr[0]!,
      otherAddressId: addr[1]!,
      uniform: [],
      hot: [],
      warmup: [],
    };
    const take = (combo: string, slot: string) => {
      const [productId, warehouseId] = combo.split(':').map(Number) as [number, number];
      cartRows.push({
        companyId,
        accountId,
        productId,
        warehouseId,
        quantity: 1 + Math.floor(random() * 3),
        slot: `${index}|${slot}`,
      });
    };
    take(cold.pop()!, 'warmup|0');
    for (let k = 0; k < uniformOrders; k++) for (let n = 0; n < 3; n++) take(cold.pop()!, `uniform|${k}`);
    const hotCount = Math.min(hotOrders, hot.length);
    for (let k = 0; k < hotCount; k++) {
      take(hot.pop()!, `hot|${k}`);
      for (let n = 0; n < 2; n++) take(cold.pop()!, `hot|${k}`);
    }
    buyers.push(b);
  }
  for (let i = 0; i < cartRows.length; i += 5000) {
    const chunk = cartRows.slice(i, i + 5000);
    const ids = (
      await db.execute(sql`insert into cart_items (company_id, account_id, product_id, warehouse_id, quantity)
        select * from unnest(${sql.param(chunk.map((c) => c.companyId))}::int[], ${sql.param(chunk.map((c) => c.accountId))}::int[],
          ${sql.param(chunk.map((c) => c.productId))}::int[], ${sql.param(chunk.map((c) => c.warehouseId))}::int[],
          ${sql.param(chunk.map((c) => c.quantity))}::int[])
        returning id`)
    ).rows.map((r) => Number((r as { id: number }).id));
    chunk.forEach((c, k) => {
      const [index, mix, order] = c.slot.split('|') as [string, 'warmup' | 'uniform' | 'hot', string];
      const b = buyers[Number(index)]!;
      if (mix === 'warmup') b.warmup.push(ids[k]!);
      else (b[mix][Number(order)] ??= []).push(ids[k]!);
    });
  }
  await seedHistory(db, priceKey);
  // The stock at the start, for the units oversold at the end (unitsOversold).
  await db.execute(
    sql`create table bench_stock_start as select product_id, warehouse_id, available from product_stocks`,
  );
  await db.execute(sql`analyze`);
  return buyers;
}

/**
 * What a running shop already holds: dealers that do not order during the run, and past orders
 * with their lines. Without them the tables the orders refer to are analysed nearly empty, and
 * PostgreSQL plans the foreign-key checks (cached per connection for its life) as scans of the
 * whole table, which grows with every order of the run: a cost no running shop has.
 */
async function seedHistory(db: Db, priceKey: string): Promise<void> {
  await db.execute(
    sql`insert into companies (name) select '历史客户' || g from generate_series(1, ${DORMANT_COMPANIES}) g`,
  );
  await db.execute(sql`insert into accounts (company_id, username, phone, password_hash, is_main)
    select c.id, 'dormant_' || c.id, '170' || lpad(c.id::text, 8, '0'), 'x', 1
    from companies c where not exists (select 1 from accounts a where a.company_id = c.id)`);
  await db.execute(sql`insert into orders (company_id, account_id, orders_no, status, total_amount, created_at)
    select a.company_id, a.id, 'HIST' || a.id || '-' || g, 'completed', 0, now() - g * interval '1 day'
    from accounts a cross join generate_series(1, ${HISTORY_ORDERS_PER_COMPANY}) g`);
  await db.execute(sql`insert into order_items (order_id, company_id, product_id, warehouse_id, quantity, price, created_at)
    select o.id, o.company_id, p.id, 1 + (o.id + n) % 2, 1, pp.amount, o.created_at
    from orders o cross join generate_series(0, 2) n
    join products p on p.id = (select min(id) from products) + (o.id * 7 + n * 101) % ${PARTS}
    join product_prices pp on pp.product_id = p.id and pp.price_key = ${priceKey}`);
}

interface Outcome {
  latencies: number[];
  failed: number;
  short: number;
  seconds: number;
  /** CPU milliseconds per order of the server and of PostgreSQL (Linux). */
  cpu?: CpuPerRequest;
  firstError?: string;
}

async function runMix(
  port: number,
  meter: CpuMeter,
  buyers: Buyer[],
  pick: (b: Buyer) => number[][],
  label: string,
  path = '/api/Shop.Order/add',
  /** Buyers sending at once (all by default). */
  concurrency = buyers.length,
): Promise<Outcome> {
  const latencies: number[] = [];
  let failed = 0;
  let short = 0;
  let firstError: string | undefined;
  // Each buyer on a keep-alive connection of its own (KeepAliveClient).
  const send = async (b: Buyer, client: KeepAliveClient, cartIds: number[], key: string) => {
    try {
      const answer = await client.request(
        {
          method: 'POST',
          path,
          body: JSON.stringify({
            pd_cart_ids: cartIds.join(','),
            address_id: b.addressId,
            other_address_id: b.otherAddressId,
          }),
        },
        { authorization: b.token, 'idempotency-key': key },
        b.index,
      );
      latencies.push(answer.ms);
      const body = JSON.parse(answer.body) as { status: number; data: { return_data: unknown[] } | null };
      if (body.status !== 200) {
        failed++;
        firstError ??= `${answer.status} ${answer.body.slice(0, 200)}`;
      } else if (body.data?.return_data && body.data.return_data.length > 0) short++;
    } catch (err) {
      failed++;
      firstError ??= String(err);
    }
  };
  const cpuBefore = await meter.snapshot();
  const started = performance.now();
  let sent = 0;
  let nextBuyer = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, buyers.length) }, async () => {
      while (nextBuyer < buyers.length) {
        const b = buyers[nextBuyer++]!;
        const client = new KeepAliveClient(port);
        for (const [k, cartIds] of pick(b).entries()) {
          await send(b, client, cartIds, `bench-${label}-${b.index}-${k}`);
          sent++;
        }
        client.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // The orders' events (order.placed → message rows) are delivered after each commit, in the
  // background: the CPU is read once none is left, so each mix is charged with its own.
  const delivered = await meter.waitForNone(
    "select count(*) from domain_events where dispatched_at is null and available_at < 'infinity'",
    60_000,
  );
  if (!delivered) firstError ??= 'events still undelivered 60 s after the last order';
  const cpu = meter.perRequest(cpuBefore, await meter.snapshot(), sent);
  return { latencies, failed, short, seconds, ...(cpu ? { cpu } : {}), ...(firstError ? { firstError } : {}) };
}

function report(label: string, o: Outcome, target: { rate: number; p99: number }, b: Baseline): void {
  const sorted = [...o.latencies].sort((a, b) => a - b);
  const rate = o.latencies.length / o.seconds;
  const p99 = percentile(sorted, 99);
  console.log(
    `${label.padEnd(8)} ${String(o.latencies.length).padStart(6)} orders in ${o.seconds.toFixed(1)} s: ` +
      `${rate.toFixed(0)} orders/s (${rateRatio(rate, b)} hello; target ≥ ${target.rate}); ` +
      `latency p50 ${msWithRatio(percentile(sorted, 50), b, 0)}, p95 ${msWithRatio(percentile(sorted, 95), b, 0)}, ` +
      `p99 ${msWithRatio(p99, b, 0)} (target ≤ ${target.p99}), max ${sorted.at(-1)?.toFixed(0)} ms; ` +
      `with lack items ${o.short}; failed ${o.failed}${o.firstError ? ` (first: ${o.firstError})` : ''}` +
      `; CPU per order, server + PostgreSQL: ${cpuWithRatios(o.cpu, b)}`,
  );
}

/**
 * Units sold past the stock there was, read from the database after the run: per stock row, the
 * units of the run's order lines beyond its stock at the start (expected 0); and the stock rows
 * whose count is not their start less what the run's orders took (expected 0).
 */
async function unitsOversold(url: string): Promise<{ oversold: number; offBooks: number }> {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const [row] = (
      await database.db.execute(sql`
        with sold as (
          select i.product_id, i.warehouse_id, sum(i.quantity)::int as units
          from order_items i join orders o on o.id = i.order_id
          where o.orders_no not like 'HIST%'
          group by i.product_id, i.warehouse_id
        )
        select coalesce(sum(greatest(0, coalesce(sold.units, 0) - b.available)), 0)::int as oversold,
          count(*) filter (where s.available <> b.available - coalesce(sold.units, 0))::int as off_books
        from bench_stock_start b
        join product_stocks s on s.product_id = b.product_id and s.warehouse_id = b.warehouse_id
        left join sold on sold.product_id = b.product_id and sold.warehouse_id = b.warehouse_id`)
    ).rows as { oversold: number; off_books: number }[];
    return { oversold: Number(row!.oversold), offBooks: Number(row!.off_books) };
  } finally {
    await database.close();
  }
}

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    {
      'pg-url': { type: 'string' },
      buyers: { type: 'string' },
      'uniform-orders': { type: 'string' },
      'hot-orders': { type: 'string' },
      port: { type: 'string' },
      keep: { type: 'boolean', default: false },
      workers: { type: 'string' },
      statements: { type: 'string' },
      'pg-log': { type: 'string' },
      explain: { type: 'boolean', default: false },
    },
    'npm run bench -- orders [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--buyers 200] [--uniform-orders 40] [--hot-orders 20] [--workers N] [--keep]\n' +
      `  --statements N: instead of the load, N orders one at a time with PostgreSQL's statement log on: the statements, round trips and backend time per order (--pg-log ${DEFAULT_PG_LOG}; --explain: auto_explain's plans with timings in that log too)`,
  );
  if (!values) return;
  const int = (v: string | undefined, d: number) => (v === undefined ? d : Math.max(1, Number.parseInt(v, 10) || d));
  const buyersCount = int(values.buyers, 200);
  const uniformOrders = int(values['uniform-orders'], 40);
  const hotOrders = Math.min(int(values['hot-orders'], 20), HOT * 2);
  const workers = serverWorkers(values.workers);
  const adminUrl = benchAdminUrl(values['pg-url']);
  const port = int(values.port, 18_431);
  const scratch = await createScratchDatabase(adminUrl, `shop_bench_orders_${process.pid}`);
  let server: ChildProcess | undefined;
  let meter: CpuMeter | undefined;
  try {
    const database = await openDatabase({ url: scratch.url, poolSize: 4 });
    let buyers: Buyer[];
    try {
      await database.migrate();
      const t0 = performance.now();
      buyers = await seed(database.db, buyersCount, uniformOrders, hotOrders);
      console.log(
        `database ${scratch.name} (${describePgUrl(scratch.url)}): ${buyersCount} buyers, ${PARTS} parts (${HOT} hot), seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
    const statementLog = values.statements
      ? await StatementLog.enable(adminUrl, scratch.name, values['pg-log'], values.explain)
      : undefined;
    server = await startShop(port, { DATABASE_URL: scratch.url, DEMO_DATA: '0', WORKERS: String(workers) });
    meter = await CpuMeter.open(server.pid, scratch.url);
    const baseline = await measureBaseline(port, meter);
    // Warm-up: one order per buyer (connections, prepared plans, JIT of the server code).
    await runMix(port, meter, buyers, (b) => [b.warmup], 'warmup');
    if (statementLog) {
      const count = Math.min(int(values.statements, 100), buyers.length);
      // The warm-up's events handled first (the order.placed dispatch runs after each commit).
      await new Promise((r) => setTimeout(r, 2_000));
      statementLog.mark();
      await runMix(port, meter, buyers.slice(0, count), (b) => [b.uniform[0]!], 'one', undefined, 1);
      await new Promise((r) => setTimeout(r, 2_000));
      printStatements(statementLog.read(), count, 'order');
      return;
    }
    console.log(
      `${buyersCount} concurrent buyers, POST /api/Shop.Order/add, PostgreSQL, ${workers} server process${workers > 1 ? 'es' : ''} (rough figures on a shared machine):`,
    );
    const uniform = await runMix(port, meter, buyers, (b) => b.uniform, 'uniform');
    report('uniform', uniform, { rate: 1000, p99: 250 }, baseline);
    report('hot', await runMix(port, meter, buyers, (b) => b.hot, 'hot'), { rate: 1000, p99: 500 }, baseline);
    // An authenticated call that does nothing at the same concurrency and count: HTTP, auth and the
    // load generator under this load.
    report(
      'no-op',
      await runMix(port, meter, buyers, (b) => b.uniform, 'noop', '/api/Shop.Order/getUserMaxFreyCoin'),
      { rate: 1000, p99: 250 },
      baseline,
    );
    const { oversold, offBooks } = await unitsOversold(scratch.url);
    console.log(
      `units oversold (from the database after the run): ${oversold} (expected 0); ` +
        `stock rows not at their start less the orders' units: ${offBooks} (expected 0)`,
    );
  } finally {
    await meter?.close();
    if (server) {
      await stopProcess(server);
    }
    if (values.keep) console.log(`kept database ${scratch.url}`);
    else await scratch.drop();
  }
}
