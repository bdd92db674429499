/**
 * `npm run bench -- report`: the partner report (docs/report.md) on PostgreSQL through HTTP on
 * loopback against the built server, as dealer_a (company A) asks for it:
 *
 *   - the database --pg-db (default shop_bench_report) next to --pg-url, seeded by the server on
 *     first start with --parts demo parts, then filled up to --lines order lines (default
 *     1,000,000) over the last 24 months; company A, the heaviest buyer, places --share of them
 *     (default a fifth), the other main accounts the rest; parts drawn with a skew (popular
 *     parts more often), as dealers buy;
 *   - --requests summaries one after another (the last 12 months against the 12 before, and this
 *     year so far) and a few exports: p50/p95/p99 and CPU per request of the server and of
 *     PostgreSQL (target: p95 ≤ 300 ms).
 */
import { withPgClient } from '@shop/server/db/scratch-database';
import { PG_DATABASE_OPTIONS, benchOptions, positive } from './args';
import { cpuWithRatios, measureBaseline, msWithRatio } from './baseline';
import { DEMO_LOGIN, percentile, postJson, startMeteredShop } from './search';
import { pgTargetOfOptions } from './targets';

async function fillOrderLines(url: string, lines: number, share: number): Promise<{ company: string; a: number }> {
  return withPgClient(url, async (c) => {
    const a = await c.query<{ company_id: number; id: number }>(
      `select company_id, id from accounts where phone = $1 and deleted_at is null`,
      [DEMO_LOGIN.username],
    );
    const companyA = a.rows[0]!.company_id;
    const have = Number((await c.query<{ n: string }>('select count(*)::text as n from order_items')).rows[0]!.n);
    const missing = lines - have;
    if (missing > 0) {
      console.log(`adding ${missing.toLocaleString('en-US')} order lines (10 per order) …`);
      const started = performance.now();
      const batch = 100_000;
      for (let done = 0; done < missing; done += batch) {
        const n = Math.min(batch, missing - done);
        const orders = Math.ceil(n / 10);
        await c.query('begin');
        await c.query(
          `with mains as (
             select array_agg(company_id order by id) as cs, array_agg(id order by id) as ids
             from accounts where is_main = 1 and deleted_at is null and company_id <> $1
           ), o as (
             insert into orders (company_id, account_id, orders_no, status, total_amount, created_at)
             select case when random() < $2 or cardinality(m.cs) = 0 then $1 else m.cs[1 + g % cardinality(m.cs)] end,
               case when random() < $2 or cardinality(m.cs) = 0 then $3 else m.ids[1 + g % cardinality(m.ids)] end,
               'BENCH' || $4::bigint + g, 'completed', 0, now() - random() * interval '730 days'
             from generate_series(1, $5) g, mains m
             returning id, company_id, account_id, created_at
           ), parts as (select array_agg(id order by id) as ids from products)
           insert into order_items (order_id, company_id, product_id, warehouse_id, quantity, price, created_at)
           select o.id, o.company_id, p.ids[1 + floor(power(random(), 3) * cardinality(p.ids))::int], 1,
             1 + floor(random() * 5)::int, round((10 + random() * 490)::numeric, 2), o.created_at
           from o cross join generate_series(1, 10) k, parts p`,
          [companyA, share, a.rows[0]!.id, have + done, orders],
        );
        // The account of company A's orders must be A's: fix the pairs the two draws split.
        await c.query(
          `update orders o set account_id = x.id from (select distinct on (company_id) company_id, id from accounts
             where is_main = 1 and deleted_at is null order by company_id, id) x
           where o.orders_no like 'BENCH%' and o.company_id = x.company_id and o.account_id <> x.id`,
        );
        await c.query('commit');
      }
      await c.query(`update orders o set total_amount = s.total from (
          select order_id, sum(price * quantity) as total from order_items group by order_id) s
        where s.order_id = o.id and o.orders_no like 'BENCH%' and o.total_amount = 0`);
      console.log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const f = await c.query<{ lines: string; a_lines: string; a_rollup: string; rollup: string; a_groups: string }>(
      `select (select count(*) from order_items)::text as lines,
        (select count(*) from order_items where company_id = $1)::text as a_lines,
        (select count(*) from purchase_months where company_id = $1)::text as a_rollup,
        (select count(*) from purchase_months)::text as rollup,
        ((select count(*) from purchase_category_months where company_id = $1)
          + (select count(*) from purchase_make_months where company_id = $1))::text as a_groups`,
      [companyA],
    );
    const r = f.rows[0]!;
    return {
      company: `${Number(r.lines).toLocaleString('en-US')} order lines, company A ${Number(r.a_lines).toLocaleString('en-US')}; rollup ${Number(r.rollup).toLocaleString('en-US')} rows, company A ${Number(r.a_rollup).toLocaleString('en-US')} (by category and by make: ${Number(r.a_groups).toLocaleString('en-US')})`,
      a: companyA,
    };
  });
}

function monthsAgo(months: number): string {
  const d = new Date(Date.now() + 8 * 3_600_000);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 7);
}

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    {
      ...PG_DATABASE_OPTIONS,
      parts: { type: 'string' },
      lines: { type: 'string' },
      share: { type: 'string' },
      requests: { type: 'string' },
      workers: { type: 'string' },
    },
    'npm run bench -- report [--pg-url URL] [--pg-db shop_bench_report] [--parts 20000] [--lines 1000000] [--share 0.2] [--requests 200] [--workers N]',
  );
  if (!values) return;
  const parts = positive(values.parts, 20_000);
  const lines = positive(values.lines, 1_000_000);
  const share = values.share === undefined ? 0.2 : Number(values.share);
  if (!(share > 0 && share <= 1)) throw new Error('--share is a fraction in (0, 1]');
  const requests = positive(values.requests, 200);
  const target = await pgTargetOfOptions(values, 'shop_bench_report', parts);
  console.log(`partner report: ${target.label}`);

  const port = 19_900 + Math.floor(Math.random() * 90);
  const { meter, stop } = await startMeteredShop(target, port);
  try {
    const filled = await fillOrderLines(target.url, lines, share);
    console.log(filled.company);
    await target.prepare?.();
    const login = await postJson<{ token: string }>(port, '/api/Shop.User/login', DEMO_LOGIN);
    if (login.status !== 200) throw new Error(`dealer login failed: ${login.msg}`);
    const auth = { authorization: login.data.token };
    const baseline = await measureBaseline(port, meter);
    const periods = [
      { start_month: monthsAgo(11), end_month: monthsAgo(0) },
      { start_month: `${monthsAgo(0).slice(0, 4)}-01`, end_month: monthsAgo(0) },
    ];
    // Warm-up.
    for (const p of periods) await postJson(port, '/api/Shop.Report/partnerSaleSummary', p, auth);

    const times: number[] = [];
    const before = await meter.snapshot();
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const b = await postJson<{ total: { quantity: number } }>(
        port,
        '/api/Shop.Report/partnerSaleSummary',
        periods[i % periods.length],
        auth,
      );
      times.push(performance.now() - started);
      if (b.status !== 200) throw new Error(`report failed: ${b.msg}`);
    }
    const cpu = meter.perRequest(before, await meter.snapshot(), requests);
    times.sort((x, y) => x - y);
    const ms = (p: number) => msWithRatio(percentile(times, p), baseline);
    console.log(
      `partnerSaleSummary (${requests} requests, one at a time, 12 months vs the 12 before / this year so far): ` +
        `p50 ${ms(50)}, p95 ${ms(95)}, p99 ${ms(99)}; CPU per request (server + PostgreSQL) ${cpuWithRatios(cpu, baseline, 1)}` +
        ` — target p95 ≤ 300 ms: ${percentile(times, 95) <= 300 ? 'met' : 'MISSED'}`,
    );

    const exportTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const q = new URLSearchParams(periods[0]);
      const res = await fetch(`http://127.0.0.1:${port}/api/Shop.Report/partnerSaleExport?${q.toString()}`, {
        headers: auth,
      });
      const bytes = (await res.arrayBuffer()).byteLength;
      exportTimes.push(performance.now() - started);
      if (res.status !== 200 || bytes < 1000) throw new Error(`export failed: ${res.status}`);
    }
    exportTimes.sort((x, y) => x - y);
    console.log(
      `partnerSaleExport (.xlsx with every part, 5 requests): median ${msWithRatio(percentile(exportTimes, 50), baseline, 0)}`,
    );
  } finally {
    await stop();
  }
}
