import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Db } from '../src/db/client';
import { cached, STALE_MS, TTL_MS } from '../src/modules/catalog/ttl-cache';

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
  afterEach(() => vi.useRealTimers());

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
});
