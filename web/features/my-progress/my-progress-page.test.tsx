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
import type { DorRatingValue } from '#schema/dor.ts';
import type { DomainRows, TrainingDb } from '#sync/client/db.ts';
import { fireBookRows } from '#web/lib/testing/fire-books.ts';
import { bookingRow, programRow, shiftRow, signOffRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, userRow } from '#web/lib/testing/test-sync.tsx';

import { MyShiftsCard } from '../shifts/index.ts';
import { MyProgressPage } from './my-progress-page.tsx';
import { MY_ROWS } from './test-rows.ts';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'user-1', email: 's@demo.test', firstName: 'Sam', lastName: 'Rivera', role: 'student' },
    fromCache: false,
  }),
}));

let db: TrainingDb | undefined;
afterEach(async () => {
  cleanup();
  await db?.delete();
});

const SYNCED = { phase: 'in-sync', lastSyncedAt: '2026-11-27T05:00:00.000Z', error: null };

async function open(rows = MY_ROWS, meta: Record<string, unknown> = {}) {
  // the home, and a stand-in for the sign-offs screen its waiting card opens
  const root = createRootRoute({ component: Outlet });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: MyProgressPage }),
    createRoute({ getParentRoute: () => root, path: '/sign-offs', component: () => <h2>Sign-offs screen</h2> }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
  ({ db } = await renderWithRows(<RouterProvider router={router} />, rows, meta));
}

const card = (name: string) => screen.getByRole('link', { name }).closest('section')!;

