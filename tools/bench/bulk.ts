/**
 * `npm run bench -- bulk`: the multi-number search and the spreadsheet import through HTTP.
 *
 *  - 200-number search: POST /api/Shop.Accessory/batchSearch with 200 lines (own codes, OE and
 *    replacement numbers in the spellings dealers type, a tenth unknown, each with '=quantity');
 *    every answer carries prices, both warehouses' stock and the cross-reference match. After a
 *    warm-up of --warmup searches (default 100, printed on its own line), run sequentially
 *    (--requests, default 60) and with --concurrency (default 4) requests in flight; p50 / p95 /
 *    p99 of each.
 *  - 2,000-row import: an .xlsx of 2,000 numbers (made with exceljs) uploaded to
 *    POST /api/Shop.Accessories/fromxls --imports times (default 10): min / median / max, and its size.
 *
 * The server runs as its own process on PGlite (--pglite-dir, default the search benchmark's
 * folder $TMPDIR/shop-bench-search-pglite-<parts>, made with --pglite-parts parts, default 100,000,
 * on first use) or on PostgreSQL (--pg-url with --pg-db, default shop_bench_search, as the search
 * benchmark makes it).
 *
 * The pieces are exported for other scenarios: withBenchServer(), bulkNumbers(),
 * measureBatchSearch(), makeImportWorkbook(), measureImport(), printBulkFigures().
 */
import ExcelJS from 'exceljs';
import { normalizePartNumber } from '@shop/core/part-number';
import { percentile, startBenchShop, type Samples } from './search';
import { SEARCH_DATABASE_OPTIONS, benchOptions, positive } from './args';
import type { CpuMeter, CpuPerRequest } from './cpu';
import { cpuWithRatios, measureBaseline, msWithRatio, type Baseline } from './baseline';
import { KeepAliveClient } from './open-loop';
import { pgliteTarget, pgTargetOfOptions, type BenchTarget } from './targets';

export interface BenchServer {
  port: number;
  /** The server's process id (its CPU time is read from /proc: cpu.ts). */
  pid: number | undefined;
  auth: Record<string, string>;
  samples: Samples;
  label: string;
  meter: CpuMeter;
  /** Measured once the server is up (baseline.ts). */
  baseline: Baseline;
}

/** Starts the server on the target, logs in as the demo dealer, reads sample numbers, runs `fn`. */
export async function withBenchServer<T>(target: BenchTarget, fn: (server: BenchServer) => Promise<T>): Promise<T> {
  const port = 19_600 + Math.floor(Math.random() * 300);
  const { shop, meter, auth, samples, stop } = await startBenchShop(target, port);
  try {
    const baseline = await measureBaseline(port, meter);
    return await fn({ port, pid: shop.pid, auth, samples, label: target.label, meter, baseline });
  } finally {
    await stop();
  }
}

/** Spellings a dealer types: as shown, normalised, lower case with spaces. */
function spelling(number: string, i: number): string {
  if (i % 3 === 0) return number;
  const norm = normalizePartNumber(number);
  return i % 3 === 1
    ? norm
    : norm
        .toLowerCase()
        .replace(/(.{4})/g, '$1 ')
        .trim();
}

/** `count` lines 'number=quantity' from the samples, one in ten unknown, deterministic by `seed`. */
export function bulkNumbers(samples: Samples, count: number, seed = 0): string[] {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const k = seed * 7919 + i * 104_729;
    const number =
      i % 10 === 9 ? `ZZ-NOT-${seed}-${i}` : spelling(samples.numbers[k % samples.numbers.length]!, i + seed);
    lines.push(`${number}=${1 + (k % 9)}`);
  }
  return lines;
}

/**
 * Searches right after the server starts, before the figures: a just-started server answered its
 * first ~60 200-number searches (~0.6 s) slower than the rest, while V8 still compiled the hot
 * code: medians 12.1 and 10.5 ms and maxima 27.9 and 24.6 ms in the first two thirties,
 * then medians 9.1–10.5 and maxima 12.3–16.4 ms (decision 0021). A shop's server runs for days;
 * the warm-up is printed on its own line, and its numbers are not those of the measured searches.
 */
const WARMUP_SEARCHES = 100;
const WARMUP_FIRST_SEED = 100_001;

export interface LatencyFigures {
  /** What the line measures, when not the steady state (the warm-up). */
  phase?: string;
  requests: number;
  concurrency: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  /** Lines answered with parts / all lines, over all requests. */
  foundShare: number;
  crossLines: number;
  /** Mean answer size. */
  answerKb: number;
  /** CPU milliseconds per request of the server and of PostgreSQL (Linux). */
  cpu?: CpuPerRequest;
  firstError?: string;
}

