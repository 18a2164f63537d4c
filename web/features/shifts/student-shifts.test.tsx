// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { addDays, localDay } from '#schema/dates.ts';
import { SHIFT_MSG } from '#schema/messages.ts';
import type { DomainRows, TrainingDb } from '#sync/client/db.ts';
import { programRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, siteRow } from '#web/lib/testing/test-sync.tsx';

import { MyShiftsCard } from './my-shifts-card.tsx';
import { shiftRow, stamp } from './shift-rows.test-support.ts';
import { localWallTime } from './shift-rules.ts';
import { StudentShifts } from './student-shifts.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'user-1', email: 's@demo.test', firstName: 'Sam', lastName: 'Student', role: 'student' },
    fromCache: false,
  }),
}));

/** This phone's geolocation answers with the given position. */
const phoneAt = (getCurrentPosition: (ok: PositionCallback) => void) =>
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });

const opened: TrainingDb[] = [];
afterEach(async () => {
  cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
  for (const db of opened.splice(0)) await db.delete();
});

const today = localDay(new Date());
const shift = (id: string, over: Partial<DomainRows['shifts']> = {}) =>
  shiftRow(id, { date: addDays(today, 7), ...over });
const booking = (id: string, shiftId: string): DomainRows['shiftBookings'] => ({
  ...stamp,
  id,
  shiftId,
  studentId: 's1',
  bookedBy: 'user-1',
  swapOffered: false,
  clockInAt: null,
  clockInAtSite: null,
  clockInReason: null,
  clockOutAt: null,
  clockOutReason: null,
  hoursEntryId: null,
});
const SITE = { latitude: 30.2672, longitude: -97.7431, radiusMeters: 200 };

async function studentScreen(
  rows: { shifts: DomainRows['shifts'][]; bookings?: DomainRows['shiftBookings'][] },
  site = siteRow('site-1', { name: 'Mercy General' }),
) {
  const r = await renderWithRows(<StudentShifts />, {
    students: [studentRow('s1', { userId: 'user-1', programId: 'p1' })],
    programs: [programRow('p1', { clockEarlyMinutes: 15, clockLateMinutes: 10 })],
    clinicalSites: [site],
    shifts: rows.shifts,
    shiftBookings: rows.bookings ?? [],
    studentCredentials: [],
  });
  opened.push(r.db);
  return r;
}

describe("the student's shift screen", () => {
  it('books an open shift at once, shown pending until the server confirms it, and queues the booking', async () => {
    const { db } = await studentScreen({ shifts: [shift('last', { slots: 1 })] });
    const open = await screen.findByRole('region', { name: 'Open shifts' });
    expect(within(open).getByText('1 of 1 place left')).toBeInTheDocument();
    await userEvent.click(within(open).getByRole('button', { name: 'Book' }));
    const booked = screen.getByRole('region', { name: 'Booked' });
    expect(await within(booked).findByText('Pending sync')).toBeInTheDocument();
    expect(within(booked).getByText(/Mercy General/)).toBeInTheDocument();
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, (e.args as { shiftId: string }).shiftId])).toEqual([['bookShift', 'last']]);
  });

  it('a full shift with a place offered for a swap lets the student take it, giving one of their shifts', async () => {
    const { db } = await studentScreen({
      shifts: [shift('offered', { slots: 1, bookedCount: 1, swapOffers: 1 }), shift('mine', { startTime: '19:00' })],
      bookings: [booking('b-mine', 'mine')],
    });
    const offer = await screen.findByTestId('swap-offer');
    await userEvent.selectOptions(within(offer).getByLabelText('Give one of your shifts in exchange'), 'b-mine');
    await userEvent.click(within(offer).getByRole('button', { name: 'Take the offered place' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect([entry.name, entry.args]).toEqual([
      'acceptShiftSwap',
      expect.objectContaining({ shiftId: 'offered', giveBookingId: 'b-mine' }),
    ]);
    const booked = screen.getByRole('region', { name: 'Booked' });
    await waitFor(() => expect(within(booked).getAllByText('Pending sync')).toHaveLength(1));
  });

  it('a full shift cannot be booked and says so', async () => {
    await studentScreen({ shifts: [shift('full', { slots: 2, bookedCount: 2 })] });
    const open = await screen.findByRole('region', { name: 'Open shifts' });
    expect(within(open).getByTestId('cannot-book')).toHaveTextContent('Cannot book: Full');
    expect(within(open).getByRole('button', { name: 'Book' })).toBeDisabled();
  });
});

describe("My Shifts on the student's home", () => {
  it("lists their next booked shifts, not one they clocked out of nor anyone else's, and links to booking", async () => {
    const done = { ...booking('b-done', 'done'), clockInAt: 'x', clockOutAt: 'y' };
    const others = { ...booking('b-other', 'other'), studentId: 's2' };
    // the home's card, and a stand-in for the shifts screen its link opens
    const root = createRootRoute({ component: Outlet });
    const routeTree = root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: MyShiftsCard }),
      createRoute({ getParentRoute: () => root, path: '/shifts', component: () => <h2>Shifts screen</h2> }),
    ]);
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
    const r = await renderWithRows(<RouterProvider router={router} />, {
      students: [studentRow('s1', { userId: 'user-1', programId: 'p1' })],
      clinicalSites: [siteRow('site-1', { name: 'Mercy General' })],
      shifts: [
        shift('next', { unit: 'Next ED' }),
        shift('done', { unit: 'Done ED' }),
        shift('other', { unit: 'Other ED' }),
      ],
      shiftBookings: [booking('b-next', 'next'), done, others],
    });
    opened.push(r.db);
    const card = (await screen.findByRole('heading', { name: 'My Shifts' })).closest('div')!.parentElement!;
    await waitFor(() => expect(card).toHaveTextContent('Next ED'));
    expect(card).not.toHaveTextContent('Done ED');
    expect(card).not.toHaveTextContent('Other ED');
    await userEvent.click(within(card).getByRole('link', { name: 'Book shifts' }));
    expect(await screen.findByRole('heading', { name: 'Shifts screen' })).toBeInTheDocument();
  });
});