describe('My progress (the student home)', () => {
  it('answers how far the student is from graduating, from the device', async () => {
    await open();
    await screen.findByRole('heading', { name: 'My progress' });
    expect(screen.getByText(/EMT Fall 2026 · expected graduation Dec 20, 2026/)).toBeInTheDocument();
    expect(card('Skills')).toHaveTextContent('2 of 3skills at their minimum (67% overall)');
    expect(within(card('Skills')).getByText('Clinical').nextSibling).toHaveTextContent('2 of 2 required');
    expect(card('Hours')).toHaveTextContent('12 of 100 h required');
    // each bar is read against the program's calendar (the share of time passed depends on today)
    for (const name of ['Skills', 'Hours'])
      expect(card(name)).toHaveTextContent(
        /(Ahead|On pace|A little behind|Behind): \d+% of your program's time has passed/,
      );
    expect(within(card('Hours')).getByText('Still to do').nextSibling).toHaveTextContent('88 h');
    // the SMC figures count verified contacts only; the student's own two wait apart
    expect(card('Patient contacts (SMC)')).toHaveTextContent('1 patient contact1 verified · 2 awaiting verification');
    expect(card('Hours')).toHaveTextContent('12 h verified · 6.5 h awaiting verification');
    // an EMT student: team leads are the paramedic capstone's, so the EMT home shows none (the student led one contact)
    expect(within(card('Patient contacts (SMC)')).queryByText('Team leads')).toBeNull();
    expect(within(card('Patient contacts (SMC)')).getByText('By age').nextSibling).toHaveTextContent(
      '7 of 7 groups met',
    );
    const waiting = card('Waiting for a preceptor');
    expect(within(waiting).getByText('Attempts awaiting verification').nextSibling).toHaveTextContent('2');
    expect(within(waiting).getByText('Patient contacts awaiting verification').nextSibling).toHaveTextContent('2');
    expect(within(waiting).getByText('Hours awaiting verification').nextSibling).toHaveTextContent('6.5 h');
    expect(within(waiting).getByText('Sign-offs awaiting confirmation').nextSibling).toHaveTextContent('1');
    expect(within(waiting).getByText('Confirmation links expired').nextSibling).toHaveTextContent('1');
    expect(card('Upcoming assessments')).toHaveTextContent('CPAPDec 1, 2026');
    expect(card('Upcoming shifts')).toHaveTextContent('Mercy General');
    expect(card('Messages')).toHaveTextContent('2 unread');
  });

  it('shows a sign-off confirmed by link as waiting for a coordinator, and no such line when there is none', async () => {
    const byLink = signOffRow('s-link', { status: 'link_confirmed', records: [{ kind: 'contact', id: 'c2' }] });
    await open({ ...MY_ROWS, signOffs: [...MY_ROWS.signOffs!, byLink] });
    await screen.findByRole('heading', { name: 'My progress' });
    const waiting = card('Waiting for a preceptor');
    expect(within(waiting).getByText('Sign-offs awaiting a coordinator').nextSibling).toHaveTextContent('1');
    expect(within(waiting).getByText('Sign-offs awaiting confirmation').nextSibling).toHaveTextContent('1');
    cleanup();
    await db?.delete();
    await open();
    await screen.findByRole('heading', { name: 'My progress' });
    expect(within(card('Waiting for a preceptor')).queryByText('Sign-offs awaiting a coordinator')).toBeNull();
  });

  it('opens the detail behind each figure', async () => {
    await open();
    await screen.findByRole('heading', { name: 'My progress' });
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Skills')).toBe('/ems/competency-tracker');
    expect(href('Hours')).toBe('/ems/competency-tracker#patient-contacts');
    expect(href('Patient contacts (SMC)')).toBe('/ems/competency-tracker#patient-contacts');
    expect(href('Waiting for a preceptor')).toBe('/sign-offs');
    expect(href('Upcoming assessments')).toBe('/ems/skill-entry?tab=scheduled');
    expect(href('Upcoming shifts')).toBe('/shifts');
    expect(href('Messages')).toBe('/messages');
  });

  it.each(['fire', 'police'])(
    "sends a %s student's hours and upcoming assessments to their own tracker, not EMS screens",
    async (type) => {
      await open({ ...MY_ROWS, programs: [{ ...MY_ROWS.programs![0], type }] });
      await screen.findByRole('heading', { name: 'My progress' });
      const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
      expect(href('Skills')).toBe(`/${type}/competency-tracker`);
      expect(href('Hours')).toBe(`/${type}/competency-tracker`);
      expect(href('Upcoming assessments')).toBe(`/${type}/competency-tracker`);
      expect(screen.queryByRole('link', { name: 'Patient contacts (SMC)' })).toBeNull();
    },
  );

  it("an EMS student logs a skill in one tap from the home: 'Log a skill' opens the one-tap screen", async () => {
    await open();
    await screen.findByRole('heading', { name: 'My progress' });
    expect(screen.getByRole('link', { name: 'Log a skill' })).toHaveAttribute('href', '/ems/skill-entry');
  });

  it.each(['fire', 'police'])('a %s student, who has no one-tap screen, is not offered one', async (type) => {
    await open({ ...MY_ROWS, programs: [{ ...MY_ROWS.programs![0], type }] });
    await screen.findByRole('heading', { name: 'My progress' });
    expect(screen.queryByRole('link', { name: 'Log a skill' })).toBeNull();
  });

  it('shows the sign-offs awaiting their preceptor, a tap away from the sign-offs screen', async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole('heading', { name: 'My progress' });
    const waiting = card('Waiting for a preceptor');
    expect(within(waiting).getByText('Sign-offs awaiting confirmation').nextSibling).toHaveTextContent('1');
    await user.click(screen.getByRole('link', { name: 'Waiting for a preceptor' }));
    expect(await screen.findByRole('heading', { name: 'Sign-offs screen' })).toBeInTheDocument();
  });

  it('says so when the account has no student record on the device after a sync', async () => {
    await open({ ...MY_ROWS, students: [] }, { status: SYNCED });
    expect(await screen.findByText('No student record on this device yet')).toBeInTheDocument();
  });

  it('during the first sync says the records are on their way, not that there is none', async () => {
    await open({ ...MY_ROWS, students: [] }, { status: { phase: 'pulling', lastSyncedAt: null, error: null } });
    expect(await screen.findByText('Bringing your records to this device')).toBeInTheDocument();
    expect(screen.queryByText('No student record on this device yet')).toBeNull();
  });
});

