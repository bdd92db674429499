/**
 * Benchmarks: `npm run bench -- <name> [options]`. Each prints its figures; none is a test.
 * Add a benchmark by adding a module with `run(args)` and an entry below. A server benchmark
 * measures the baseline (baseline.ts) in its run and prints its figures also as ratios to it.
 */
interface Benchmark {
  summary: string;
  run: (args: string[]) => Promise<void>;
}

const BENCHMARKS: Record<string, Benchmark> = {
  seed: {
    summary: 'demo data generator: PGlite (memory, disk) and PostgreSQL (scratch database)',
    run: async (args) => (await import('./seed')).run(args),
  },
  startup: {
    summary: 'built server, spawn → healthy: PGlite fresh and existing, PostgreSQL empty and existing',
    run: async (args) => (await import('./startup')).runStartupBench(args),
  },
  search: {
    summary: 'catalog lookups through HTTP: exact / prefix / name search and list pages, PostgreSQL 1M and PGlite 100k',
    run: async (args) => (await import('./search')).run(args),
  },
  bulk: {
    summary:
      'multi-number search (200 numbers, p50/p95/p99) and 2,000-row .xlsx import through HTTP, PGlite 100k or PostgreSQL',
    run: async (args) => (await import('./bulk')).run(args),
  },
  orders: {
    summary:
      'order placement through HTTP: orders/s, p99 and CPU per order at 200 concurrent buyers, uniform and hot-part mixes, units oversold, PostgreSQL (--statements: statements per order)',
    run: async (args) => (await import('./orders')).run(args),
  },
  ocr: {
    summary: 'VIN photo OCR: time of a 1600x1200 photo (median, p95) and the recognition rate over the fixtures',
    run: async (args) => (await import('./ocr')).run(args),
  },
  serializer: {
    summary:
      'a 200-number search answer (~530 part rows) written as it is vs through its projection (declared fields only)',
    run: async (args) => (await import('./serializer')).run(args),
  },
  realtime: {
    summary:
      'live sockets: idle authenticated sockets held and memory per socket, broadcast delivery p50/p95/p99 and losses (--processes 2: through Redis)',
    run: async (args) => (await import('./realtime')).run(args),
  },
  admin: {
    summary:
      'back-office ERP imports, PostgreSQL 1M parts: 50,000-row price list preview/apply, 1,000,000-row stock apply with the exact search p99 beside it, rollback',
    run: async (args) => (await import('./admin')).run(args),
  },
  'money-protection': {
    summary:
      'price protection: a drop on a part bought by 10,000 companies, staff save → every compensation and message, PostgreSQL',
    run: async (args) => (await import('./money-protection')).run(args),
  },
  money: {
    summary:
      'statements for 10,000 companies with 1,000,000 order lines in the month (set-based build, PostgreSQL); price protection (money-protection.ts)',
    run: async (args) => (await import('./money')).run(args),
  },
  content: {
    summary: 'marketing poster render (750x1334 PNG, 1/4/6 parts), warm: p50/p95/p99 and CPU per render',
    run: async (args) => (await import('./content')).run(args),
  },
  report: {
    summary:
      'partner report over 1,000,000 order lines through HTTP, PostgreSQL: p50/p95/p99 and CPU per request, the .xlsx export',
    run: async (args) => (await import('./report')).run(args),
  },
  web: {
    summary:
      'the shop in Chromium, empty cache: bytes, requests, LCP, TBT per route (unthrottled and slow), Lighthouse desktop/mobile, the targets',
    run: async (args) => (await import('./web')).run(args),
  },
};

function usage(): string {
  const lines = Object.entries(BENCHMARKS).map(([name, b]) => `  ${name.padEnd(10)} ${b.summary}`);
  return `usage: npm run bench -- <benchmark> [options]   (--help after the name for its options)\n${lines.join('\n')}`;
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const benchmark = name ? BENCHMARKS[name] : undefined;
  if (!benchmark) {
    console.error(name ? `unknown benchmark '${name}'\n${usage()}` : usage());
    process.exit(name ? 1 : 0);
  }
  await benchmark.run(args);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