interface BatchAnswer {
  status: number;
  msg: string;
  data: { groups: { status: string; list: { beijing_stock: number; prices: Record<string, string> }[] }[] } | null;
}

/** `requests` batch searches of `numbers` lines each, `concurrency` in flight. */
export async function measureBatchSearch(
  server: BenchServer,
  options: {
    requests: number;
    concurrency: number;
    numbers: number;
    warehouse?: 1 | 2;
    /** The seed of the first request's numbers (bulkNumbers), 1 by default; request i has firstSeed + i. */
    firstSeed?: number;
    phase?: string;
  },
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  let failed = 0;
  let found = 0;
  let lines = 0;
  let crossLines = 0;
  let answerBytes = 0;
  let firstError: string | undefined;
  let next = 0;
  const worker = async () => {
    const client = new KeepAliveClient(server.port);
    while (next < options.requests) {
      const i = next++;
      const keyword = bulkNumbers(server.samples, options.numbers, (options.firstSeed ?? 1) + i).join('\n');
      try {
        const answer = await client.request(
          {
            method: 'POST',
            path: '/api/Shop.Accessory/batchSearch',
            body: JSON.stringify({ keyword, warehouse: options.warehouse ?? 1 }),
          },
          server.auth,
          i,
        );
        answerBytes += Buffer.byteLength(answer.body);
        const body = JSON.parse(answer.body) as BatchAnswer;
        if (answer.status !== 200 || body.status !== 200 || !body.data) {
          failed++;
          firstError ??= `${answer.status} ${body.msg}`;
          continue;
        }
        latencies.push(answer.ms);
        lines += body.data.groups.length;
        found += body.data.groups.filter((g) => g.list.length > 0).length;
        crossLines += body.data.groups.filter((g) => g.status === 'cross').length;
      } catch (err) {
        failed++;
        firstError ??= (err as Error).message;
      }
    }
    client.close();
  };
  const cpuBefore = await server.meter.snapshot();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const cpu = server.meter.perRequest(cpuBefore, await server.meter.snapshot(), options.requests);
  latencies.sort((a, b) => a - b);
  return {
    ...(options.phase ? { phase: options.phase } : {}),
    requests: options.requests,
    concurrency: options.concurrency,
    failed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    foundShare: lines > 0 ? found / lines : 0,
    crossLines,
    answerKb: answerBytes / 1024 / Math.max(1, latencies.length + failed),
    ...(cpu ? { cpu } : {}),
    ...(firstError ? { firstError } : {}),
  };
}

