// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { annualReportFigures } from '#schema/annual-report.ts';
import { cohortSmcSummary } from '#schema/cohort-smc.ts';
import { smcFigures, smcTableLabel } from '#schema/smc.ts';

import { RatesTable } from './annual-report-tab.tsx';
import { CohortSmcPanel } from './cohort-smc-panel.tsx';

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

describe('the cohort SMC summary', () => {
  /** A cohort of one student at `level` with one skill of their level's skills table. */
  const cohortAt = (level: string) => {
    const skill = {
      id: 'k-1',
      name: 'Patient Assessment/Management – Trauma',
      smcMatrixNumber: null,
      standardReference: 'NREMT E201',
      smcMotorSkillName: null,
      minimumAttempts: 1,
      source: null,
      confidence: 'uncertain',
    };
    const smc = smcFigures({
      level,
      contacts: [],
      motorSkills: [skill],
      attempts: [],
      voidedAttemptIds: new Set(),
      program: null,
    });
    return { students: [{ studentId: 's-1' }], items: cohortSmcSummary([{ smc }]) };
  };
  const shown = async (level: string) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(cohortAt(level)))),
    );
    render(<CohortSmcPanel programId="p-1" />);
    return within(await screen.findByRole('table', { name: 'Cohort SMC summary' }));
  };
  afterEach(() => vi.unstubAllGlobals());

  it("titles an EMT cohort's skills by the level, never as the paramedic SMC's Table 3", async () => {
    const table = await shown('emt');
    expect(table.getByText(`${smcTableLabel('motor', 'emt')} · NREMT E201`)).toBeInTheDocument();
    expect(table.queryByText(/Table 3/)).not.toBeInTheDocument();
  });

  it("titles an AEMT cohort's motor skills as the AEMT SMC's Table 3", async () => {
    const table = await shown('aemt');
    expect(table.getByText('Table 3: Motor skills · NREMT E201')).toBeInTheDocument();
  });
});
