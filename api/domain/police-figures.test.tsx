/**
 * A police recruit's field-training figures, one definition everywhere (schema/dor-progress.ts `dorProgress`): the
 * DOR tracker on the device, the portfolio's answer, CSV, XLSX and PDF. Worked out by hand, for categories A, B, C and
 * the rules "week 1: half acceptable; week 2: all":
 * - 11-02 reviewed A 3, B 5, C N.O.; 11-03 acknowledged A 2, B 6, C 3; 11-09 reviewed A 4, B NRT, C 6; 11-10 completed
 *   (the trainee has not acknowledged it) A 5, B 3, C N.O.; 11-11 a draft A 1 (counts only as a report to complete).
 * - First report 11-02, latest 11-10: day 8, week 2, phase 2 of 2 (needs 100 %).
 * - Week 1 (11-02, 11-03), each category's latest score: A 2 no, B 6 yes, C 3 no: 1 of 3 acceptable.
 *   Week 2 (11-09, 11-10): A 5 yes, B 3 no (NRT carries no score), C 6 yes (N.O. carries none): 2 of 3, so the trainee
 *   may not advance.
 * - Latest rating as given: A 5, B 3, C N.O.; mean score (flags left out): A (3+2+4+5)/4 = 3.5, B (5+6+3)/3 = 4.7,
 *   C (3+6)/2 = 4.5.
 * - Signed by the FTO: 4 (every report but the draft); by the trainee: 3 (acknowledged or reviewed); by a supervisor:
 *   2 (reviewed). Missing: 1 to complete, 1 to acknowledge, 1 to review.
 */
import '@testing-library/jest-dom/vitest';

import { render, within } from '@testing-library/react';
import { readSheet } from 'read-excel-file/node';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { testApp } from '#api/test/helpers.ts';
import { pdfText } from '#api/test/pdf-text.ts';
import { studentIn } from '#api/test/program-world.ts';
import type { DorRatingValue } from '#schema/dor.ts';
import { fieldTrainingText } from '#schema/dor-progress.ts';
import type { Portfolio } from '#schema/portfolio.ts';
import type { ProgressReport } from '#schema/reports-answer.ts';
import * as t from '#schema/tables.ts';
import { openClient, sessionFetch, uniqueDbName } from '#sync/test-harness.ts';
import { DorTracker } from '#web/features/dor/index.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { addDocument } from '#web/lib/testing/node-document.ts';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: { id: 'director-user', role: 'director' }, fromCache: false }),
}));

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function world() {
  const h = testApp();
  const program = h.program({ name: 'Field Training', type: 'police' });
  asSystem(h.db, 'fixture', (ctx) =>
    ctx.update(t.programs, ctx.find(t.programs, program.id)!, {
      dorCategories: [
        { code: 'A', name: 'Appearance', group: 'General' },
        { code: 'B', name: 'Driving', group: 'Patrol' },
        { code: 'C', name: 'Report writing', group: 'Patrol' },
      ],
      dorPhaseRules: [
        { fromWeek: 1, toWeek: 1, minShare: 0.5 },
        { fromWeek: 2, toWeek: 2, minShare: 1 },
      ],
    }),
  );
  const studentId = studentIn(h, program.id);
  const dor = (date: string, status: string, ratings: Record<string, DorRatingValue>) =>
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.dors, {
        studentId,
        ftoId: h.users.instructor.id,
        date,
        ratings: Object.fromEntries(Object.entries(ratings).map(([k, rating]) => [k, { rating, comment: 'Seen' }])),
        status,
      }),
    );
  dor('2026-11-02', 'reviewed', { A: 3, B: 5, C: 'N.O.' });
  dor('2026-11-03', 'acknowledged', { A: 2, B: 6, C: 3 });
  dor('2026-11-09', 'reviewed', { A: 4, B: 'NRT', C: 6 });
  dor('2026-11-10', 'completed', { A: 5, B: 3, C: 'N.O.' });
  dor('2026-11-11', 'draft', { A: 1 });
  return { h, studentId };
}

const HAND_COUNT = {
  phase: 2,
  phases: 2,
  week: 2,
  share: 2 / 3,
  minShare: 1,
  mayAdvance: false,
  categories: [
    { code: 'A', name: 'Appearance', latest: 5, mean: 3.5 },
    { code: 'B', name: 'Driving', latest: 3, mean: 4.7 },
    { code: 'C', name: 'Report writing', latest: 'N.O.', mean: 4.5 },
  ],
  weeks: [
    { week: 1, share: 1 / 3 },
    { week: 2, share: 2 / 3 },
  ],
  signed: { fto: 4, trainee: 3, supervisor: 2 },
  toComplete: 1,
  toAcknowledge: 1,
  toReview: 1,
  neverScored: [],
};