/** An .xlsx of `rows` numbers with the template's header ('配件编号', '数量'). */
export async function makeImportWorkbook(samples: Samples, rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('询价单');
  sheet.addRow(['配件编号', '数量', '备注']);
  bulkNumbers(samples, rows, 99).forEach((line, i) => {
    const [number, quantity] = line.split('=');
    sheet.addRow([number, Number(quantity), i % 5 === 0 ? '客户询价' : null]);
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export interface ImportFigures {
  rows: number;
  bytes: number;
  runs: number;
  minMs: number;
  medianMs: number;
  maxMs: number;
  numbers: number;
}

/** Uploads the workbook `runs` times (sequentially) and times each answer. */
export async function measureImport(
  server: BenchServer,
  workbook: Buffer,
  rows: number,
  runs: number,
): Promise<ImportFigures> {
  const times: number[] = [];
  let numbers = 0;
  for (let i = 0; i < runs; i++) {
    const form = new FormData();
    form.append('file', new Blob([workbook]), '询价单.xlsx');
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}/api/Shop.Accessories/fromxls`, {
      method: 'POST',
      headers: { ...server.auth, 'x-forwarded-for': `10.8.0.${i}` },
      body: form,
    });
    const body = (await res.json()) as { status: number; msg: string; data: string | null };
    times.push(performance.now() - t0);
    if (body.status !== 200 || !body.data) throw new Error(`import failed: ${body.msg}`);
    numbers = body.data.split('\n').length;
  }
  times.sort((a, b) => a - b);
  return {
    rows,
    bytes: workbook.length,
    runs,
    minMs: times[0]!,
    medianMs: percentile(times, 50),
    maxMs: times.at(-1)!,
    numbers,
  };
}

export function printBulkFigures(
  label: string,
  baseline: Baseline,
  searches: LatencyFigures[],
  numbers: number,
  imports?: ImportFigures,
): void {
  const msx = (v: number) => (Number.isFinite(v) ? msWithRatio(v, baseline) : '-');
  console.log(`\n${label}`);
  console.log(
    [
      `${numbers}-number search`.padEnd(26),
      'in flight'.padStart(9),
      'reqs'.padStart(5),
      'failed'.padStart(6),
      'p50 (× ping)'.padStart(18),
      'p95'.padStart(18),
      'p99'.padStart(18),
      'found'.padStart(6),
      'cross'.padStart(6),
      'answer'.padStart(8),
      'cpu/req server+pg (× baseline)',
    ].join(' '),
  );
  for (const f of searches) {
    console.log(
      [
        (f.phase ?? 'POST batchSearch').padEnd(26),
        String(f.concurrency).padStart(9),
        String(f.requests).padStart(5),
        String(f.failed).padStart(6),
        msx(f.p50).padStart(18),
        msx(f.p95).padStart(18),
        msx(f.p99).padStart(18),
        `${Math.round(f.foundShare * 100)}%`.padStart(6),
        String(f.crossLines).padStart(6),
        `${Math.round(f.answerKb)} KB`.padStart(8),
        cpuWithRatios(f.cpu, baseline, 1),
      ].join(' '),
    );
    if (f.firstError) console.log(`  first failure: ${f.firstError}`);
  }
  if (imports) {
    console.log(
      `${imports.rows.toLocaleString('en-US')}-row .xlsx import (${(imports.bytes / 1024).toFixed(0)} KB → ${imports.numbers} numbers), ` +
        `${imports.runs} runs: min ${msx(imports.minMs)}, median ${msx(imports.medianMs)}, max ${msx(imports.maxMs)}`,
    );
  }
}

export async function run(args: string[]): Promise<void> {
  const values = benchOptions(
    args,
    {
      ...SEARCH_DATABASE_OPTIONS,
      pg: { type: 'boolean', default: false },
      numbers: { type: 'string' },
      requests: { type: 'string' },
      concurrency: { type: 'string' },
      'import-rows': { type: 'string' },
      imports: { type: 'string' },
      'ocr-runs': { type: 'string' },
      warmup: { type: 'string' },
      'skip-ocr': { type: 'boolean', default: false },
      workers: { type: 'string' },
    },
    'npm run bench -- bulk [--pglite-parts 100000] [--pglite-dir DIR] | [--pg [--pg-url URL] [--pg-db shop_bench_search] [--pg-parts 1000000] [--workers N]]\n' +
      '  [--numbers 200] [--warmup 100] [--requests 60] [--concurrency 4] [--import-rows 2000] [--imports 10] [--ocr-runs 7 | --skip-ocr]',
  );
  if (!values) return;
  const numbers = positive(values.numbers, 200);
  const warmup = positive(values.warmup, WARMUP_SEARCHES);
  const requests = positive(values.requests, 60);
  const concurrency = positive(values.concurrency, 4);
  const importRows = positive(values['import-rows'], 2000);
  const imports = positive(values.imports, 10);
  const target = values.pg
    ? await pgTargetOfOptions(values, 'shop_bench_search', positive(values['pg-parts'], 1_000_000))
    : pgliteTarget(positive(values['pglite-parts'], 100_000), values['pglite-dir']);

  const baseline = await withBenchServer(target, async (server) => {
    // Warm-up (JIT, prepared plans) with numbers of its own, printed on its own line.
    const warm = await measureBatchSearch(server, {
      requests: warmup,
      concurrency: 1,
      numbers,
      firstSeed: WARMUP_FIRST_SEED,
      phase: 'warm-up, server just up',
    });
    const sequential = await measureBatchSearch(server, { requests, concurrency: 1, numbers });
    const parallel = await measureBatchSearch(server, { requests, concurrency, numbers });
    const workbook = await makeImportWorkbook(server.samples, importRows);
    await measureImport(server, workbook, importRows, 1);
    const importFigures = await measureImport(server, workbook, importRows, imports);
    printBulkFigures(server.label, server.baseline, [warm, sequential, parallel], numbers, importFigures);
    return server.baseline;
  });
  if (!values['skip-ocr']) {
    // The VIN photo reading needs no database: the same engine the server uses, in this process.
    const { measureOcr } = await import('./ocr');
    const ocr = await measureOcr({ runs: positive(values['ocr-runs'], 7) });
    console.log(
      `VIN photo OCR (${ocr.photo}, 1600x1200, in this process): median ${msWithRatio(ocr.medianMs, baseline)}, ` +
        `p95 ${msWithRatio(ocr.p95Ms, baseline)} over ${ocr.runs} runs (× the server's hello world above); ` +
        `recognised ${ocr.recognised}/${ocr.fixtures} fixtures (${(ocr.rate * 100).toFixed(0)}%)`,
    );
  }
}
