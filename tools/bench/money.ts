/**
 * `npm run bench -- money`: the money side of issue 28 on PostgreSQL.
 *
 *   - statements: --companies (default 10,000) companies with --order-lines (default 1,000,000)
 *     order lines delivered in one month (orders of --lines-per-order lines, completed in the
 *     month and posted to the company ledger as the ledger subscriber posts them: goods, voucher
 *     credit), a payment per company and a balance carried over from the month before; then the
 *     month's statements are built with the job's own function (modules/statements/build.ts, one
 *     set-based transaction). Target ≤ 60 s. Printed: the time, the rows written, the CPU of this
 *     process (the job's server side) and of PostgreSQL, and a check that every statement's total
 *     equals the sum of its lines and its closing = opening + total, to the cent.
 *   - price protection (tools/bench/money-protection.ts, also `npm run bench -- money-protection`):
 *     staff lower the price of a part that --companies companies bought; the time until every
 *     compensation and message exists. Target ≤ 10 s.
 *
 * A scratch database (--pg-db, default shop_bench_money) next to --pg-url is made afresh and
 * dropped after (--keep keeps it).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '@shop/server/db/client';
import { createScratchDatabase, withPgClient } from '@shop/server/db/scratch-database';
import { runTransaction } from '@shop/server/platform/request-context';
import { buildStatements } from '@shop/server/modules/statements/build';
import { PG_DATABASE_OPTIONS, benchOptions, positive } from './args';
import { CpuMeter } from './cpu';
import { baselineOnOwnServer, jobWithRatios } from './baseline';
import { benchAdminUrl, describePgUrl } from './pg-url';

const MONTH = '2026-03';
/** March 2026 in China time, and the month before. */
const MONTH_START = '2026-02-28T16:00:00Z';
const PREVIOUS_MONTH = '2026-02';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    {
      ...PG_DATABASE_OPTIONS,
      companies: { type: 'string' },
      'order-lines': { type: 'string' },
      'lines-per-order': { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    'npm run bench -- money [--pg-url URL] [--pg-db shop_bench_money] [--companies 10000] [--order-lines 1000000] [--lines-per-order 10] [--keep]',
  );
  if (!values) return;
  const companies = positive(values.companies, 10_000);
  const orderLines = positive(values['order-lines'], 1_000_000);
  const perOrder = positive(values['lines-per-order'], 10);
  const adminUrl = benchAdminUrl(values['pg-url']);
  const name = values['pg-db'] ?? 'shop_bench_money';
  await withPgClient(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
  const scratch = await createScratchDatabase(adminUrl, name);
  console.log(`money: PostgreSQL (${describePgUrl(adminUrl)}), database ${name}`);
  // This bench runs the job in its own process: the baseline is measured on a shop server started
  // on an empty database of the same PostgreSQL for it.
  const baseline = await baselineOnOwnServer(18_700 + Math.floor(Math.random() * 200), adminUrl);
  const database = await openDatabase({ url: scratch.url, poolSize: 2 });
  try {
    await database.migrate();
    const { db } = database;
    const orders = Math.ceil(orderLines / perOrder);

    // ---- data: companies, parts, the month's completed orders and their ledger entries ----
    let started = performance.now();
    await db.execute(sql`insert into warehouses (id, name_zh) values (1, '广州仓') on conflict do nothing`);
    await db.execute(sql`insert into makes (name_zh, name_en) values ('宝马', 'BMW')`);
    await db.execute(sql`insert into categories (level, l_name_zh) values (1, '制动系统')`);
    await db.execute(sql`insert into products (frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh, product_name,
        make_id, category_id)
      select 'BM-' || g, 'BM' || g, 'OE ' || g, 'OE' || g, '刹车片 ' || g, '宝马 刹车片 ' || g,
        (select min(id) from makes), (select min(id) from categories)
      from generate_series(1, 1000) g`);
    await db.execute(
      sql`insert into companies (name) select '基准汽配' || g || '有限公司' from generate_series(1, ${companies}) g`,
    );
    await db.execute(sql`insert into accounts (company_id, username, phone, password_hash, is_main)
      select c.id, 'bench_' || c.id, '16' || lpad(c.id::text, 9, '0'), 'x', 1 from companies c`);
    await db.execute(sql`insert into orders (company_id, account_id, orders_no, status, total_amount, voucher_amount,
        created_at, completed_at)
      select a.company_id, a.id, 'SO202603' || lpad(g::text, 8, '0'), 'completed', 0, 0,
        ${MONTH_START}::timestamptz + ((g % 27) || ' days')::interval,
        ${MONTH_START}::timestamptz + ((g % 27 + 1) || ' days')::interval + ((g % 86400) || ' seconds')::interval
      from generate_series(1, ${orders}) g
      join accounts a on a.company_id = (select min(id) from companies) + (g % ${companies})`);
    await db.execute(sql`insert into order_items (order_id, company_id, product_id, warehouse_id, quantity, price,
        created_at, shipped_quantity)
      select o.id, o.company_id, (select min(id) from products) + ((o.id * 7 + k) % 1000), 1, 1 + (k % 3),
        (10 + ((o.id + k) % 490) + ((o.id * k) % 100) / 100.0)::numeric(12, 2), o.created_at, 1 + (k % 3)
      from orders o, generate_series(1, ${perOrder}) k`);
    await db.execute(sql`update orders o set total_amount = t.total, voucher_amount = case when o.id % 10 = 0 then 20 else 0 end
      from (select order_id, sum(price * quantity) as total from order_items group by order_id) t where t.order_id = o.id`);
    // The ledger as postCompletedOrder posts it (goods and voucher), a payment per company, and last month's balance.
    await db.execute(sql`insert into company_ledger (company_id, kind, amount, occurred_at, source_key, description)
      select o.company_id, 'delivery', sum(i.price * i.shipped_quantity), o.completed_at, 'order:' || o.id,
        '订单 ' || o.orders_no || ' 发货签收'
      from orders o join order_items i on i.order_id = o.id group by o.id`);
    await db.execute(sql`insert into company_ledger (company_id, kind, amount, occurred_at, source_key, description)
      select company_id, 'voucher', -voucher_amount, completed_at, 'order:' || id, '订单 ' || orders_no || ' 优惠券抵扣'
      from orders where voucher_amount > 0`);
    await db.execute(sql`insert into company_ledger (company_id, kind, amount, occurred_at, source_key, description)
      select id, 'payment', -(1000 + id % 5000), ${MONTH_START}::timestamptz + interval '15 days', 'payment:bench:' || id,
        '回款（银行转账）' from companies`);
    await db.execute(sql`insert into company_ledger (company_id, kind, amount, occurred_at, source_key, description)
      select id, 'adjustment', 500 + id % 700, ${MONTH_START}::timestamptz - interval '10 days', 'bench:feb:' || id, '二月结转'
      from companies`);
    await runTransaction(db, (tx) => buildStatements(tx, PREVIOUS_MONTH));
    await db.execute(sql`analyze`);
    const [sizes] = (
      await db.execute(sql`select (select count(*) from order_items)::int as lines, (select count(*) from orders)::int as orders,
        (select count(*) from company_ledger)::int as ledger`)
    ).rows as { lines: number; orders: number; ledger: number }[];
    console.log(
      `  data: ${count(companies)} companies, ${count(sizes!.orders)} orders with ${count(sizes!.lines)} order lines in ${MONTH}, ` +
        `${count(sizes!.ledger)} ledger entries (made in ${seconds(performance.now() - started)})`,
    );

    // ---- the month's statements, as the job builds them ----
    // The job runs in this process: its server side is this process's CPU.
    const meter = await CpuMeter.open(process.pid, scratch.url);
    const cpuBefore = await meter.snapshot();
    started = performance.now();
    const outcome = await runTransaction(db, (tx) => buildStatements(tx, MONTH));
    const ms = performance.now() - started;
    const cpu = meter.perRequest(cpuBefore, await meter.snapshot(), 1);
    await meter.close();
    console.log(
      `  statements ${MONTH}: ${jobWithRatios(ms, cpu, baseline)} for ${count(outcome.statements)} statements ` +
        `with ${count(outcome.lines)} lines (target ≤ 60 s)`,
    );
    const [check] = (
      await db.execute(sql`select count(*)::int as statements,
        count(*) filter (where s.total <> coalesce(l.sum, 0) or s.closing <> s.opening + s.total or s.line_count <> coalesce(l.n, 0))::int as wrong,
        (select count(*)::int from statements p where p.month = ${PREVIOUS_MONTH}
          and p.closing <> (select opening from statements s2 where s2.company_id = p.company_id and s2.month = ${MONTH})) as opening_wrong
      from statements s left join (select sl.statement_id, sum(cl.amount) as sum, count(*) as n from statement_lines sl
        join company_ledger cl on cl.id = sl.ledger_id group by sl.statement_id) l on l.statement_id = s.id
      where s.month = ${MONTH}`)
    ).rows as { statements: number; wrong: number; opening_wrong: number }[];
    console.log(
      `  check: ${count(check!.statements)} statements, ${check!.wrong} whose total or closing differs from its lines, ` +
        `${check!.opening_wrong} whose opening differs from the previous closing`,
    );
  } finally {
    await database.close();
    if (!values.keep) await scratch.drop();
  }

  // ---- price protection: a drop on a part the same number of companies bought ----
  const protectionArgs = [
    '--companies',
    String(companies),
    ...(values['pg-url'] ? ['--pg-url', values['pg-url']] : []),
  ];
  await (await import('./money-protection')).run(protectionArgs);
}
