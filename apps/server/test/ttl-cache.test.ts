import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Db } from '../src/db/client';
import { cached, STALE_MS, TTL_MS, TTL_SPREAD } from '../src/modules/catalog/ttl-cache';

/** The catalog figures cache: fresh for TTL_MS, then served stale once while it reloads. */
describe('ttl-cache', () => {
  let db: Db;
  let loads: number;
  const load = (value: string) => async () => {
    loads += 1;
    return value;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    db = {} as Db;
    loads = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  test('a fresh figure is loaded once', async () => {
    expect(await cached(db, 'k', load('a'))).toBe('a');
    expect(await cached(db, 'k', load('b'))).toBe('a');
    expect(loads).toBe(1);
  });

  test('past TTL_MS the old figure is answered at once and the next request has the new one', async () => {
    await cached(db, 'k', load('a'));
    vi.advanceTimersByTime(TTL_MS + 1);
    const first = cached(db, 'k', load('b'));
    // Only one reload while it runs.
    const second = cached(db, 'k', load('c'));
    expect([await first, await second]).toEqual(['a', 'a']);
    expect(await cached(db, 'k', load('d'))).toBe('b');
    expect(loads).toBe(2);
  });

  test('past STALE_MS the request waits for the new figure', async () => {
    await cached(db, 'k', load('a'));
    vi.advanceTimersByTime(STALE_MS + 1);
    expect(await cached(db, 'k', load('b'))).toBe('b');
  });

  test('a failed load is not kept; a failed reload keeps the old figure', async () => {
    await expect(cached(db, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached(db, 'k', load('a'))).toBe('a');
    vi.advanceTimersByTime(TTL_MS + 1);
    expect(await cached(db, 'k', () => Promise.reject(new Error('down')))).toBe('a');
    await vi.runAllTimersAsync();
    expect(await cached(db, 'k', load('b'))).toBe('a');
    await vi.runAllTimersAsync();
    expect(await cached(db, 'k', load('c'))).toBe('b');
  });

  test('figures loaded together are not all reloaded together: each is fresh for TTL_MS less up to TTL_SPREAD', async () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValueOnce(1); // fresh for TTL_MS * (1 - TTL_SPREAD)
    await cached(db, 'short', load('a'));
    random.mockReturnValueOnce(0); // fresh for TTL_MS
    await cached(db, 'long', load('a'));
    vi.advanceTimersByTime(TTL_MS * (1 - TTL_SPREAD) + 1);
    random.mockReturnValue(0.5);
    await cached(db, 'short', load('b'));
    await cached(db, 'long', load('b'));
    // Only the short one reloaded.
    expect(loads).toBe(3);
    await vi.runAllTimersAsync();
    expect(await cached(db, 'short', load('c'))).toBe('b');
    expect(await cached(db, 'long', load('c'))).toBe('a');
  });
});
