/**
 * Bulk entry's status beside each student on a desk device, which holds the per-skill records of the students it
 * opened only: never a status it does not hold (a "Not Started" for a student who completed the skill), and a
 * chosen student's status as a device holding every record shows it, before the session raises statuses from it.
 */
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SyncValueProvider } from '#web/lib/sync.tsx';
import { deskWorld } from '#web/lib/testing/desk-devices.tsx';

import { BulkEntryForm } from './bulk-entry-form.tsx';

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

describe('bulk entry on a desk device', () => {
  it("shows a chosen student's status as a device holding every record does, and none it does not hold", async () => {
    await desk.recordWork(await desk.device('instructor'));
    const director = await desk.device('director');
    const students = (await director.db.rows('students').toArray()).filter((s) => s.programId === desk.w.program.id);
    desk.showScreens();
    render(
      <SyncValueProvider value={director}>
        <BulkEntryForm
          students={students}
          user={{ id: 'u1', firstName: 'Dana', lastName: 'Desk' }}
          canRecord
          today="2026-11-27"
        />
      </SyncValueProvider>,
    );
    const page = within(document.body);
    const skill = (await page.findByLabelText('Skill')) as HTMLSelectElement;
    await waitFor(() => expect(skill.options.length).toBeGreaterThan(1));
    fireEvent.change(skill, { target: { value: desk.w.skills[0].id } });
    const s1 = () => page.getByText((text) => text.startsWith('S1 Student'));
    // S1 completed the skill (recordWork): not opened yet, the desk device shows no status rather than a wrong one
    await waitFor(() => expect(skill.value).toBe(desk.w.skills[0].id));
    expect(s1().textContent).not.toMatch(/Not Started/);
    fireEvent.click(page.getByRole('checkbox', { name: /^S1 Student/ }));
    await waitFor(() => expect(s1().textContent).toMatch(/— Completed$/), { timeout: 5000 });
    const startButton = page.getByRole('button', { name: 'Start Bulk Entry Session' }) as HTMLButtonElement;
    await waitFor(() => expect(startButton.disabled).toBe(false));
  });
});
