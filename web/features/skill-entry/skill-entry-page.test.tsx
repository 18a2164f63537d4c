// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TrainingDb } from '#web/lib/sync-client.ts';
import { programRow, progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';
import { AboutFigure } from '#web/lib/ui/display.tsx';

import { SkillEntryPage } from './skill-entry-page.tsx';

const signedIn = vi.hoisted(() => ({ role: 'preceptor' }));
vi.mock('#web/lib/session.tsx', () => ({
  useSession: () => ({
    status: 'signed-in',
    fromCache: false,
    user: { id: 'user-1', email: 'p@example.org', firstName: 'Pat', lastName: 'P', role: signedIn.role },
  }),
}));

let db: TrainingDb;
beforeEach(() => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline'))));
afterEach(async () => {
  cleanup();
  signedIn.role = 'preceptor';
  vi.unstubAllGlobals();
  await db.delete();
});

// the shell fetches the About buttons' code once the first screen is up (display.tsx)
beforeAll(() => AboutFigure.preload());

describe('Skill Entry tiles', () => {
  it("name the completed share of the students' level skills for what it is, and explain it on click", async () => {
    ({ db } = await renderWithRows(<SkillEntryPage search={{}} onSearchChange={() => undefined} />, {
      programs: [programRow('program-ems')],
      skills: [skillRow('opa', { name: 'Insert OPA' }), skillRow('bvm', { name: 'BVM Ventilation' })],
      students: [studentRow('s1', { firstName: 'Maya', lastName: 'Chen' })],
      studentSkills: [progressRow('s1', 'opa', { status: 'completed', progressPercentage: 100 })],
    }));
    const name = await screen.findByText('Level Skills Completed');
    expect(name.nextSibling).toHaveTextContent('50%'); // 1 of Maya's 2 EMT skills
    // not the dashboard's figure, which averages compliance requirements
    expect(screen.queryByText('Average Requirement Compliance')).not.toBeInTheDocument();
    expect(screen.queryByText('Compliance Rate')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'About this figure: Level Skills Completed' }));
    expect(await screen.findByText(/the share that the active EMS students listed here have completed/)).toBeVisible();
  });

  it('count a skill that a tap completes in the same task as the card, and once the attempt is stored', async () => {
    ({ db } = await renderWithRows(<SkillEntryPage search={{}} onSearchChange={() => undefined} />, {
      programs: [programRow('program-ems')],
      skills: [
        skillRow('opa', { name: 'Insert OPA' }),
        skillRow('bvm', { name: 'BVM Ventilation', minimumAttempts: 1 }),
      ],
      students: [studentRow('s1', { firstName: 'Maya', lastName: 'Chen' })],
      studentSkills: [progressRow('s1', 'opa', { status: 'completed', progressPercentage: 100 })],
    }));
    const tile = (await screen.findByText('Level Skills Completed')).nextSibling!;
    expect(tile).toHaveTextContent('50%');
    await userEvent.selectOptions(await screen.findByLabelText('Student'), 's1');
    fireEvent.click(await screen.findByRole('button', { name: 'Successful: BVM Ventilation' }));
    expect(tile).toHaveTextContent('100%');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await waitFor(async () => expect((await db.rows('studentSkills').get('s1/bvm'))?.status).toBe('completed'));
    await new Promise((r) => setTimeout(r, 50));
    expect(tile).toHaveTextContent('100%');
  });
});

describe('Skill Entry by role and by link', () => {
  const rows = {
    programs: [programRow('program-ems')],
    skills: [skillRow('opa', { name: 'Insert OPA' }), skillRow('bvm', { name: 'BVM Ventilation' })],
    students: [
      studentRow('s1', { firstName: 'Maya', lastName: 'Chen' }),
      studentRow('s2', { firstName: 'Noah', lastName: 'Fischer' }),
    ],
  };

  it("a link from the matrix opens the chosen student's one-tap card of that skill, with a way to all skills", async () => {
    const onSearchChange = vi.fn();
    ({ db } = await renderWithRows(
      <SkillEntryPage search={{ skill: 'bvm', student: 's2' }} onSearchChange={onSearchChange} />,
      rows,
    ));
    expect(await screen.findByRole('button', { name: 'Successful: BVM Ventilation' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Successful: Insert OPA' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Student')).toHaveValue('s2');
    await userEvent.click(screen.getByRole('button', { name: 'Show all skills' }));
    expect(onSearchChange).toHaveBeenCalledWith({ student: 's2' });
  });

  it("a student's page has no staff tiles (Active Students, Pending Reviews): their own skills come first", async () => {
    signedIn.role = 'student';
    ({ db } = await renderWithRows(<SkillEntryPage search={{}} onSearchChange={() => undefined} />, {
      ...rows,
      students: [studentRow('s1', { firstName: 'Maya', lastName: 'Chen', userId: 'user-1' })],
    }));
    expect(await screen.findByRole('button', { name: 'Successful: Insert OPA' })).toBeVisible();
    for (const tile of ['Active Students', 'Pending Reviews', 'Graduations', 'Level Skills Completed'])
      expect(screen.queryByText(tile), tile).not.toBeInTheDocument();
  });

  it('staff keep their tiles', async () => {
    ({ db } = await renderWithRows(<SkillEntryPage search={{}} onSearchChange={() => undefined} />, rows));
    expect(await screen.findByText('Active Students')).toBeInTheDocument();
    expect(screen.getByText('Pending Reviews')).toBeInTheDocument();
  });
});
