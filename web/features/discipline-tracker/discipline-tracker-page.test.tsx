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
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { FIGURES } from '#schema/figures.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { fireBookRows } from '#web/lib/testing/fire-books.ts';
import { hoursRow, programRow, progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, type SeedRows } from '#web/lib/testing/test-sync.tsx';
import { AboutFigure } from '#web/lib/ui/display.tsx';

import { DisciplineTrackerPage } from './discipline-tracker-page.tsx';

vi.mock('#web/lib/session.tsx', () => ({
  useSession: () => ({
    status: 'signed-in',
    fromCache: false,
    user: { id: 'user-1', email: 'i@example.org', firstName: 'Irene', lastName: 'Okafor', role: 'instructor' },
  }),
}));

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});
// the shell fetches the About buttons' code once the first screen is up (display.tsx)
beforeAll(() => AboutFigure.preload());

/** The fire tracker at /fire, and a stand-in for the task-book screen its candidates' lines open. */
async function renderFire(rows: SeedRows) {
  const root = createRootRoute({ component: Outlet });
  const routeTree = root.addChildren([
    createRoute({
      getParentRoute: () => root,
      path: '/fire',
      component: () => <DisciplineTrackerPage discipline="fire" onClearQuery={() => undefined} />,
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/fire/task-book',
      validateSearch: (s: Record<string, unknown>) => ({
        student: typeof s.student === 'string' ? s.student : undefined,
      }),
      component: () => <h2>Task book screen</h2>,
    }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/fire'] }) });
  ({ db } = await renderWithRows(<RouterProvider router={router} />, rows));
  return router;
}

/**
 * The police tracker, whose recruits' figures come from their skill-progress records (a fire candidate's come from
 * their task book's JPRs, below).
 */
async function renderSkillTracker() {
  const root = createRootRoute({ component: Outlet });
  const routeTree = root.addChildren([
    createRoute({
      getParentRoute: () => root,
      path: '/police',
      component: () => <DisciplineTrackerPage discipline="police" onClearQuery={() => undefined} />,
    }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/police'] }) });
  const policeSkill = (id: string, name: string) =>
    skillRow(id, { name, programType: 'police', certificationLevel: 'bpoc', standardReference: `TCOLE 1.${id}` });
  ({ db } = await renderWithRows(<RouterProvider router={router} />, {
    programs: [programRow('bp', { name: 'Basic Peace Officer Cohort', type: 'police', certificationLevel: 'bpoc' })],
    skills: [policeSkill('1', 'Handcuffing'), policeSkill('2', 'Building search')],
    students: [
      studentRow('s1', { firstName: 'Ana', lastName: 'Lopez', programId: 'bp' }),
      studentRow('s2', { firstName: 'Ben', lastName: 'Ruiz', programId: 'bp' }),
    ],
    studentSkills: [
      progressRow('s1', '1', { status: 'completed', progressPercentage: 100, pendingAttempts: 2, observedAttempts: 1 }),
      progressRow('s2', '1', { status: 'in_progress', progressPercentage: 40 }),
    ],
    // 4 h staff logged (verified), 2.5 h Ana logged herself
    clinicalHours: [
      hoursRow('h1', 's1'),
      hoursRow('h2', 's1', { hoursCompleted: 2.5, verifiedBy: null, verifiedAt: null }),
    ],
  }));
}

describe('Fire and Police tracker', () => {
  it('names the mean progress as every screen does, with its explanation', async () => {
    await renderSkillTracker();
    const name = await screen.findByText(FIGURES.averageProgress.name);
    expect(name.nextSibling).toHaveTextContent('35%'); // Ana 50%, Ben 20%
    expect(screen.queryByText('Avg Progress')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `About this figure: ${FIGURES.averageProgress.name}` }));
    expect(await screen.findByText(FIGURES.averageProgress.about)).toBeVisible();
  });

  it("shows a student's verified hours, and their own awaiting verification apart", async () => {
    await renderSkillTracker();
    const lines = (await screen.findAllByText(/h verified/)).map((p) => p.textContent);
    expect(lines).toContain('4 h verified · 2.5 h awaiting verification');
    expect(lines).toContain('0 h verified');
  });

  it('shows on each skill the attempts awaiting verification, as the EMS tracker does', async () => {
    await renderSkillTracker();
    const ana = await screen.findByRole('list', { name: 'Ana Lopez skills' });
    const [cuffs, search] = within(ana).getAllByRole('listitem');
    expect(cuffs).toHaveTextContent('2 awaiting verification · 1 observed');
    expect(search).not.toHaveTextContent(/awaiting verification|observed/);
    const ben = screen.getByRole('list', { name: 'Ben Ruiz skills' });
    expect(ben).not.toHaveTextContent(/awaiting verification/);
  });
});

describe("the fire tracker's task books (web/lib/testing/fire-books.ts, counted by hand)", () => {
  it("shows each candidate's JPRs signed / required and the book's state, and the tiles over them", async () => {
    await renderFire(fireBookRows());
    await screen.findByText('Task book: 2 / 3 JPRs signed');
    const lines = screen.getAllByText(/^Task book: \d+ \/ \d+ JPRs signed$/).map((l) => l.parentElement!.textContent);
    expect(lines).toEqual([
      'Task book: 3 / 3 JPRs signedCertified by the agency',
      'Task book: 2 / 3 JPRs signedIn progress',
      'Task book: 1 / 2 JPRs signedIn progress',
      'Task book: 0 / 3 JPRs signedNot started',
    ]);
    expect(screen.getByText(FIGURES.jprsSigned.name).nextSibling).toHaveTextContent('6 / 11');
    expect(screen.getByText(FIGURES.taskBooksCertified.name).nextSibling).toHaveTextContent('1');
  });

  it("shows each candidate's JPRs as their skills, and their progress from the JPRs signed", async () => {
    await renderFire(fireBookRows());
    const ana = await screen.findByRole('list', { name: 'Ana Lopez skills' });
    // a passed; b failed, then passed; c failed once
    const [a, b, c] = within(ana).getAllByRole('listitem');
    expect(a).toHaveTextContent(/Completed.*100%/);
    expect(b).toHaveTextContent(/Completed.*100%/);
    expect(c).toHaveTextContent(/In Progress.*0%/);
    expect(screen.getByText('2 of 3 skills completed')).toBeInTheDocument();
    const ben = screen.getByRole('list', { name: 'Ben Ruiz skills' });
    expect(
      within(ben)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      expect.stringContaining('Not Started'),
      expect.stringContaining('Not Started'),
      expect.stringContaining('Not Started'),
    ]);
    // Ana 67%, Ben 0%, Cy 50%, Dee 100%; JPRs signed 2 + 0 + 1 + 3
    expect(screen.getByText(FIGURES.averageProgress.name).nextSibling).toHaveTextContent('54%');
    expect(screen.getByText(FIGURES.completedSkillRecords.name).nextSibling).toHaveTextContent('6');
  });

  it("opens a candidate's book from their JPR, and offers no progress form that would not count", async () => {
    const router = await renderFire(fireBookRows());
    const ana = await screen.findByRole('list', { name: 'Ana Lopez skills' });
    expect(screen.queryByRole('button', { name: 'Track New Skill' })).not.toBeInTheDocument();
    await userEvent.click(within(ana).getAllByRole('button')[2]);
    expect(await screen.findByRole('heading', { name: 'Task book screen' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ student: 'ana' });
  });

  it("links each candidate's line to that candidate's book", async () => {
    const router = await renderFire(fireBookRows());
    await screen.findByText('Task book: 1 / 2 JPRs signed');
    const links = screen.getAllByRole('link', { name: 'Open task book' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/fire/task-book?student=dee',
      '/fire/task-book?student=ana',
      '/fire/task-book?student=cy',
      '/fire/task-book?student=ben',
    ]);
    await userEvent.click(links[2]);
    expect(await screen.findByRole('heading', { name: 'Task book screen' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ student: 'cy' });
  });
});