describe('a police recruit’s field training, counted by hand', () => {
  it('the portfolio (answer, CSV, XLSX, PDF) and the DOR tracker on the device give the same figures', async () => {
    const { h, studentId } = await world();
    // the progress report (its card reads fieldTrainingText)
    const progress = (await (await h.as('director', 'GET', '/api/reports/progress')).json()) as ProgressReport[];
    const {
      categories: _c,
      weeks: _w,
      toComplete: _m,
      toAcknowledge: _a,
      toReview: _r,
      neverScored: _n,
      ...line
    } = HAND_COUNT;
    expect(progress.find((r) => r.id === studentId)?.fieldTraining).toEqual(line);
    expect(fieldTrainingText(line)).toBe('Phase 2 of 2 · 67 % acceptable this week (needs 100 %) · not yet');

    const read = (ext = '') => h.as('director', 'GET', `/api/students/${studentId}/portfolio${ext}`);
    const portfolio = (await (await read()).json()) as Portfolio;
    expect(portfolio.dor).toEqual(HAND_COUNT);

    const rows = [
      'Category,Latest rating,Mean score,Phase,Signed by FTO,Signed by trainee,Signed by supervisor',
      'Appearance,5,3.5,2 of 2,4,3,2',
      'Driving,3,4.7,2 of 2,4,3,2',
      'Report writing,N.O.,4.5,2 of 2,4,3,2',
    ];
    const csv = (await (await read('.csv')).text()).replace('\ufeff', '').split(/\r?\n/);
    expect(csv.slice(0, 4)).toEqual(rows);
    const sheet = await readSheet(Buffer.from(await (await read('.xlsx')).arrayBuffer()));
    expect(sheet.slice(0, 4).map((r) => r.join(','))).toEqual(rows);
    const pdf = await pdfText(await read('.pdf'));
    expect(pdf).toContain(
      'Daily Observation Reports: phase 2 of 2, signed by the FTO 4, by the trainee 3, by a supervisor 2',
    );
    expect(pdf).toContain('Ratings acceptable this week: 67%, 100% needed');

    // the director's device, and the tracker drawn from it
    const session = sessionFetch(h, 'director');
    await session.relogin();
    const device = openClient(h, 'director', uniqueDbName('police'), session.fetch);
    opened.push(device.db);
    await device.engine.sync();
    await device.engine.openStudent(studentId);
    onTestFinished(addDocument());
    const { findByTestId, getByTestId } = render(
      <SyncValueProvider value={device}>
        <DorTracker />
      </SyncValueProvider>,
    );
    const phase = await findByTestId('dor-phase');
    expect(within(phase).getByText('Phase').nextSibling).toHaveTextContent('2 of 2 (weeks 2-2)');
    expect(within(phase).getByText('Rated acceptable this week').nextSibling).toHaveTextContent('67 % (needs 100 %)');
    expect(within(phase).getByText('May advance').nextSibling).toHaveTextContent('Not yet');
    const weeks = getByTestId('dor-weeks');
    expect(within(weeks).getByText('Week 1').nextSibling).toHaveTextContent('33 %');
    expect(within(weeks).getByText('Week 2').nextSibling).toHaveTextContent('67 %');
    const category = getByTestId('dor-category');
    expect(within(category).getByText('Latest rating').nextSibling).toHaveTextContent('5');
    expect(within(category).getByText('Mean score').nextSibling).toHaveTextContent('3.5');
    const signed = getByTestId('dor-signed');
    expect(within(signed).getByText('Signed by the FTO').nextSibling).toHaveTextContent('4');
    expect(within(signed).getByText('Signed by the trainee').nextSibling).toHaveTextContent('3');
    expect(within(signed).getByText('Signed by a supervisor').nextSibling).toHaveTextContent('2');
    const missing = getByTestId('dor-missing');
    expect(missing).toHaveTextContent('1 report for the FTO to complete');
    expect(missing).toHaveTextContent('1 report for the trainee to acknowledge');
    expect(missing).toHaveTextContent('1 report for a supervisor to review');
  });
});
