import { describe, expect, test } from 'vitest';
import { coalesce } from '../src/lib/coalesce';

/** A run that records each batch and answers when released (or at once). */
function recorder(answerAtOnce = false) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    const answer = items.map((n) => n * 10);
    if (answerAtOnce) return Promise.resolve(answer);
    return new Promise<number[]>((resolve) => pending.push(() => resolve(answer)));
  };
  const releaseAll = async () => {
    while (pending.length > 0) pending.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { run, batches, pending, releaseAll };
}

describe('coalesce', () => {
  test('items of one turn go in one batch, and each gets its own result', async () => {
    const r = recorder(true);
    const lookup = coalesce(r.run, { maxInFlight: 2, maxBatch: 10 });
    expect(await Promise.all([1, 2, 3].map(lookup))).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  test('while maxInFlight batches are under way, new items wait and then leave together', async () => {
    const r = recorder();
    const lookup = coalesce(r.run, { maxInFlight: 1, maxBatch: 10 });
    const first = lookup(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1]]);
    const later = [2, 3, 4].map(lookup);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1]]);
    await r.releaseAll();
    expect(await first).toBe(10);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    await r.releaseAll();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  test('a batch holds at most maxBatch items; the rest go in parallel up to maxInFlight', async () => {
    const r = recorder();
    const lookup = coalesce(r.run, { maxInFlight: 2, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map(lookup);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await r.releaseAll();
    await r.releaseAll();
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  test('a failed batch fails its own items only, and the next batches still run', async () => {
    let calls = 0;
    const lookup = coalesce(
      (items: number[]) => {
        calls++;
        if (calls === 1) return Promise.reject(new Error('connection lost'));
        if (calls === 2) throw new Error('thrown at once');
        return Promise.resolve(items.map((n) => -n));
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const a = [1, 2].map((n) => lookup(n).catch((e: Error) => e.message));
    expect(await Promise.all(a)).toEqual(['connection lost', 'connection lost']);
    await expect(lookup(3)).rejects.toThrow('thrown at once');
    expect(await lookup(4)).toBe(-4);
  });

  test('a run that answers the wrong number of results fails the batch instead of mixing answers up', async () => {
    const lookup = coalesce((items: number[]) => Promise.resolve(items.slice(1)), { maxInFlight: 1, maxBatch: 10 });
    const both = await Promise.allSettled([lookup(1), lookup(2)]);
    expect(both.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });
});
