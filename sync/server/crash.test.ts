/**
 * The server process killed (SIGKILL) while it applies a push batch, then restarted on the same data: nothing is
 * half-applied, the client resends, and every write lands exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import { addDays } from '#schema/dates.ts';

import { TrainingDb } from '../client/db.ts';
import { SyncEngine } from '../client/engine.ts';

const PASSWORD = 'crash-test-password';
/** Hours entries, not messages: six pushes' worth of messages would meet the sender's quota (schema/quotas.ts). */
const ENTRIES = 600;
let server: ChildProcess | undefined;

function start(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'api/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', DEMO_PASSWORD: PASSWORD },
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return resolve(child);
      } catch {
        if (Date.now() > deadline) return reject(new Error('server did not start'));
      }
      setTimeout(() => void poll(), 100);
    };
    void poll();
  });
}

afterEach(() => {
  server?.kill('SIGKILL');
});

describe('a server crash in the middle of a push', () => {
  it('leaves no half-applied batch; after a restart the client resends and every entry exists once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-test-'));
    const port = 3490 + (process.pid % 100);
    const base = `http://127.0.0.1:${port}`;
    server = await start(dataDir, port);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'preceptor@demo.test', password: PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const me = (await login.json()) as { id: string };
    const [student] = (await (await fetch(`${base}/api/students`, { headers: { cookie } })).json()) as { id: string }[];

    let pushes = 0;
    const crashing = async (path: string, init: RequestInit) => {
      const request = fetch(`${base}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie, origin: base },
      });
      // the third batch is on its way: kill the server while it works on it
      if (path === '/api/sync/push' && ++pushes === 3) setTimeout(() => server!.kill('SIGKILL'), 2);
      return request;
    };
    const db = new TrainingDb(`crash-${process.pid}`);
    const engine = new SyncEngine({ db, userId: me.id, fetch: crashing, autoRetry: false });
    for (let i = 0; i < ENTRIES; i++) {
      await engine.mutate('logClinicalHours', {
        studentId: student.id,
        // a day each: one student has at most 24 hours on a date
        date: addDays('2025-01-01', i),
        hoursCompleted: 1,
        notes: `crash-test ${i}`,
      });
    }
    expect(await engine.sync()).toBe('offline');
    expect(await db.outbox.count()).toBeGreaterThan(0);

    const afterCrash = new Database(join(dataDir, 'training-records.db'), { readonly: true });
    const landed = afterCrash
      .prepare("select count(*) from clinical_hours where notes like 'crash-test %'")
      .pluck()
      .get() as number;
    const counted = afterCrash.prepare('select last_mutation_id from sync_clients').pluck().get() as number;
    afterCrash.close();
    // a push commits its writes and the device's counter together, so the killed one is all there or absent: what
    // landed is exactly what the counter says was processed (a push may stop early for time, so not always 100s)
    expect(landed).toBe(counted);

    server = await start(dataDir, port);
    for (let round = 0; round < 5 && (await db.outbox.count()) > 0; round++) await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejected.count()).toBe(0);
    server.kill('SIGKILL');

    const stored = new Database(join(dataDir, 'training-records.db'), { readonly: true });
    const entries = stored
      .prepare("select notes, count(*) as n from clinical_hours where notes like 'crash-test %' group by notes")
      .all() as { notes: string; n: number }[];
    stored.close();
    expect(entries.length).toBe(ENTRIES);
    expect(entries.filter((e) => e.n !== 1)).toEqual([]);
    await db.delete();
  }, 120_000);
});
