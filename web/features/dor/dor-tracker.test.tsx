// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { DorRating } from '#schema/dor.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { programRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';

import { DorTracker } from './dor-tracker.tsx';

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});

const CATEGORIES = [
  { code: 'safety', name: 'Officer Safety', group: 'Critical' },
  { code: 'reports', name: 'Report Writing', group: 'Frequent' },
  { code: 'radio', name: 'Radio', group: 'Frequent' },
  { code: 'appearance', name: 'General Appearance', group: 'Appearance' },
];
const RULES = [
  { fromWeek: 1, toWeek: 1, minShare: 0.25 },
  { fromWeek: 2, toWeek: 3, minShare: 0.75 },
];
const r = (rating: DorRating['rating']): DorRating => ({ rating, comment: 'c' });

let n = 0;
function dor(date: string, status: string, ratings: Record<string, DorRating>): DomainRows['dors'] {
  n++;
  return {
    id: `dor-${n}`,
    createdAt: `${date}T08:00:00.000Z`,
    updatedAt: `${date}T08:00:00.000Z`,
    version: n,
    studentId: 'riley',
    ftoId: 'fto',
    date,
    shiftStart: '07:00',
    shiftEnd: '15:00',
    assignment: 'Patrol',
    noEvaluationReason: null,
    ratings,
    narrative: 'Shift',
    trainingPlan: null,
    activityLog: null,
    fieldStamps: {},
    superseded: [],
    status,
    signatures: {},
  };
}

/**
 * Counted by hand (the fixture of schema/dor-progress.test.ts): week 1 starts Nov 2; the reports of Nov 10 and 12 are
 * week 2, phase 2 of 2 (weeks 2-3, needs 75 %). Week 2's latest scores: safety 5, reports 3, radio 4 (N.O. on the
 * 12th is no score), appearance never scored: 2 of 3 acceptable, 67 %, not yet. The draft of Nov 13 is missing its
 * completion; one completed report awaits acknowledgement, one acknowledged awaits review.
 */
const DORS = [
  dor('2026-11-02', 'reviewed', { safety: r(2), reports: r(3), radio: r('NRT') }),
  dor('2026-11-03', 'reviewed', { safety: r(3), reports: r(4) }),
  dor('2026-11-12', 'completed', { safety: r(5), reports: r(3), radio: r('N.O.') }),
  dor('2026-11-10', 'acknowledged', { safety: r(4), radio: r(4) }),
  dor('2026-11-13', 'draft', { safety: r(7), reports: r(7), radio: r(7) }),
];

async function renderTracker() {
  ({ db } = await renderWithRows(<DorTracker />, {
    programs: [
      programRow('pd', { name: 'Police FTO', type: 'police', dorCategories: CATEGORIES, dorPhaseRules: RULES }),
    ],
    students: [studentRow('riley', { firstName: 'Riley', lastName: 'Carter', programId: 'pd' })],
    dors: DORS,
  }));
}

const figure = (name: string) => within(screen.getByTestId('dor-phase')).getByText(name).nextSibling;
const ratingsTable = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => row.textContent);

describe("the police tracker's field training, against a hand-counted fixture", () => {
  it("shows the trainee's week, phase, share against the phase's rule, and whether they may advance", async () => {
    await renderTracker();
    await screen.findByText('Field training: Daily Observation Reports');
    expect(figure('Training week')).toHaveTextContent('2');
    expect(figure('Phase')).toHaveTextContent('2 of 2 (weeks 2-3)');
    expect(figure('Rated acceptable this week')).toHaveTextContent('67 % (needs 75 %)');
    expect(figure('May advance')).toHaveTextContent('Not yet');
  });

  it("charts a category's ratings over the completed reports in date order, flags shown as given", async () => {
    const user = userEvent.setup();
    await renderTracker();
    // the chart is loaded on demand: recharts takes a while to load the first time
    expect(await screen.findByTestId('dor-chart', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(ratingsTable()).toEqual(['Nov 2, 20262', 'Nov 3, 20263', 'Nov 10, 20264', 'Nov 12, 20265']);
    await user.selectOptions(screen.getByLabelText('Category'), 'Radio');
    expect(screen.getByRole('table')).toHaveAccessibleName('Radio: ratings by shift');
    expect(ratingsTable()).toEqual(['Nov 2, 2026NRT', 'Nov 3, 2026Not rated', 'Nov 10, 20264', 'Nov 12, 2026N.O.']);
  });

  it('lists what is missing: each signature still owed and the categories never rated', async () => {
    await renderTracker();
    const missing = await screen.findByTestId('dor-missing');
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 report for the FTO to complete',
      '1 report for the trainee to acknowledge',
      '1 report for a supervisor to review',
      '1 category never rated: General Appearance',
    ]);
  });
});

describe('the tracker before any report', () => {
  it('says the reports are on their way during a first sync, not that there are none', async () => {
    const rows = { programs: [programRow('pd', { name: 'Police FTO', type: 'police' })], students: [], dors: [] };
    ({ db } = await renderWithRows(<DorTracker />, rows, {
      status: { phase: 'pulling', lastSyncedAt: null, error: null },
    }));
    expect(await screen.findByText('Bringing the reports to this device')).toBeVisible();
    expect(screen.queryByText('No Daily Observation Reports yet')).not.toBeInTheDocument();
  });
});
