/**
 * `npm run bench -- money-protection`: a price drop on a part bought by --companies companies
 * (default 10,000), on PostgreSQL. A scratch database (created next to --pg-url, dropped afterwards
 * unless --keep) gets one part (class A, 60 protection days) at ¥100.00, the companies (a main
 * account each) and one order line of the part per company bought within the window, plus the demo
 * staff. The built server runs on it; the catalog staff member lowers the dealers' price through
 * the back office's API (POST /api/admin/prices/:id) and the figure is the time from that request
 * until every compensation, ledger entry and message exists (polled in the database). Target
 * (issue 28): ≤ 10 s. Figures depend on the machine and what else runs on it.
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { DEFAULT_BRAND, getBrandVariant } from '@shop/core/brand-variants';
import type { PartPrices } from '@shop/core/api/admin-prices';
import { openDatabase, type Db } from '@shop/server/db/client';
import { createScratchDatabase } from '@shop/server/db/scratch-database';
import { DEMO_PASSWORD } from '@shop/server/demo/definitions/accounts';
import { insertDemoStaff } from '@shop/server/demo/staff';
import { hashPassword } from '@shop/server/modules/user/password';
import { benchOptions, positive } from './args';
import { benchAdminUrl, describePgUrl } from './pg-url';
import { startShop, stopProcess } from './search';
import { CpuMeter, type CpuPerRequest } from './cpu';
import { cpuWithRatios, latencyRatio, measureBaseline, type Baseline } from './baseline';

export interface ProtectionBenchOptions {
  /** The admin connection (default: benchAdminUrl's). */
  pgUrl?: string;
  companies?: number;
  port?: number;
  keep?: boolean;
  /** Give up waiting after this long. */
  timeoutMs?: number;
}

export interface ProtectionBenchResult {
  companies: number;
  lines: number;
  messages: number;
  ledgerEntries: number;
  amount: string;
  /** Price save answered (ms after the request was sent). */
  saveMs: number;
  /** Every compensation written. */
  compensatedMs: number;
  /** Every message written. */
  messagedMs: number;
  /** Measured on the same server before the price save (baseline.ts). */
  baseline: Baseline;
  /** CPU of the server and of the database's backends from the save until every message was written. */
  cpu: CpuPerRequest | undefined;
}

const NEW_PRICE = '87.50';

