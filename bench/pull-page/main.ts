/**
 * Runs in Chromium for `npm run bench:sync`: signs in, then times a full pull into IndexedDB and an incremental one,
 * and, as the simplest way to the same result, one Dexie `bulkPut` of the rows the pull stored into an empty database.
 */
import { databaseName, DOMAIN_TABLES, type DomainTable, TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';

declare global {
  interface Window {
    bench: {
      fullPull(): Promise<{ ms: number; rows: number }>;
      incrementalPull(): Promise<{ ms: number }>;
      rawBulkPut(): Promise<{ ms: number; rows: number }>;
    };
  }
}

let engine: SyncEngine;

async function signIn() {
  const params = new URLSearchParams(location.search);
  const res = await fetch('/api/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: params.get('email'), password: params.get('password') }),
  });
  const user = await res.json();
  const db = new TrainingDb(databaseName(user.id));
  await db.delete();
  await db.open();
  engine = new SyncEngine({ db, userId: user.id, autoRetry: false });
}

window.bench = {
  async fullPull() {
    await signIn();
    const start = performance.now();
    await engine.pull();
    return { ms: performance.now() - start, rows: await engine.db.domain('studentSkills').count() };
  },
  async incrementalPull() {
    const start = performance.now();
    await engine.pull();
    return { ms: performance.now() - start };
  },
  async rawBulkPut() {
    const tables = Object.keys(DOMAIN_TABLES) as DomainTable[];
    const rows = await Promise.all(tables.map((name) => engine.db.domain(name).toArray()));
    const raw = new TrainingDb('bench-raw-bulk-put');
    await raw.delete();
    await raw.open();
    const start = performance.now();
    await raw.transaction('rw', raw.tables, () =>
      Promise.all(tables.map((name, i) => raw.domain(name).bulkPut(rows[i]))),
    );
    const ms = performance.now() - start;
    await raw.delete();
    return { ms, rows: rows.reduce((n, r) => n + r.length, 0) };
  },
};
