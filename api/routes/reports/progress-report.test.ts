import { describe, expect, it } from 'vitest';

import { expectedProgress } from '#schema/reports.ts';

import { programSummaries, progressReports } from './progress-report.ts';
import { program, student, summary } from './test-fixtures.ts';

// Today is 2026-07-01. Enrolled 2026-01-01, expected to graduate 2026-12-31: 181 of 364 days have passed, so the
// expected progress is 100 * 181 / 364 = 49.73; on track from 39.73, at risk from 24.73.
const today = '2026-07-01';
const ems = program({ id: 'p-ems', name: 'Paramedic', type: 'ems' });
const fire = program({ id: 'p-fire', name: 'Academy', type: 'fire', requiredHours: 10 });

const students = [
  student({ id: 'a', firstName: 'Ana', lastName: 'Adams', programId: ems.id, gpa: 3.5 }),
  student({ id: 'b', firstName: 'Ben', lastName: 'Baker', programId: ems.id, gpa: 3.0 }),
  student({ id: 'c', firstName: 'Cy', lastName: 'Cole', programId: ems.id }),
  student({ id: 'd', firstName: 'Dee', lastName: 'Diaz', programId: ems.id, gpa: 2.25 }),
  student({ id: 'e', firstName: 'Eve', lastName: 'Egan', programId: fire.id }),
];
const summaries = new Map([
  [
    'a',
    summary({
      program: ems,
      progressPercentage: 100,
      skillsCompleted: 3,
      totalSkills: 3,
      verifiedAttempts: 9,
      unverifiedAttempts: 2,
      totalHours: 48,
      lastActivity: '2026-06-30',
    }),
  ],
  ['b', summary({ program: ems, progressPercentage: 40, totalSkills: 3, totalHours: 12 })],
  ['c', summary({ program: ems, progressPercentage: 30, totalSkills: 3 })],
  ['d', summary({ program: ems, progressPercentage: 20, totalSkills: 3 })],
  // 100% of the skills but only 8 of 10 hours: not completed, and 100 >= 39.73 is on track
  ['e', summary({ program: fire, progressPercentage: 100, totalSkills: 2, totalHours: 8, requiredHours: 10 })],
]);

describe('progressReports', () => {
  const reports = progressReports(students, summaries, today);
  const status = (id: string) => reports.find((r) => r.id === id)?.status;

  it('applies the status thresholds against the expected progress', () => {
    expect(status('a')).toBe('completed'); // 100% and 48 >= 48 hours
    expect(status('b')).toBe('on_track'); // 40 >= 39.73
    expect(status('c')).toBe('at_risk'); // 30 < 39.73, 30 >= 24.73
    expect(status('d')).toBe('behind'); // 20 < 24.73
    expect(status('e')).toBe('on_track'); // hours short of 10
  });

  it('answers the report fields from the student and the summary', () => {
    expect(reports[0]).toEqual({
      id: 'a',
      studentId: 'A',
      studentName: 'Ana Adams',
      programId: 'p-ems',
      programName: 'Paramedic',
      programType: 'ems',
      enrollmentDate: '2026-01-01',
      expectedGraduation: '2026-12-31',
      overallProgress: 100,
      skillsCompleted: 3,
      skillsTotal: 3,
      verifiedAttempts: 9,
      unverifiedAttempts: 2,
      clinicalHours: 48,
      requiredHours: 48,
      lastActivity: '2026-06-30',
      status: 'completed',
      gpa: 3.5,
    });
    expect(reports.map((r) => r.studentName)).toEqual(['Ana Adams', 'Ben Baker', 'Cy Cole', 'Dee Diaz', 'Eve Egan']);
  });

  it('clamps the expected progress before enrollment and after the expected graduation', () => {
    expect(expectedProgress('2026-08-01', '2026-12-31', today)).toBe(0);
    expect(expectedProgress('2026-01-01', '2026-03-01', today)).toBe(100);
    // a one-day program is fully due from that day
    expect(expectedProgress('2026-07-01', '2026-07-01', today)).toBe(100);
    const late = student({ id: 'g', firstName: 'Gus', programId: ems.id, expectedGraduation: '2026-03-01' });
    const at = (p: number) =>
      progressReports([late], new Map([['g', summary({ program: ems, progressPercentage: p })]]), today)[0].status;
    expect(at(90)).toBe('on_track'); // 90 >= 100 - 10
    expect(at(80)).toBe('at_risk'); // 80 >= 100 - 25
    expect(at(74)).toBe('behind');
  });
});

describe('programSummaries', () => {
  it('sums each program', () => {
    const [academy, paramedic] = programSummaries(progressReports(students, summaries, today));
    expect(paramedic).toEqual({
      programId: 'p-ems',
      programName: 'Paramedic',
      programType: 'ems',
      totalStudents: 4,
      averageProgress: 48, // (100 + 40 + 30 + 20) / 4 = 47.5, rounded 48
      completionRate: 25, // 1 of 4 completed
      averageGPA: 2.92, // (3.5 + 3.0 + 2.25) / 3 = 2.9167; Cy has none
      onTrackStudents: 2, // Ben on track + Ana completed
      atRiskStudents: 2, // Cy at risk + Dee behind
    });
    expect(academy).toEqual({
      programId: 'p-fire',
      programName: 'Academy',
      programType: 'fire',
      totalStudents: 1,
      averageProgress: 100,
      completionRate: 0,
      averageGPA: null,
      onTrackStudents: 1,
      atRiskStudents: 0,
    });
  });

  it('is empty without students', () => {
    expect(programSummaries([])).toEqual([]);
  });
});
