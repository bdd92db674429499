import { setImmediate as flush } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { FairQueue, type FairQueueOptions, type Release } from '../src/lib/fair-queue';

/**
 * A queue whose jobs are named ('a1', 'b2'; the key is the first letter). A job records that it
 * started and runs until the test ends it; nothing depends on time.
 */
function jobs(options: FairQueueOptions) {
  const queue = new FairQueue<string>(options);
  const started: string[] = [];
  const running = new Map<string, Release>();
  /** Enters jobs; returns the names of the refused ones. */
  const enter = (...names: string[]): string[] =>
    names.filter((name) => {
      const turn = queue.tryAcquire(name[0]!);
      void turn?.then((release) => {
        started.push(name);
        running.set(name, release);
      });
      return turn === undefined;
    });
  const finish = async (name: string) => {
    const release = running.get(name);
    if (!release) throw new Error(`${name} is not running`);
    running.delete(name);
    release();
    await flush();
  };
  return { queue, started, running, enter, finish };
}

const names = (key: string, n: number) => Array.from({ length: n }, (_, i) => `${key}${i + 1}`);

describe('FairQueue', () => {
  test('runs up to the concurrency at once, then queues', async () => {
    const q = jobs({ concurrency: 2, maxWaitingPerKey: 10 });
    expect(q.enter('a1', 'a2', 'a3')).toEqual([]);
    await flush();
    expect(q.started).toEqual(['a1', 'a2']);
    expect(q.queue.active).toBe(2);
    expect(q.queue.waitingFor('a')).toBe(1);
    await q.finish('a1');
    expect(q.started).toEqual(['a1', 'a2', 'a3']);
  });

  test('serves the companies in turn: a flood from one delays only itself', async () => {
    const q = jobs({ concurrency: 1, maxWaitingPerKey: 10 });
    q.enter(...names('a', 5));
    q.enter('b1', 'b2');
    q.enter('c1');
    await flush();
    expect(q.started).toEqual(['a1']);
    while (q.running.size > 0) await q.finish([...q.running.keys()][0]!);
    expect(q.started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4', 'a5']);
  });

  test('a company that comes later is served before the flood goes on', async () => {
    // a1 and a2 run, a3..a6 wait; b1 comes while a has two running and goes next.
    const q = jobs({ concurrency: 2, maxWaitingPerKey: 10 });
    q.enter(...names('a', 6));
    await flush();
    await q.finish('a1');
    q.enter('b1');
    await q.finish('a2');
    await q.finish('a3');
    expect(q.started).toEqual(['a1', 'a2', 'a3', 'b1', 'a4']);
  });

  test('past the bound of waiting jobs only that company is refused', () => {
    const q = jobs({ concurrency: 2, maxWaitingPerKey: 3 });
    // Two run, three wait, the other five are refused.
    expect(q.enter(...names('a', 10))).toEqual(['a6', 'a7', 'a8', 'a9', 'a10']);
    expect(q.queue.waitingFor('a')).toBe(3);
    // Other companies still get their places.
    expect(q.enter('b1', 'b2', 'c1')).toEqual([]);
    expect(q.queue.waitingFor('b')).toBe(2);
  });

  test('the total bound refuses anyone once reached', () => {
    const q = jobs({ concurrency: 1, maxWaitingPerKey: 2, maxWaiting: 3 });
    expect(q.enter('a1', 'a2', 'a3', 'b1')).toEqual([]);
    expect(q.enter('c1')).toEqual(['c1']);
  });

  test('a refused company gets a place again once its jobs move on', async () => {
    const q = jobs({ concurrency: 1, maxWaitingPerKey: 1 });
    expect(q.enter('a1', 'a2', 'a3')).toEqual(['a3']);
    await flush();
    await q.finish('a1');
    expect(q.enter('a4')).toEqual([]);
  });

  test('ending a turn twice frees one place only', async () => {
    const q = jobs({ concurrency: 1, maxWaitingPerKey: 5 });
    q.enter('a1', 'a2', 'a3');
    await flush();
    const release = q.running.get('a1')!;
    release();
    release();
    await flush();
    expect(q.started).toEqual(['a1', 'a2']);
    expect(q.queue.active).toBe(1);
    expect(q.queue.waitingFor('a')).toBe(1);
  });
});
