// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { FIGURES } from '#schema/figures.ts';

import { ProgramSummaryCard, StudentProgressCard } from './progress-cards.tsx';
import { programSummary, progressReport } from './test-rows.ts';

afterEach(cleanup);

describe("a program's summary on Progress Reports", () => {
  it('names the mean progress of its students as every screen does, with its explanation', async () => {
    render(
      <ProgramSummaryCard
        summary={programSummary({ programId: 'p-ems', programName: 'Paramedic 2026', averageProgress: 61 })}
      />,
    );
    expect(screen.getByText(FIGURES.averageProgress.name)).toBeInTheDocument();
    expect(screen.getByText('61%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `About this figure: ${FIGURES.averageProgress.name}` }));
    expect(await screen.findByText(FIGURES.averageProgress.about)).toBeVisible();
  });
});

describe("a fire candidate's card on Progress Reports", () => {
  it("shows the server's task-book figures: JPRs signed / required and the book's state", () => {
    // the figures api/domain/task-book/task-book.test.ts checks the report computes from the records
    render(
      <StudentProgressCard
        report={progressReport({
          id: 's1',
          studentName: 'Riley Carter',
          studentId: 'F-1',
          programType: 'fire',
          taskBook: { signed: 1, required: 2, state: 'started' },
        })}
      />,
    );
    expect(screen.getByText('Task book').nextSibling).toHaveTextContent('1/2 JPRs · In progress');
  });
});

describe("a police recruit's card on Progress Reports", () => {
  it("shows the server's field-training figures: phase, share acceptable this week and whether they may advance", () => {
    // the figures api/domain/police-figures.test.tsx checks the report computes from the records
    render(
      <StudentProgressCard
        report={progressReport({
          id: 's2',
          studentName: 'Riley Carter',
          studentId: 'P-1',
          programType: 'police',
          fieldTraining: {
            phase: 2,
            phases: 4,
            week: 6,
            share: 0.5,
            minShare: 0.5,
            mayAdvance: true,
            signed: { fto: 9, trainee: 8, supervisor: 6 },
          },
        })}
      />,
    );
    expect(screen.getByText('Field training').nextSibling).toHaveTextContent(
      'Phase 2 of 4 · 50 % acceptable this week (needs 50 %) · may advance',
    );
  });
});
