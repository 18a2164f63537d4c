// @vitest-environment happy-dom
/** A booking the server refused "slot taken" (issue 30): needs-attention says so and offers the next open shifts. */
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';

import { SHIFT_MSG } from '#schema/messages.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { programRow, shiftRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, siteRow } from '#web/lib/testing/test-sync.tsx';

import { NeedsAttention } from './needs-attention.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'user-1', email: 's@demo.test', firstName: 'Sam', lastName: 'Student', role: 'student' },
    fromCache: false,
  }),
}));

const opened: TrainingDb[] = [];
afterEach(async () => {
  cleanup();
  for (const db of opened.splice(0)) await db.delete();
});

const shift = (id: string, startTime: string, bookedCount: number) =>
  shiftRow(id, { startTime, bookedCount, durationMinutes: 240 });

it('a booking refused "slot taken" shows why, with the next open shifts of the program to book instead', async () => {
  const r = await renderWithRows(<NeedsAttention count={1} />, {
    students: [studentRow('s1', { userId: 'user-1', programId: 'p1' })],
    programs: [programRow('p1')],
    clinicalSites: [siteRow('site-1', { name: 'Mercy General' })],
    shifts: [shift('taken', '08:00', 1), shift('next', '13:00', 0)],
    shiftBookings: [],
    studentCredentials: [],
  });
  opened.push(r.db);
  await r.db.rejected.put({
    mutationId: 1,
    name: 'bookShift',
    args: { id: 'b1', shiftId: 'taken' },
    createdAt: '2026-11-21T08:00:00Z',
    rejectedAt: '2026-11-21T08:01:00Z',
    code: '409',
    message: SHIFT_MSG.slotTaken,
  });
  await userEvent.click(screen.getByRole('button', { name: '1 need attention' }));
  expect(await screen.findByText(SHIFT_MSG.slotTaken)).toBeInTheDocument();
  const offered = await screen.findByTestId('next-open-shifts');
  expect(within(offered).getByText(/13:00/)).toBeInTheDocument();
  expect(within(offered).queryByText(/08:00/)).toBeNull();
  expect(within(offered).getByRole('button', { name: 'Book this' })).toBeInTheDocument();
});
