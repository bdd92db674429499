/**
 * `npm run bench -- admin`: the back office's ERP imports on PostgreSQL (issue 26), through HTTP
 * on loopback against the built server, as a staff member uses them:
 *
 *   - a 50,000-row price list (random parts, a new dealer price each): upload + preview, and
 *     apply (targets ≤ 10 s each);
 *   - a 1,000,000-row stock list (every part's Guangzhou stock changed): upload + preview
 *     (printed), apply (target ≤ 60 s) while dealers' exact-number searches run at --search-rate,
 *     their p99 against the same load measured just before without the import (target ≤ 2x);
 *   - the rollback of that stock batch (target ≤ 60 s); the price batch is rolled back too, so
 *     the database is as before.
 *
 * The database --pg-db (default shop_bench_admin) next to --pg-url, with --parts (default
 * 1,000,000) parts, is created and seeded by the server on first use and reused. Times are from
 * the request that starts the work to the first poll (every 100 ms) that sees it done.
 */
import { withPgClient } from '@shop/server/db/scratch-database';
import { PG_DATABASE_OPTIONS, benchOptions, positive } from './args';
import { openLoop, type Request } from './open-loop';
import { DEMO_LOGIN, percentile, postJson, startMeteredShop } from './search';
import { pgTargetOfOptions } from './targets';
import type { CpuPerRequest } from './cpu';
import { jobWithRatios, measureBaseline, msWithRatio } from './baseline';

interface Batch {
  id: number;
  status: string;
  total_rows: number;
  counts: Record<string, number>;
  error: string;
  report: { restored: number; conflicts: number } | null;
}

