// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { FIGURES } from '#schema/figures.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { programRow, progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';
import { AboutFigure } from '#web/lib/ui/display.tsx';

import { StudentManagementPage } from './student-management-page.tsx';

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});
// the shell fetches the About buttons' code once the first screen is up (display.tsx)
beforeAll(() => AboutFigure.preload());

describe('Student Records tiles', () => {
  it("name the students' mean progress as every screen does, with its explanation", async () => {
    // the overview tab links to other screens
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <StudentManagementPage onTabChange={() => undefined} /> }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    ({ db } = await renderWithRows(<RouterProvider router={router} />, {
      programs: [programRow('program-ems')],
      skills: [skillRow('opa'), skillRow('bvm')],
      students: [studentRow('s1'), studentRow('s2')],
      studentSkills: [progressRow('s1', 'opa', { status: 'completed', progressPercentage: 100 })],
    }));
    const name = await screen.findByText(FIGURES.averageProgress.name);
    expect(name.nextSibling).toHaveTextContent('25%'); // 50% and 0%
    await userEvent.click(screen.getByRole('button', { name: `About this figure: ${FIGURES.averageProgress.name}` }));
    expect(await screen.findByText(FIGURES.averageProgress.about)).toBeVisible();
  });
});
