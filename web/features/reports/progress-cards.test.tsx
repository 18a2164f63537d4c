// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { FIGURES } from '#schema/figures.ts';

import { ProgramSummaryCard } from './progress-cards.tsx';
import { programSummary } from './test-rows.ts';

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
