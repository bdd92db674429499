/**
 * `npm run bench -- ocr [--runs N] [--fixtures]`: VIN photo recognition (POST /api/Vin/ocr's engine).
 *
 *  - time: the engine (one long-lived worker, started before timing) reads one 1600x1200 windscreen
 *    photo N times (--runs, default 7); median and p95;
 *  - rate: every fixture of apps/server/test/fixtures/vin-photos (manifest.json), how many give
 *    their VIN (pictures without text must give none), with each one's time and passes; the
 *    'holdout-' pictures were added after the engine was tuned and are counted apart too.
 * The fixtures are synthetic (clean fonts, made-up spoiling): real photos read worse.
 * measureOcr() is exported for other scenarios (the bulk scenario prints it too).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { VinOcrEngine } from '@shop/server/modules/vin/ocr-engine';
import { percentile } from './search';

const FIXTURES = fileURLToPath(new URL('../../apps/server/test/fixtures/vin-photos/', import.meta.url));

interface FixtureEntry {
  file: string;
  vin: string | null;
  scene: string;
  width: number;
  height: number;
}

export interface OcrFigures {
  runs: number;
  medianMs: number;
  p95Ms: number;
  photo: string;
  recognised: number;
  fixtures: number;
  rate: number;
  details: { file: string; expected: string | null; got: string | null; ms: number; passes: number; ok: boolean }[];
}

export async function loadFixtures(): Promise<FixtureEntry[]> {
  return JSON.parse(await readFile(`${FIXTURES}manifest.json`, 'utf8')) as FixtureEntry[];
}

/** Times `runs` readings of a 1600x1200 photo and the recognition rate over every fixture. */
export async function measureOcr(options: { runs?: number; log?: (line: string) => void } = {}): Promise<OcrFigures> {
  const runs = options.runs ?? 7;
  const log = options.log ?? (() => {});
  const fixtures = await loadFixtures();
  // No time limit here: the figures show how long a reading takes, and the rate what it reads.
  const engine = new VinOcrEngine({ timeLimitMs: 60_000, maxWaitingPerCompany: 1 });
  try {
    const warm = performance.now();
    await engine.warmUp();
    log(`worker started in ${Math.round(performance.now() - warm)} ms`);
    const photo = fixtures.find((f) => f.width === 1600 && f.height === 1200 && f.vin)!;
    const image = await readFile(`${FIXTURES}${photo.file}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const outcome = await engine.recognise(image, 0);
      times.push(performance.now() - started);
      if (outcome.kind !== 'vin' || outcome.vin !== photo.vin) log(`  run ${i + 1}: did not read ${photo.vin}`);
    }
    times.sort((a, b) => a - b);

    const details: OcrFigures['details'] = [];
    for (const f of fixtures) {
      const started = performance.now();
      const outcome = await engine.recognise(await readFile(`${FIXTURES}${f.file}`), 0);
      const ms = Math.round(performance.now() - started);
      const got = outcome.kind === 'vin' ? outcome.vin : null;
      const passes = outcome.kind === 'vin' || outcome.kind === 'none' ? outcome.passes : 0;
      details.push({ file: f.file, expected: f.vin, got, ms, passes, ok: got === f.vin });
      log(
        `  ${f.file.padEnd(32)} ${got === f.vin ? 'ok  ' : 'MISS'} ${String(got).padEnd(17)} ${String(ms).padStart(6)} ms, ${passes} passes`,
      );
    }
    const recognised = details.filter((d) => d.ok).length;
    return {
      runs,
      medianMs: Math.round(percentile(times, 50)),
      p95Ms: Math.round(percentile(times, 95)),
      photo: photo.file,
      recognised,
      fixtures: fixtures.length,
      rate: recognised / fixtures.length,
      details,
    };
  } finally {
    await engine.close();
  }
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { runs: { type: 'string', default: '7' } } });
  const figures = await measureOcr({ runs: Number(values.runs), log: (line) => console.log(line) });
  console.log(
    `VIN OCR of ${figures.photo} (1600x1200): median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms over ${figures.runs} runs`,
  );
  const heldOut = figures.details.filter((d) => d.file.startsWith('holdout-'));
  console.log(
    `recognition rate: ${figures.recognised}/${figures.fixtures} fixtures (${(figures.rate * 100).toFixed(0)}%); ` +
      `held out (not tuned on): ${heldOut.filter((d) => d.ok).length}/${heldOut.length}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await run(process.argv.slice(2));
}
