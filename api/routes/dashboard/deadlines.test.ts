import { describe, expect, it } from 'vitest';

import type { RequirementRow } from '../reports/compliance-report.ts';
import { program, student } from '../reports/test-fixtures.ts';
import { upcomingDeadlines } from './deadlines.ts';

const today = '2026-07-01'; // the window runs to 2026-08-30 (60 days)
const stamp = {
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  deletedAt: null,
};
const emt = program({ id: 'p', name: 'EMT Fall', type: 'ems' });
const requirement = (id: string, dueDate: string, completionStatus = 'pending'): RequirementRow => ({
  ...stamp,
  id,
  programId: null,
  title: `Report ${id}`,
  description: null,
  frequency: 'annual',
  roleRequired: 'director',
  standardReference: null,
  requirementType: 'annual_report',
  documents: [],
  completionStatus,
  dueDate,
  completedAt: null,
  confidence: 'verbatim',
  source: null,
});

const input = {
  students: [
    student({ id: 'a', firstName: 'Ana', lastName: 'Lopez', programId: 'p', expectedGraduation: '2026-08-30' }),
    student({ id: 'b', firstName: 'Ben', lastName: 'Ruiz', programId: 'p', expectedGraduation: '2026-08-31' }),
    student({
      id: 'c',
      firstName: 'Cy',
      lastName: 'Old',
      programId: 'p',
      expectedGraduation: '2026-07-10',
      isActive: false,
    }),
  ],
  assessments: [
    { id: 'x1', studentId: 'a', skillId: 'cpr', nextAssessmentDate: '2026-07-01' },
    { id: 'x2', studentId: 'b', skillId: 'cpr', nextAssessmentDate: '2026-06-30' }, // yesterday
    { id: 'x3', studentId: 'c', skillId: 'cpr', nextAssessmentDate: '2026-07-05' }, // inactive student
  ],
  skillNames: new Map([['cpr', 'Perform CPR']]),
  programs: new Map([['p', emt]]),
  requirements: [requirement('r1', '2026-07-15'), requirement('r2', '2026-07-02', 'completed')],
};

describe('upcomingDeadlines', () => {
  it('lists today to 60 days ahead, soonest first', () => {
    expect(upcomingDeadlines(input, today)).toEqual([
      {
        id: 'assessment-x1',
        date: '2026-07-01',
        kind: 'assessment',
        title: 'Perform CPR assessment',
        detail: 'Ana Lopez',
      },
      {
        id: 'accreditation-r1',
        date: '2026-07-15',
        kind: 'accreditation',
        title: 'Report r1',
        detail: 'All EMS programs',
      },
      {
        id: 'graduation-a',
        date: '2026-08-30',
        kind: 'graduation',
        title: 'Ana Lopez expected to graduate',
        detail: 'EMT Fall',
      },
    ]);
  });

  it('keeps the 10 soonest', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      requirement(`m${i}`, `2026-07-${String(20 - i).padStart(2, '0')}`),
    );
    const got = upcomingDeadlines({ ...input, requirements: many }, today);
    expect(got).toHaveLength(10);
    expect(got[0].date).toBe('2026-07-01');
    expect(got.at(-1)!.date).toBe('2026-07-17'); // 9 requirements from 07-09 to 07-17 follow the assessment
  });
});
