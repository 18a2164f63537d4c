/**
 * Answers kept until the data changes. Every write takes the next data version (sync_meta.version); an entry records
 * the version it was computed at and serves only while that is still the current version, so the first read after any
 * write computes afresh. Entries are per key (callers put the user in it); past MAX_ENTRIES entries or MAX_BYTES of
 * sized entries the oldest go. Inside a transaction, whose writes may yet roll back, nothing is cached.
 */
import type { Q } from './open.ts';
import { connectionOf, statement } from './statements.ts';

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: number;
  value: unknown;
  bytes: number;
}
interface Cache {
  entries: Map<string, Entry>;
  bytes: number;
}
const caches = new WeakMap<object, Cache>();

export const dataVersion = (q: Q) =>
  (statement(q, 'select version from sync_meta where id = 1').get() as { version: number }).version;

/** `sizeOf` says how many bytes a value holds, for values large enough to count (serialized answers). */
export function cachedByVersion<T>(q: Q, key: string, compute: () => T, sizeOf?: (value: T) => number): T {
  if (connectionOf(q).inTransaction) return compute();
  return cachedAtVersion(q, key, dataVersion(q), compute, sizeOf);
}

/** For a caller that already read the data version, inside a transaction that only reads. */
export function cachedAtVersion<T>(
  q: Q,
  key: string,
  version: number,
  compute: () => T,
  sizeOf?: (value: T) => number,
): T {
  const hit = cacheOf(q).entries.get(key);
  if (hit?.version === version) return hit.value as T;
  const value = compute();
  keep(q, key, version, value, sizeOf?.(value) ?? 0);
  return value;
}

/** The value kept under `key` if it was computed at `version`. */
export function keptAt<T>(q: Q, key: string, version: number): T | undefined {
  const hit = cacheOf(q).entries.get(key);
  return hit?.version === version ? (hit.value as T) : undefined;
}

/**
 * Keeps `value`, computed at `version`, under `key`, for a caller that computes outside cachedByVersion (an answer
 * streamed out piece by piece, kept only once it is complete and the data did not change meanwhile).
 */
export function keep(q: Q, key: string, version: number, value: unknown, bytes: number) {
  const cache = cacheOf(q);
  const old = cache.entries.get(key);
  if (old) remove(cache, key, old);
  cache.entries.set(key, { version, value, bytes });
  cache.bytes += bytes;
  for (const [oldKey, entry] of cache.entries) {
    if (cache.entries.size <= MAX_ENTRIES && cache.bytes <= MAX_BYTES) break;
    remove(cache, oldKey, entry);
  }
}

function cacheOf(q: Q): Cache {
  const conn = connectionOf(q);
  let cache = caches.get(conn);
  if (!cache) caches.set(conn, (cache = { entries: new Map(), bytes: 0 }));
  return cache;
}

function remove(cache: Cache, key: string, entry: Entry) {
  cache.entries.delete(key);
  cache.bytes -= entry.bytes;
}