describe('clocking in: the program window and the at-the-site check', () => {
  // a shift starting this minute: the clock-in is inside the window, so only the place can ask for a reason
  const now = localWallTime(new Date());
  const onShiftDay = shift('now', { date: now.slice(0, 10), startTime: now.slice(11) });

  it('with consent the phone checks itself against the site and queues only the yes or no, never its position', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 30.2675, longitude: -97.7429, accuracy: 10 } } as GeolocationPosition),
    );
    phoneAt(getCurrentPosition);
    const { db } = await studentScreen(
      { shifts: [onShiftDay], bookings: [booking('b1', 'now')] },
      siteRow('site-1', { name: 'Mercy General', ...SITE }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('site-check')).toHaveTextContent(SHIFT_MSG.siteCheckDeclined);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Check whether I am at the site/ }));
    await waitFor(() => expect(within(dialog).getByTestId('site-check')).toHaveTextContent(SHIFT_MSG.siteCheckAt));
    await userEvent.click(within(dialog).getByRole('button', { name: /Clock in/ }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry.name).toBe('clockIntoShift');
    expect((entry.args as { atSite: boolean }).atSite).toBe(true);
    expect(JSON.stringify(entry)).not.toMatch(/30\.26|97\.74|latitude|longitude|accuracy/);
  });

  it('away from the site asks for a reason; a site without a location says the phone cannot check', async () => {
    phoneAt((ok: PositionCallback) =>
      ok({ coords: { latitude: 30.3, longitude: -97.7, accuracy: 10 } } as GeolocationPosition),
    );
    await studentScreen(
      { shifts: [onShiftDay], bookings: [booking('b1', 'now')] },
      siteRow('site-1', { name: 'Mercy General', ...SITE }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Check whether I am at the site/ }));
    await waitFor(() => expect(within(dialog).getByTestId('site-check')).toHaveTextContent(SHIFT_MSG.siteCheckAway));
    await userEvent.click(within(dialog).getByRole('button', { name: /Clock in/ }));
    expect(await within(dialog).findByText(SHIFT_MSG.clockReasonRequired)).toBeInTheDocument();
    cleanup();

    await studentScreen({ shifts: [onShiftDay], bookings: [booking('b1', 'now')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    const plain = await screen.findByRole('dialog');
    expect(within(plain).getByTestId('site-check')).toHaveTextContent(SHIFT_MSG.siteNoLocation);
    expect(within(plain).queryByRole('checkbox')).toBeNull();
    expect(within(plain).getByText(/from 15 minutes early to 10 late/)).toBeInTheDocument();
  });

  it('a shift days away cannot be clocked into: the dialog says why and queues nothing', async () => {
    const { db } = await studentScreen({ shifts: [shift('later')], bookings: [booking('b1', 'later')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SHIFT_MSG.clockFarFromShift);
    expect(within(dialog).getByRole('button', { name: 'Clock in' })).toBeDisabled();
    expect(await db.outbox.count()).toBe(0);
  });
});
