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

interface Entry { version: number; value: unknown; bytes: number }
interface Cache { entries: Map<string, Entry>; bytes: number }
const caches = new WeakMap<object, Cache>();

export const dataVersion = (q: Q) => (statement(q, 'select version from sync_meta where id = 1').get() as { version: number }).version;

/** `sizeOf` says how many bytes a value holds, for values large enough to count (serialized answers). */
export function cachedByVersion<T>(q: Q, key: string, compute: () => T, sizeOf?: (value: T) => number): T {
  if (connectionOf(q).inTransaction) return compute();
  return cachedAtVersion(q, key, dataVersion(q), compute, sizeOf);
}

/** For a caller that already read the data version, inside a transaction that only reads. */
export function cachedAtVersion<T>(q: Q, key: string, version: number, compute: () => T, sizeOf?: (value: T) => number): T {
  const conn = connectionOf(q);
  let cache = caches.get(conn);
  if (!cache) caches.set(conn, (cache = { entries: new Map(), bytes: 0 }));
  const hit = cache.entries.get(key);
  if (hit?.version === version) return hit.value as T;
  const value = compute();
  if (hit) remove(cache, key, hit);
  const entry = { version, value, bytes: sizeOf?.(value) ?? 0 };
  cache.entries.set(key, entry);
  cache.bytes += entry.bytes;
  for (const [oldKey, old] of cache.entries) {
    if (cache.entries.size <= MAX_ENTRIES && cache.bytes <= MAX_BYTES) break;
    remove(cache, oldKey, old);
  }
  return value;
}

function remove(cache: Cache, key: string, entry: Entry) {
  cache.entries.delete(key);
  cache.bytes -= entry.bytes;
}
