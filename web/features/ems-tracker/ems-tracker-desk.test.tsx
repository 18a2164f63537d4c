/**
 * The EMS tracker's Completed tile on a desk device, which holds the per-skill progress of the students it opened
 * only: no count until the chosen student's progress is here, then the count a device holding every record shows.
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SyncValueProvider } from '#web/lib/sync.tsx';
import { deskWorld } from '#web/lib/testing/desk-devices.tsx';

import { EmsTrackerPage } from './ems-tracker-page.tsx';

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

describe('the EMS tracker on a desk device', () => {
  it("counts the chosen student's completed competencies as a device holding every record, never before", async () => {
    await desk.recordWork(await desk.device('instructor'));
    const director = await desk.device('director');
    desk.showScreens();
    // the matrix links to logging: a router around the page
    const root = createRootRoute({
      component: () => (
        <SyncValueProvider value={director}>
          <EmsTrackerPage query="" onQueryChange={() => undefined} />
        </SyncValueProvider>
      ),
    });
    render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory() })} />);
    const page = within(document.body);
    // the tile comes before the matrix, whose legend also says Completed
    const completed = () => page.getAllByText('Completed')[0].nextElementSibling?.textContent;
    const counts: (string | null | undefined)[] = [];
    const picker = (await page.findByLabelText('Student', {}, { timeout: 5000 })) as HTMLSelectElement;
    fireEvent.change(picker, { target: { value: desk.w.students[0].id } });
    // S1 completed one skill of the level (recordWork): the tile says so once their progress is here, and no 0 before
    await waitFor(
      () => {
        counts.push(completed());
        expect(completed()).toBe('1');
      },
      { timeout: 5000 },
    );
    expect(counts).not.toContain('0');
  });
});