describe('Upcoming shifts on the home and My Shifts: one definition, counted by hand', () => {
  // five shifts at Mercy General: booked tomorrow (confirmed), booked on this phone (pending), dropped on this phone,
  // one that ended two days ago, and one staff cancelled. Upcoming: tomorrow's, confirmed, and the pending one.
  const today = localDay(new Date());
  const shift = (id: string, days: number, over: Partial<DomainRows['shifts']> = {}) =>
    shiftRow(id, { date: addDays(today, days), unit: `${id} ED`, ...over });
  const rows = {
    ...MY_ROWS,
    shifts: [
      shift('Tomorrow', 1),
      shift('Pending', 3),
      shift('Dropped', 4),
      shift('Past', -2),
      shift('Cancelled', 5, { cancelledAt: '2026-11-01T00:00:00.000Z', cancelReason: 'Site closed' }),
    ],
    shiftBookings: ['Tomorrow', 'Dropped', 'Past', 'Cancelled'].map((id) => bookingRow(`b-${id}`, id, 'st1')),
  };

  it('the home card and My Shifts list the same shifts, the one booked offline marked pending, and lead to /shifts', async () => {
    const root = createRootRoute({ component: Outlet });
    const both = () => (
      <>
        <MyProgressPage />
        <MyShiftsCard />
      </>
    );
    const routeTree = root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: both })]);
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
    const r = await renderWithRows(<RouterProvider router={router} />, rows);
    db = r.db;
    await r.engine.mutate('bookShift', { id: crypto.randomUUID(), shiftId: 'Pending' });
    await r.engine.mutate('dropShiftBooking', { id: 'b-Dropped' });

    const home = card('Upcoming shifts');
    await waitFor(() => expect(home).toHaveTextContent('1 shift booked · 1 pending sync'));
    const items = within(home).getAllByRole('listitem');
    expect(items.map((li) => li.firstChild!.textContent)).toEqual([
      'Mercy General · Tomorrow ED',
      'Mercy General · Pending EDPending sync',
    ]);
    expect(screen.getByRole('link', { name: 'Upcoming shifts' })).toHaveAttribute('href', '/shifts');

    const myShifts = screen.getByRole('heading', { name: 'My Shifts' }).closest('div')!.parentElement!;
    const listed = ['Tomorrow', 'Pending', 'Dropped', 'Past', 'Cancelled'].filter((id) =>
      myShifts.textContent!.includes(`${id} ED`),
    );
    expect(listed).toEqual(['Tomorrow', 'Pending']);
    expect(within(myShifts).getAllByText('Pending sync')).toHaveLength(1);
  });
});

describe("a fire candidate's home (web/lib/testing/fire-books.ts, counted by hand)", () => {
  it('shows their JPRs signed / required and the state of their book, and opens it', async () => {
    await open(fireBookRows('user-1'));
    const line = (await screen.findByText('Task book: 2 / 3 JPRs signed')).parentElement!;
    expect(line).toHaveTextContent('In progress');
    expect(screen.getByRole('link', { name: 'Open task book' })).toHaveAttribute('href', '/fire/task-book?student=ana');
    // the skills card counts the same JPRs, in the task book's words
    expect(card('Skills')).toHaveTextContent('2 of 3JPRs signed (67% overall)');
    expect(card('Skills')).not.toHaveTextContent('minimum');
  });
});

