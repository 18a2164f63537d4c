// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TrainingDb } from '#sync/client/db.ts';

import { useLiveQuery } from './live-query.ts';
import { SyncProvider, useSync } from './sync.tsx';
import { studentRow } from './testing/test-rows.ts';

let db: TrainingDb | undefined;
let userId: string;
beforeEach(() => {
  userId = `user-${crypto.randomUUID()}`;
  // no signal: the engine's rounds fail and the device keeps what the test stores
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await db?.delete();
  db = undefined;
});

const neverLoaded = new Promise<never>(() => undefined);
function NotLoadedYet(): never {
  return use(neverLoaded);
}

// the screen: a count of students, and past one a part whose code has not come (a lazy part on a slow link)
function StudentCount() {
  const sync = useSync();
  useEffect(() => {
    db = sync.db;
  }, [sync.db]);
  const count = useLiveQuery(() => sync.db.rows('students').count(), [sync.db]);
  if (count === undefined) return <p>Reading</p>;
  return (
    <>
      <p>{count} students</p>
      {count > 1 && <NotLoadedYet />}
    </>
  );
}

const app = () => (
  <SyncProvider userId={userId}>
    <Suspense fallback={<p>Loading the screen</p>}>
      <StudentCount />
    </Suspense>
  </SyncProvider>
);

describe('SyncProvider draws the first sync in transitions', () => {
  it('on a device that has never synced, a stored page is drawn as a transition: the screen so far stays', async () => {
    render(app());
    await screen.findByText('0 students');
    await db!.rows('students').put(studentRow('s1'));
    await screen.findByText('1 students');
    await db!.rows('students').put(studentRow('s2'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Loading the screen')).toBeNull();
    expect(screen.getByText('1 students')).toBeTruthy();
  });

  it('once a sync has completed, answers are drawn at once', async () => {
    render(app());
    await screen.findByText('0 students');
    // the cookie a completed sync leaves: no snapshot, so no page follows
    await db!.setMeta('cookie', { version: 1, epoch: 'epoch-1' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await db!.rows('students').bulkPut([studentRow('s1'), studentRow('s2')]);
    await waitFor(() => expect(screen.getByText('Loading the screen')).toBeTruthy());
  });
});
