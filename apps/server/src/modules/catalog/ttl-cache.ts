import type { Db } from '../../db/client';

/**
 * A small per-database, per-process cache for catalog figures that change only when the catalog
 * does (list totals, the distinct part names): an entry is reused for TTL_MS, so a catalog
 * change shows within that time. At most MAX_ENTRIES entries per database (oldest dropped).
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 2000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

const caches = new WeakMap<Db, Map<string, Entry<unknown>>>();

export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key) as Entry<T> | undefined;
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = load();
  cache.delete(key);
  cache.set(key, { at: now, value });
  // A failed load is not kept.
  value.catch(() => cache.delete(key));
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

/** Forgets every cached figure of a database (tests that change the catalog between calls). */
export function clearCatalogCache(db: Db): void {
  caches.delete(db);
}