describe("a police recruit's home (their field training, counted by hand)", () => {
  // categories A and B, week 1 needs half acceptable, week 2 all. 11-02 reviewed A 5, B 3; 11-10 acknowledged A 4,
  // B N.O.; 11-11 completed A 2, B 6. Week 2 (11-10, 11-11): A 2 no, B 6 yes: 50 %, needs 100 %: not yet. Signed by
  // the FTO 3, by the recruit 2, by a supervisor 1.
  const dor = (id: string, date: string, status: string, a: DorRatingValue, b: DorRatingValue): DomainRows['dors'] => ({
    id,
    createdAt: `${date}T08:00:00.000Z`,
    updatedAt: `${date}T08:00:00.000Z`,
    version: 1,
    studentId: 'riley',
    ftoId: 'fto',
    date,
    shiftStart: '07:00',
    shiftEnd: '15:00',
    assignment: 'Patrol',
    noEvaluationReason: null,
    ratings: { A: { rating: a, comment: 'c' }, B: { rating: b, comment: 'c' } },
    narrative: 'Shift',
    trainingPlan: null,
    activityLog: null,
    fieldStamps: {},
    superseded: [],
    status,
    signatures: {},
  });
  const rows = {
    users: [userRow('user-1', { role: 'student' })],
    programs: [
      programRow('pd', {
        name: 'Police FTO',
        type: 'police',
        dorCategories: [
          { code: 'A', name: 'Appearance', group: 'General' },
          { code: 'B', name: 'Driving', group: 'Patrol' },
        ],
        dorPhaseRules: [
          { fromWeek: 1, toWeek: 1, minShare: 0.5 },
          { fromWeek: 2, toWeek: 2, minShare: 1 },
        ],
      }),
    ],
    students: [studentRow('riley', { firstName: 'Riley', lastName: 'Carter', programId: 'pd', userId: 'user-1' })],
    dors: [
      dor('d1', '2026-11-02', 'reviewed', 5, 3),
      dor('d2', '2026-11-10', 'acknowledged', 4, 'N.O.'),
      dor('d3', '2026-11-11', 'completed', 2, 6),
    ],
  };

  it('shows the phase, the share rated acceptable this week, whether they may advance and who signed', async () => {
    await open(rows);
    const line = await screen.findByTestId('dor-line');
    expect(line).toHaveTextContent('Field training: phase 2 of 2, week 2');
    expect(line).toHaveTextContent('Not yet ready to advance');
    expect(line).toHaveTextContent('Rated acceptable this week: 50 % (needs 100 %)');
    expect(line).toHaveTextContent('Reports signed by your FTO 3, by you 2, by a supervisor 1');
    expect(within(line).getByRole('link', { name: 'Open my reports' })).toHaveAttribute('href', '/police/dors');
  });
});

describe("a fire or police student's home speaks their discipline's words", () => {
  const EMS_WORDS = /CoAEMSP|SMC|Patient contact|Medical Director|Table \d/;
  const policeRows = {
    users: [userRow('user-1', { role: 'student' })],
    programs: [programRow('pd', { name: 'Police FTO', type: 'police' })],
    students: [studentRow('riley', { firstName: 'Riley', lastName: 'Carter', programId: 'pd', userId: 'user-1' })],
  };

  it.each([
    ['fire', fireBookRows('user-1')],
    ['police', policeRows],
  ])('a %s student’s home names no EMS form, table or count', async (_, rows) => {
    await open(rows);
    await screen.findByRole('heading', { name: 'My progress' });
    expect(document.body.textContent).not.toMatch(EMS_WORDS);
  });

  it.each([
    ['fire', fireBookRows('user-1'), 'Waiting for an evaluator or company officer'],
    ['police', policeRows, 'Waiting for an FTO'],
  ])('a %s student’s records wait for their own verifier, not a preceptor', async (_, rows, title) => {
    await open(rows);
    await screen.findByRole('heading', { name: 'My progress' });
    expect(screen.getByRole('link', { name: title })).toHaveAttribute('href', '/sign-offs');
    expect(document.body.textContent).not.toMatch(/preceptor/i);
  });
});
