/** Runs in Chromium for `npm run bench:sync`: signs in, then times a full pull into IndexedDB and an incremental one. */
import { TrainingDb, databaseName } from '../../sync/client/db.ts';
import { SyncEngine } from '../../sync/client/engine.ts';

declare global {
  interface Window {
    bench: { fullPull(): Promise<{ ms: number; rows: number }>; incrementalPull(): Promise<{ ms: number }> };
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
};
