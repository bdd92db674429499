import type { Db } from '../../db/client';
import { dropCached, registerCache } from '../../lib/cache-drops';

/**
 * A small per-database, per-process cache for catalog figures that change only when the catalog
 * does (list totals, a category's descendants, the distinct part names and the parts of a name),
 * and for statistics that move slowly (the hot lists). An entry is fresh for about TTL_MS
 * (TTL_SPREAD). The first request after that still gets the old figure at once while it is
 * loaded again in the background (up to STALE_MS old; older ones are waited for), so a catalog
 * change shows within TTL_MS plus one request, and no request waits on a reload of a figure it
 * had a moment ago (the list totals, each a count over thousands of index entries, gave the list
 * page a tail of ~70 ms at 500 requests/s when they were waited for). At most MAX_ENTRIES entries
 * per database (oldest dropped).
 */
export const TTL_MS = 30_000;
export const STALE_MS = 5 * 60_000;
const MAX_ENTRIES = 2000;
/**
 * Each entry is fresh for TTL_MS less a random share of up to TTL_SPREAD, so figures loaded
 * together (every category's list total, in the first minute of use) are reloaded at different
 * moments instead of in one burst of counts every 30 s, which gave the list page a p99 of
 * 160-190 ms at 250 requests/s (7.6 ms at 100/s).
 */
export const TTL_SPREAD = 0.25;

function freshFor(): number {
  return TTL_MS * (1 - TTL_SPREAD * Math.random());
}

interface Entry<T> {
  at: number;
  /** How long this entry is fresh (freshFor). */
  fresh: number;
  value: Promise<T>;
  /** Set once the value has loaded: only a loaded value is served stale. */
  loaded: boolean;
  refreshing: boolean;
}

const caches = new WeakMap<Db, Map<string, Entry<unknown>>>();

function entryOf<T>(value: Promise<T>, loaded: boolean): Entry<T> {
  return { at: Date.now(), fresh: freshFor(), value, loaded, refreshing: false };
}

function store<T>(cache: Map<string, Entry<unknown>>, key: string, load: () => Promise<T>): Entry<T> {
  const entry = entryOf(load(), false);
  cache.delete(key);
  cache.set(key, entry);
  entry.value.then(
    () => (entry.loaded = true),
    // A failed load is not kept.
    () => cache.get(key) === entry && cache.delete(key),
  );
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry;
}

export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key) as Entry<T> | undefined;
  const age = hit ? Date.now() - hit.at : Infinity;
  if (hit && age < hit.fresh) return hit.value;
  if (hit && hit.loaded && age < STALE_MS) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = load();
      next.then(
        (value) => {
          if (cache.get(key) === hit) cache.set(key, entryOf(Promise.resolve(value), true));
        },
        // Served stale until a load succeeds or the entry is too old.
        () => (hit.refreshing = false),
      );
    }
    return hit.value;
  }
  return store(cache, key, load).value;
}

registerCache((db, drop) => {
  if ('all' in drop) caches.delete(db);
  else for (const key of drop.keys) caches.get(db)?.delete(key);
});

/**
 * Forgets the cached figures of these keys, so the next request loads them again (the back
 * office changed what they count): in this process and in the others (lib/cache-drops.ts).
 */
export function forgetCached(db: Db, ...keys: string[]): void {
  dropCached(db, { keys });
}

/** Forgets every cached figure of a database, in every process (a catalog change). */
export function clearCatalogCache(db: Db): void {
  dropCached(db, { all: true });
}
