import { setImmediate as flush } from 'node:timers/promises';
import { expect, test, vi } from 'vitest';
import { VinOcrEngine, type OcrOutcome } from '../src/modules/vin/ocr-engine';

/**
 * The VIN photo reader takes the photos in turns by company: one company sending many delays
 * only itself, and past its waiting places only it is told the reader is busy. The reading itself
 * is replaced here by one the test ends, so nothing depends on how long tesseract takes.
 */
test('photos are read in turns by company; only the flooding company is refused', async () => {
  const engine = new VinOcrEngine({ timeLimitMs: 60_000, maxWaitingPerCompany: 2, maxWaiting: 10 });
  const reading: { company: number; finish: () => void }[] = [];
  const started: number[] = [];
  vi.spyOn(engine as unknown as { read: (image: Buffer) => Promise<OcrOutcome> }, 'read').mockImplementation(
    (image: Buffer) =>
      new Promise<OcrOutcome>((resolve) => {
        const company = image[0]!;
        started.push(company);
        reading.push({ company, finish: () => resolve({ kind: 'none', passes: 0, ms: 0, timedOut: false }) });
      }),
  );
  const photo = (company: number) => Buffer.from([company]);

  // Company 1 sends five: one is read, two wait, two are refused.
  const flood = [1, 1, 1, 1, 1].map((c) => engine.recognise(photo(c), c));
  const other = engine.recognise(photo(2), 2);
  await flush();
  const floodAnswers = flood.map((p) => p.then((o) => o.kind));
  for (let i = 0; i < 4; i += 1) {
    reading.shift()?.finish();
    await flush();
  }
  expect(await Promise.all(floodAnswers)).toEqual(['none', 'none', 'none', 'busy', 'busy']);
  expect(await other).toMatchObject({ kind: 'none' });
  // Company 2 came after all of company 1's photos and was read second.
  expect(started).toEqual([1, 2, 1, 1]);
  await engine.close();
});
