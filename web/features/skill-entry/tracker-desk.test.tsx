/**
 * Skill entry's tracker on a desk device, which holds the per-skill records of the students it opened only
 * (schema/device-set.ts): a student's cards are drawn once their records are here, never with zeros meanwhile, and
 * offline before they came the screen says they are not on this device yet.
 */
import { render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { type DeskDevice, deskWorld } from '#web/lib/testing/desk-devices.tsx';

import { RealTimeTracker } from './real-time-tracker.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Desk', role: 'director' },
    fromCache: false,
  }),
}));

let desk: ReturnType<typeof deskWorld>;
beforeEach(() => {
  desk = deskWorld();
});
afterEach(() => desk.dispose());

async function showTracker(director: DeskDevice) {
  const students = await director.db.rows('students').toArray();
  const s1 = students.find((s) => s.id === desk.w.students[0].id)!;
  render(
    <SyncValueProvider value={director}>
      <RealTimeTracker
        students={students}
        studentId={s1.id}
        onStudentChange={() => undefined}
        search=""
        onSearchChange={() => undefined}
        autoRefresh
        onAutoRefreshChange={() => undefined}
        canRecord
        canLog
        user={{ id: 'u1', role: 'director' }}
        today="2026-11-27"
      />
    </SyncValueProvider>,
  );
  return within(document.body);
}

describe("skill entry's tracker on a desk device", () => {
  it("draws a student's cards once their records came, with their figures, never zeros before", async () => {
    await desk.recordWork(await desk.device('instructor'));
    const director = await desk.device('director');
    const skill = desk.w.skills[0].name;
    desk.showScreens();
    const page = await showTracker(director);
    const zeros: boolean[] = [];
    const watch = new MutationObserver(() =>
      zeros.push(
        page
          .queryByRole('button', { name: `Details: ${skill}` })
          ?.parentElement?.textContent?.includes('No attempts yet') ?? false,
      ),
    );
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    const card = await page.findByRole('button', { name: `Details: ${skill}` }, { timeout: 5000 });
    watch.disconnect();
    expect(card.parentElement!.textContent).toMatch(/2 of 2 successful/);
    expect(zeros).not.toContain(true);
  });

  it('offline before they came: says so, and draws no cards', async () => {
    const director = await desk.device('director');
    director.network.down = true;
    desk.showScreens(false);
    const page = await showTracker(director);
    expect(await page.findByText(MSG.notOnDeviceYet)).toBeTruthy();
    expect(page.queryByRole('button', { name: /^Successful: / })).toBeNull();
    // the sync the opening started (refused: no signal) ends before the database goes
    await director.engine.sync();
  });
});