async function seed(db: Db, companies: number): Promise<number> {
  const priceKey = getBrandVariant(DEFAULT_BRAND).priceLabels[0]!.key;
  await db.execute(sql`insert into makes (name_zh, name_en) values ('宝马', 'BMW')`);
  await db.execute(sql`insert into categories (level, l_name_zh) values (1, '制动系统'), (2, '刹车'), (3, '刹车片')`);
  const [part] = (
    await db.execute(sql`insert into products (frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh, product_name,
        make_id, category_id, pic, scm_classification)
      values ('PB-0001', 'PB0001', '34 11 6 850 100', '341168501 00', '前刹车片', '宝马 前刹车片',
        (select id from makes limit 1), (select max(id) from categories), '', 'A') returning id`)
  ).rows as { id: number }[];
  const productId = Number(part!.id);
  await db.execute(
    sql`insert into product_prices (product_id, price_key, amount) values (${productId}, ${priceKey}, 100)`,
  );
  await db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, available) values (${productId}, 1, 1000000)`,
  );
  await db.execute(
    sql`insert into companies (name) select '价保压测汽配' || g from generate_series(1, ${companies}) g`,
  );
  await db.execute(sql`insert into accounts (company_id, username, phone, password_hash, is_main)
    select c.id, 'pp_' || c.id, '172' || lpad(c.id::text, 8, '0'), 'x', 1 from companies c`);
  // One order per company, 1 to 5 units, bought 1 to 59 days ago at ¥100.00.
  await db.execute(sql`insert into orders (company_id, account_id, orders_no, status, total_amount, created_at)
    select a.company_id, a.id, 'SOPB' || lpad(a.company_id::text, 8, '0'), 'completed', 100 * (1 + a.company_id % 5),
      now() - ((1 + a.company_id % 59) * interval '1 day')
    from accounts a`);
  await db.execute(sql`insert into order_items (order_id, company_id, product_id, warehouse_id, quantity, price, created_at)
    select o.id, o.company_id, ${productId}, 1, 1 + o.company_id % 5, 100, o.created_at from orders o`);
  await insertDemoStaff(db, await hashPassword(DEMO_PASSWORD));
  await db.execute(sql`analyze`);
  return productId;
}

async function api<T>(port: number, method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

export async function benchProtection(options: ProtectionBenchOptions = {}): Promise<ProtectionBenchResult> {
  const companies = options.companies ?? 10_000;
  const port = options.port ?? 19_900 + Math.floor(Math.random() * 90);
  const adminUrl = benchAdminUrl(options.pgUrl);
  const scratch = await createScratchDatabase(adminUrl, `shop_bench_protection_${process.pid}`);
  let server: ChildProcess | undefined;
  let meter: CpuMeter | undefined;
  const database = await openDatabase({ url: scratch.url, poolSize: 2 });
  try {
    await database.migrate();
    const t0 = performance.now();
    const productId = await seed(database.db, companies);
    console.log(
      `database ${scratch.name} (${describePgUrl(scratch.url)}): ${companies} companies bought part ${productId}, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    server = await startShop(port, { DATABASE_URL: scratch.url, DEMO_DATA: '0' });
    meter = await CpuMeter.open(server.pid, scratch.url);
    const baseline = await measureBaseline(port, meter);
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'catalog', password: DEMO_PASSWORD }),
    }).then((r) => r.json() as Promise<{ status: number; msg: string; data: { token: string } }>);
    if (login.status !== 200) throw new Error(`staff login failed: ${login.msg}`);
    const token = login.data.token;
    const form = await api<PartPrices>(port, 'GET', `/api/admin/prices/${productId}`, token);
    const expected = Object.fromEntries(form.data.prices.map((p) => [p.key, p.amount]));
    const key = getBrandVariant(DEFAULT_BRAND).priceLabels[0]!.key;

    const cpuBefore = await meter.snapshot();
    const start = performance.now();
    const save = await api(port, 'POST', `/api/admin/prices/${productId}`, token, {
      prices: { [key]: NEW_PRICE },
      expected,
    });
    const saveMs = performance.now() - start;
    if (save.status !== 200) throw new Error(`price save refused: ${save.msg}`);
    let compensatedMs = 0;
    let messagedMs = 0;
    let last = { lines: 0, messages: 0, ledger: 0, amount: '0.00' };
    const deadline = start + (options.timeoutMs ?? 120_000);
    while (performance.now() < deadline) {
      const [row] = (
        await database.db.execute(sql`select
            (select count(*)::int from price_protection_claims) as lines,
            (select coalesce(sum(amount), 0)::numeric(14, 2)::text from price_protection_claims) as amount,
            (select count(*)::int from company_ledger where kind = 'compensation') as ledger,
            (select count(*)::int from messages where tip_name = '价格保护补偿') as messages`)
      ).rows as { lines: number; messages: number; ledger: number; amount: string }[];
      last = {
        lines: Number(row!.lines),
        messages: Number(row!.messages),
        ledger: Number(row!.ledger),
        amount: row!.amount,
      };
      const now = performance.now() - start;
      if (!compensatedMs && last.lines >= companies && last.ledger >= companies) compensatedMs = now;
      if (!messagedMs && last.messages >= companies) messagedMs = now;
      if (compensatedMs && messagedMs) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    // The bench's own polling backend is counted too; it is small beside the work.
    const cpu = meter.perRequest(cpuBefore, await meter.snapshot(), 1);
    if (!compensatedMs || !messagedMs) {
      throw new Error(
        `not done in time: ${last.lines} compensations, ${last.ledger} ledger entries, ${last.messages} messages`,
      );
    }
    return {
      companies,
      lines: last.lines,
      messages: last.messages,
      ledgerEntries: last.ledger,
      amount: last.amount,
      saveMs,
      compensatedMs,
      messagedMs,
      baseline,
      cpu,
    };
  } finally {
    await meter?.close();
    await database.close();
    if (server) {
      await stopProcess(server);
    }
    if (options.keep) console.log(`kept database ${scratch.url}`);
    else await scratch.drop();
  }
}

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    { 'pg-url': { type: 'string' }, companies: { type: 'string' }, keep: { type: 'boolean', default: false } },
    'npm run bench -- money-protection [--pg-url URL] [--companies 10000] [--keep]',
  );
  if (!values) return;
  const r = await benchProtection({
    pgUrl: values['pg-url'],
    companies: positive(values.companies, 10_000),
    keep: values.keep,
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s (${latencyRatio(ms, r.baseline)} hello)`;
  console.log(
    `price drop ¥100.00 → ¥${NEW_PRICE}, PostgreSQL: ${r.companies} companies; save answered in ${s(r.saveMs)}; ` +
      `${r.lines} compensations (¥${r.amount}) and ${r.ledgerEntries} ledger entries after ${s(r.compensatedMs)}; ` +
      `${r.messages} messages after ${s(r.messagedMs)} (target ≤ 10 s); ` +
      `CPU from the save to the last message, server + PostgreSQL: ${cpuWithRatios(r.cpu, r.baseline, 0)}`,
  );
}
