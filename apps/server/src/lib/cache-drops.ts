import type { Db } from '../db/client';

/**
 * Dropping cached figures in every server process of the shop. A process keeps some figures in
 * memory (modules/catalog/ttl-cache.ts: part names, list totals, the new arrivals' total); when the
 * back office changes what they count, the service that changed it drops them with `dropCached`
 * after its commit: at once in this process, and through the live sockets' hub (realtime/hub.ts,
 * the Redis channel when REDIS_URL is set) in the others, which drop them with `dropHere`.
 * Without Redis only this process's are dropped (the others' go stale for their TTL).
 */
export type CacheDrop = { all: true } | { keys: string[] };

type Cache = (db: Db, drop: CacheDrop) => void;

/** This process's caches (each registers how it drops). */
const caches = new Set<Cache>();
/** Per database handle: how a drop reaches the other processes (the hub of the app on it). */
const buses = new WeakMap<Db, (drop: CacheDrop) => void>();

/** A cache of this process: told of every drop, made here or in another process. */
export function registerCache(cache: Cache): void {
  caches.add(cache);
}

/** Drops in this process only (a drop another process published). */
export function dropHere(db: Db, drop: CacheDrop): void {
  for (const cache of caches) cache(db, drop);
}

/** Drops in this process and in every other one. */
export function dropCached(db: Db, drop: CacheDrop): void {
  dropHere(db, drop);
  buses.get(db)?.(drop);
}

/** The hub of the app on `db` carries drops to the other processes; answers the undoing (app close). */
export function shareCacheDrops(db: Db, publish: (drop: CacheDrop) => void): () => void {
  buses.set(db, publish);
  return () => {
    if (buses.get(db) === publish) buses.delete(db);
  };
}
