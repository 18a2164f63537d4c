/**
 * A desk device holds every student's figures but the per-skill records of those it opened only (schema/device-set.ts):
 * the screens that show students' per-skill records open them and show figures once all are here, the same as a
 * device holding every record shows. Devices are real engines talking to the real server code (test-harness.ts).
 */
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '#schema/enums.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import type { StudentWithProgress } from '#sync/client/student-figures.ts';
import { openClient, sessionFetch, type SyncWorld, syncWorld, uniqueDbName } from '#sync/test-harness.ts';

import { useProgramTypeSummaries } from './data.ts';
import { SyncValueProvider } from './sync.tsx';
import { addDocument } from './testing/node-document.ts';

const signedIn = vi.hoisted(() => ({ role: 'director' }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Desk', role: signedIn.role },
    fromCache: false,
  }),
}));

let w: SyncWorld;
const dbs: TrainingDb[] = [];
let removeDocument: (() => void) | undefined;

/** The screen part, after the devices synced in node (node-document.ts says why); online unless a test says not. */
function showScreens() {
  removeDocument = addDocument();
  setOnline(true);
}
const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });

beforeEach(() => {
  w = syncWorld();
});
afterEach(async () => {
  removeDocument?.();
  removeDocument = undefined;
  for (const db of dbs.splice(0)) await db.delete();
});

async function device(role: Role) {
  const session = sessionFetch(w.h, role);
  await session.relogin();
  const network = { down: false };
  const client = openClient(w.h, role, uniqueDbName(`desk-${role}`), (path, init) =>
    network.down ? Promise.reject(new TypeError('offline')) : session.fetch(path, init),
  );
  dbs.push(client.db);
  await client.engine.sync();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SyncValueProvider value={client}>{children}</SyncValueProvider>
  );
  return { ...client, network, wrapper };
}

/** Progress and attempts on each EMS student, written on the instructor's device and sent. */
async function recordWork(instructor: Awaited<ReturnType<typeof device>>) {
  for (const [i, student] of w.students.entries()) {
    await instructor.engine.mutate('recordSkillProgress', {
      studentId: student.id,
      skillId: w.skills[i].id,
      status: i === 0 ? 'completed' : 'in_progress',
      progressPercentage: i === 0 ? 100 : 40,
      attempts: 1,
      successfulAttempts: 1,
    });
    await instructor.engine.mutate('logSkillAttempt', {
      studentId: student.id,
      skillId: w.skills[0].id,
      attemptedAt: '2026-03-01T09:00:00.000Z',
      setting: 'lab',
      outcome: 'successful',
    });
  }
  await instructor.engine.sync();
}

/** What a screen shows of each student: their figures and their progress by skill, without the row's tallies. */
const shown = (list: StudentWithProgress[]) =>
  list.map(({ student, summary, progress }) => ({
    id: student.id,
    summary,
    progress: [...progress.values()].map((p) => [p.skillId, p.status, p.progressPercentage]),
  }));

async function summariesOn(role: Role, d: Awaited<ReturnType<typeof device>>) {
  signedIn.role = role;
  const { result, unmount } = renderHook(() => useProgramTypeSummaries('ems'), { wrapper: d.wrapper });
  await waitFor(() => expect(Array.isArray(result.current)).toBe(true), { timeout: 5000 });
  const list = result.current as StudentWithProgress[];
  unmount();
  return list;
}

describe("one program type's students with their per-skill records, on a desk device", () => {
  it('a director who opened no one sees the same figures as a device holding every record', async () => {
    const instructor = await device('instructor');
    await recordWork(instructor);
    const director = await device('director');
    expect(await director.db.rows('studentSkills').count(), 'no student opened yet').toBe(0);
    showScreens();

    const everyRecord = await summariesOn('instructor', instructor);
    const desk = await summariesOn('director', director);
    expect(shown(desk)).toEqual(shown(everyRecord));
    expect(shown(desk).find((s) => s.id === w.students[0].id)?.summary.skillsCompleted).toBe(1);
  });

  it('offline before they came: says so, with no figures', async () => {
    const director = await device('director');
    showScreens();
    setOnline(false);
    director.network.down = true;
    const { result } = renderHook(() => useProgramTypeSummaries('ems'), { wrapper: director.wrapper });
    await waitFor(() => expect(result.current).toBe('not-on-device'));
    // the sync the opening started (refused: no signal) ends before the database goes
    await director.engine.sync();
  });
});
