// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { annualReportFigures } from '#schema/annual-report.ts';

import { RatesTable } from './annual-report-tab.tsx';

afterEach(cleanup);

const row = (name: string) => within(screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!);

describe('the annual-report worksheet', () => {
  it('shows each rate with its numerator and denominator, flagged against 70 %, and nobody as "No graduates"', () => {
    // 3 graduates and 1 leaver; 2 placed; exams: one passed first, one on the second attempt
    const figures = annualReportFigures(
      2025,
      [
        { id: 'a', graduationDate: '2025-05-01' },
        { id: 'b', graduationDate: '2025-05-01' },
        { id: 'c', graduationDate: '2025-05-01' },
        { id: 'd', graduationDate: null },
      ],
      [
        { studentId: 'a', placement: 'employed', exitDate: null, exitReason: null },
        { studentId: 'b', placement: 'military', exitDate: null, exitReason: null },
        { studentId: 'd', placement: null, exitDate: '2025-02-01', exitReason: 'attrition' },
      ],
      [
        { studentId: 'a', attemptNumber: 1, passed: true },
        { studentId: 'b', attemptNumber: 1, passed: false },
        { studentId: 'b', attemptNumber: 2, passed: true },
      ],
    );
    render(<RatesTable data={{ program: { id: 'p', name: 'Medic' }, figures, students: [] }} />);
    expect(row('Retention').getByText('75%')).toBeInTheDocument();
    expect(row('Retention').getByText('Meets 70%')).toBeInTheDocument();
    expect(row('Positive placement').getByText('67%')).toBeInTheDocument();
    expect(row('Positive placement').getByText('Below 70%')).toBeInTheDocument();
    expect(row('Written exam, first attempt').getByText('50%')).toBeInTheDocument();
    expect(row('Written exam, first attempt').getAllByText('1 of 2').length).toBeGreaterThan(0);
    expect(row('Written exam, within 3 attempts').getByText('Meets 70%')).toBeInTheDocument();
    cleanup();

    render(
      <RatesTable
        data={{ program: { id: 'p', name: 'Medic' }, figures: annualReportFigures(2030, [], [], []), students: [] }}
      />,
    );
    expect(row('Positive placement').getByText('No graduates')).toBeInTheDocument();
    expect(screen.queryByText(/NaN|0%/)).not.toBeInTheDocument();
  });
});
