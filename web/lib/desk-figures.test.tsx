/**
 * A desk device holds every student's figures but the per-skill records of those it opened only (schema/device-set.ts):
 * the screens that show students' per-skill records open them and show figures once all are here, the same as a
 * device holding every record shows. Devices are real engines talking to the real server code (test-harness.ts).
 */
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '#schema/enums.ts';
import type { StudentWithProgress } from '#sync/client/student-figures.ts';

import { useProgramTypeSummaries } from './data.ts';
import { type DeskDevice, deskWorld } from './testing/desk-devices.tsx';

const signedIn = vi.hoisted(() => ({ role: 'director' }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Desk', role: signedIn.role },
    fromCache: false,
  }),
}));

let desk: ReturnType<typeof deskWorld>;
beforeEach(() => {
  desk = deskWorld();
});
afterEach(() => desk.dispose());

/** What a screen shows of each student: their figures and their progress by skill, without the row's tallies. */
const shown = (list: StudentWithProgress[]) =>
  list.map(({ student, summary, progress }) => ({
    id: student.id,
    summary,
    progress: [...progress.values()].map((p) => [p.skillId, p.status, p.progressPercentage]),
  }));

async function summariesOn(role: Role, d: DeskDevice) {
  signedIn.role = role;
  const { result, unmount } = renderHook(() => useProgramTypeSummaries('ems'), { wrapper: d.wrapper });
  await waitFor(() => expect(Array.isArray(result.current)).toBe(true), { timeout: 5000 });
  const list = result.current as StudentWithProgress[];
  unmount();
  return list;
}

describe("one program type's students with their per-skill records, on a desk device", () => {
  it('a director who opened no one sees the same figures as a device holding every record', async () => {
    const instructor = await desk.device('instructor');
    await desk.recordWork(instructor);
    const director = await desk.device('director');
    expect(await director.db.rows('studentSkills').count(), 'no student opened yet').toBe(0);
    desk.showScreens();

    const everyRecord = await summariesOn('instructor', instructor);
    const onDesk = await summariesOn('director', director);
    expect(shown(onDesk)).toEqual(shown(everyRecord));
    expect(shown(onDesk).find((s) => s.id === desk.w.students[0].id)?.summary.skillsCompleted).toBe(1);
  });

  it('offline before they came: says so, with no figures', async () => {
    const director = await desk.device('director');
    desk.showScreens(false);
    director.network.down = true;
    const { result } = renderHook(() => useProgramTypeSummaries('ems'), { wrapper: director.wrapper });
    await waitFor(() => expect(result.current).toBe('not-on-device'));
    // the sync the opening started (refused: no signal) ends before the database goes
    await director.engine.sync();
  });
});