const POLL_MS = 100;

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    {
      ...PG_DATABASE_OPTIONS,
      parts: { type: 'string' },
      'price-rows': { type: 'string' },
      'search-rate': { type: 'string' },
      workers: { type: 'string' },
    },
    'npm run bench -- admin [--pg-url URL] [--pg-db shop_bench_admin] [--parts 1000000] [--price-rows 50000] [--search-rate 200] [--workers N]',
  );
  if (!values) return;
  const parts = positive(values.parts, 1_000_000);
  const priceRows = positive(values['price-rows'], 50_000);
  const searchRate = positive(values['search-rate'], 200);
  const target = await pgTargetOfOptions(
    values,
    parts === 1_000_000 ? 'shop_bench_admin' : `shop_bench_admin_${parts}`,
    parts,
  );
  console.log(`admin imports: ${target.label}`);

  const port = 19_500 + Math.floor(Math.random() * 400);
  const { meter, stop } = await startMeteredShop(target, port);
  try {
    await target.prepare?.();
    const baseline = await measureBaseline(port, meter);
    const job = (f: { ms: number; cpu: CpuPerRequest | undefined }) => jobWithRatios(f.ms, f.cpu, baseline);
    const lat = (ms: number) => msWithRatio(ms, baseline);
    const staff = await postJson<{ token: string }>(port, '/api/admin/auth/login', {
      login: 'catalog',
      password: 'demo1234',
    });
    if (staff.status !== 200) throw new Error(`staff login failed: ${staff.msg}`);
    const staffAuth = { authorization: `Bearer ${staff.data.token}` };
    const dealer = await postJson<{ token: string }>(port, '/api/Shop.User/login', DEMO_LOGIN);
    if (dealer.status !== 200) throw new Error(`dealer login failed: ${dealer.msg}`);
    const dealerAuth = { authorization: dealer.data.token };

    const api = async <T>(
      method: 'GET' | 'POST',
      path: string,
      body?: string | FormData,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/admin${path}`, {
        method,
        headers: { ...staffAuth, ...headers },
        body,
      });
      const b = (await res.json()) as { status: number; msg: string; data: T };
      if (b.status !== 200) throw new Error(`${method} ${path}: ${b.msg}`);
      return b.data;
    };
    const until = async (kind: string, id: number, status: string): Promise<Batch> => {
      for (;;) {
        const b = await api<Batch>('GET', `/imports/${kind}/${id}`);
        if (b.status === status) return b;
        if (b.status === 'failed' || (b.error && !['previewing', 'applying', 'rolling_back'].includes(b.status))) {
          throw new Error(`batch ${id}: ${b.status} ${b.error}`);
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    const upload = async (kind: string, name: string, csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), name);
      const cpuBefore = await meter.snapshot();
      const started = performance.now();
      const batch = await api<Batch>('POST', `/imports/${kind}`, form);
      const done = await until(kind, batch.id, 'previewed');
      const ms = performance.now() - started;
      return { batch: done, ms, cpu: meter.perRequest(cpuBefore, await meter.snapshot(), 1) };
    };
    const act = async (kind: string, id: number, action: 'apply' | 'rollback', status: string) => {
      const cpuBefore = await meter.snapshot();
      const started = performance.now();
      await api('POST', `/imports/${kind}/${id}/${action}`, JSON.stringify({}), { 'content-type': 'application/json' });
      const done = await until(kind, id, status);
      const ms = performance.now() - started;
      return { batch: done, ms, cpu: meter.perRequest(cpuBefore, await meter.snapshot(), 1) };
    };

    // The files, from the database as it is now.
    const { priceCsv, stockCsv, numbers } = await withPgClient(target.url, async (c) => {
      const prices = await c.query<{ frey_no: string; amount: string }>(
        `select p.frey_no, coalesce(pp.amount, 100)::text as amount from products p
         left join product_prices pp on pp.product_id = p.id and pp.price_key = 'dealer_price'
         order by md5(p.id::text) limit $1`,
        [priceRows],
      );
      const stock = await c.query<{ frey_no: string; available: number }>(
        `select p.frey_no, coalesce(s.available, 0) as available from products p
         left join product_stocks s on s.product_id = p.id and s.warehouse_id = 1 order by p.id`,
      );
      const priceCsv = [
        '配件编号,经销价',
        ...prices.rows.map((r) => `${r.frey_no},${(Number(r.amount) + 1.11).toFixed(2)}`),
      ];
      const stockCsv = ['配件编号,仓库,可用库存', ...stock.rows.map((r) => `${r.frey_no},1,${r.available + 7}`)];
      const numbers = stock.rows.filter((_, i) => i % 997 === 0).map((r) => r.frey_no);
      return { priceCsv: priceCsv.join('\n'), stockCsv: stockCsv.join('\n'), numbers };
    });

    // ---- prices ----
    const prices = await upload('prices', 'prices.csv', priceCsv);
    console.log(
      `price list ${priceRows.toLocaleString('en-US')} rows: upload + preview ${job(prices)} (target ≤ 10 s), ` +
        `${prices.batch.counts.update ?? 0} to update`,
    );
    const priceApply = await act('prices', prices.batch.id, 'apply', 'applied');
    console.log(`price list apply ${job(priceApply)} (target ≤ 10 s)`);

    // ---- stock ----
    const stock = await upload('stock', 'stock.csv', stockCsv);
    console.log(
      `stock list ${stock.batch.total_rows.toLocaleString('en-US')} rows: upload + preview ${job(stock)}, ` +
        `${stock.batch.counts.update ?? 0} to update`,
    );
    const search = (i: number): Request => ({
      method: 'POST',
      path: '/api/Shop.Accessory/index',
      body: JSON.stringify({ keyword: numbers[(i * 7919) % numbers.length], page: 1, limit: 20 }),
    });
    /** Exact-number searches in 2-second windows until `done` says stop (at least `minWindows`). */
    const searches = async (done: () => boolean, minWindows: number) => {
      const latencies: number[] = [];
      let failed = 0;
      let offset = 0;
      for (let w = 0; w < minWindows || !done(); w += 1) {
        const r = await openLoop(port, dealerAuth, searchRate, searchRate * 2, (i) => search(i + offset));
        offset += searchRate * 2;
        latencies.push(...r.latencies);
        failed += r.failed;
      }
      latencies.sort((a, b) => a - b);
      return { p99: percentile(latencies, 99), p50: percentile(latencies, 50), count: latencies.length, failed };
    };
    const quiet = await searches(() => true, 5);
    let applying = true;
    const [stockApply, during] = await Promise.all([
      act('stock', stock.batch.id, 'apply', 'applied').finally(() => (applying = false)),
      searches(() => !applying, 1),
    ]);
    console.log(`stock list apply ${job(stockApply)} (target ≤ 60 s; the searches beside it included)`);
    console.log(
      `exact-number search at ${searchRate}/s: p99 ${lat(quiet.p99)} without the import (p50 ${lat(quiet.p50)}, ${quiet.count} requests), ` +
        `${lat(during.p99)} during the apply (p50 ${lat(during.p50)}, ${during.count} requests, ${during.failed} failed): ` +
        `${(during.p99 / quiet.p99).toFixed(2)}x (target ≤ 2x)`,
    );
    const stockRollback = await act('stock', stock.batch.id, 'rollback', 'rolled_back');
    console.log(
      `stock rollback ${job(stockRollback)} (target ≤ 60 s): ${stockRollback.batch.report?.restored ?? 0} fields restored, ` +
        `${stockRollback.batch.report?.conflicts ?? 0} left`,
    );
    const priceRollback = await act('prices', prices.batch.id, 'rollback', 'rolled_back');
    console.log(`price list rollback ${job(priceRollback)}`);
  } finally {
    await stop();
  }
}
