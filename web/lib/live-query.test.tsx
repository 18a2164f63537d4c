// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { TrainingDb } from '#sync/client/db.ts';

import { FirstSyncDrawing, useLiveQuery } from './live-query.ts';
import { studentRow } from './testing/test-rows.ts';

let db: TrainingDb;
beforeEach(() => {
  db = new TrainingDb(`live-${crypto.randomUUID()}`);
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

// a part of the screen whose code has not come yet (a lazy screen part on a slow link)
const neverLoaded = new Promise<never>(() => undefined);
function NotLoadedYet(): never {
  return use(neverLoaded);
}

function StudentCount() {
  const count = useLiveQuery(() => db.rows('students').count(), []);
  if (count === undefined) return <p>Reading</p>;
  return (
    <>
      <p>{count} students</p>
      {count > 1 && <NotLoadedYet />}
    </>
  );
}

describe('useLiveQuery', () => {
  it('follows the table: a stored row shows on the screen', async () => {
    render(<StudentCount />);
    await screen.findByText('0 students');
    await db.rows('students').put(studentRow('s1'));
    await screen.findByText('1 students');
  });

  it('during a first sync, draws an answer as a transition: the screen drawn so far stays until the new one is ready', async () => {
    await db.rows('students').put(studentRow('s1'));
    render(
      <FirstSyncDrawing value={{ current: true }}>
        <Suspense fallback={<p>Loading the screen</p>}>
          <StudentCount />
        </Suspense>
      </FirstSyncDrawing>,
    );
    await screen.findByText('1 students');
    // a page of a first sync lands; drawing it needs code that has not come: an urgent render would blank the screen
    await db.rows('students').put(studentRow('s2'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Loading the screen')).toBeNull();
    expect(screen.getByText('1 students')).toBeTruthy();
  });

  it('reads the flag as each answer comes: once the first sync ends, the next answer draws at once', async () => {
    await db.rows('students').put(studentRow('s1'));
    const firstSync = { current: true };
    render(
      <FirstSyncDrawing value={firstSync}>
        <Suspense fallback={<p>Loading the screen</p>}>
          <StudentCount />
        </Suspense>
      </FirstSyncDrawing>,
    );
    await screen.findByText('1 students');
    // the flag changes without a redraw of the screen (sync.tsx keeps it in a ref)
    firstSync.current = false;
    await db.rows('students').put(studentRow('s2'));
    await screen.findByText('Loading the screen');
  });

  it('after the first sync, draws an answer at once', async () => {
    await db.rows('students').put(studentRow('s1'));
    render(
      <Suspense fallback={<p>Loading the screen</p>}>
        <StudentCount />
      </Suspense>,
    );
    await screen.findByText('1 students');
    await db.rows('students').put(studentRow('s2'));
    await screen.findByText('Loading the screen');
  });

  it('keeps the previous answer while a new query runs', async () => {
    await db.rows('students').bulkPut([studentRow('s1'), studentRow('s2')]);
    const seen: (string | undefined)[] = [];
    function One({ id }: { id: string }) {
      const row = useLiveQuery(() => db.rows('students').get(id), [id]);
      seen.push(row?.id);
      return <p>{row?.id ?? 'none'}</p>;
    }
    const { rerender } = render(<One id="s1" />);
    await screen.findByText('s1');
    rerender(<One id="s2" />);
    await screen.findByText('s2');
    await waitFor(() => expect(seen.at(-1)).toBe('s2'));
    expect(seen.slice(seen.indexOf('s1'))).not.toContain(undefined);
  });
});
