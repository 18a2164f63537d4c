// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';
import { openedStudents } from '#sync/client/opened-students.ts';

import { StudentRecordsGate } from './student-records.tsx';
import { SyncValueProvider } from './sync.tsx';

const signedIn = vi.hoisted(() => ({ role: 'director' }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Desk', role: signedIn.role },
    fromCache: false,
  }),
}));

let db: TrainingDb;
let engine: SyncEngine;

beforeEach(() => {
  db = new TrainingDb(`records-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'u1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
});
afterEach(async () => {
  cleanup();
  // the sync an opening started (refused: no signal) ends before the database goes
  await engine.sync();
  signedIn.role = 'director';
  await db.delete();
});

const gate = () =>
  render(
    <SyncValueProvider value={{ db, engine }}>
      <StudentRecordsGate studentId="s1">
        <p>the records</p>
      </StudentRecordsGate>
    </SyncValueProvider>,
  );

describe("a student's records on a desk device", () => {
  it('offline and never fetched: says they are not on this device yet, and asks for them at the next sync', async () => {
    gate();
    expect(await screen.findByText(MSG.notOnDeviceYet)).toBeTruthy();
    expect(screen.queryByText('the records')).toBeNull();
    expect(await openedStudents(db)).toEqual(['s1']);
  });

  it('once fetched, shows them offline', async () => {
    await db.setMeta('cookie', { version: 3, epoch: 'e', opened: ['s1'] });
    gate();
    expect(await screen.findByText('the records')).toBeTruthy();
  });

  it('an instructor holds every record of their students: shown at once', async () => {
    signedIn.role = 'instructor';
    gate();
    expect(await screen.findByText('the records')).toBeTruthy();
    expect(await openedStudents(db)).toEqual([]);
  });
});
