/**
 * Answers kept until the data changes. Every write takes the next data version (sync_meta.version); an entry records
 * the version it was computed at and serves only while that is still the current version, so the first read after any
 * write computes afresh. Entries are per key (callers put the user in it), the oldest dropped past MAX_ENTRIES. Inside a
 * transaction, whose writes may yet roll back, nothing is cached.
 */
import type { Q } from './open.ts';
import { connectionOf, statement } from './statements.ts';

const MAX_ENTRIES = 500;
const caches = new WeakMap<object, Map<string, { version: number; value: unknown }>>();

export const dataVersion = (q: Q) => (statement(q, 'select version from sync_meta where id = 1').get() as { version: number }).version;

export function cachedByVersion<T>(q: Q, key: string, compute: () => T): T {
  if (connectionOf(q).inTransaction) return compute();
  return cachedAtVersion(q, key, dataVersion(q), compute);
}

/** For a caller that already read the data version, inside a transaction that only reads. */
export function cachedAtVersion<T>(q: Q, key: string, version: number, compute: () => T): T {
  const conn = connectionOf(q);
  let cache = caches.get(conn);
  if (!cache) caches.set(conn, (cache = new Map()));
  const hit = cache.get(key);
  if (hit?.version === version) return hit.value as T;
  const value = compute();
  cache.delete(key);
  cache.set(key, { version, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
