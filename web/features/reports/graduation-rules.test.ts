import { describe, expect, it } from 'vitest';

import {
  candidatePrograms,
  filterCandidates,
  GRADUATION_MONTHS,
  graduationCsv,
  NO_GRADUATION_FILTERS,
} from './graduation-rules.ts';
import { candidate } from './test-rows.ts';

const candidates = [
  candidate({
    id: '1',
    studentName: 'Maya Chen',
    studentId: 'STU-001',
    expectedGraduation: '2026-02-27',
    status: 'ready',
  }),
  candidate({
    id: '2',
    studentName: 'Ethan Brooks',
    studentId: 'STU-002',
    programName: 'Firefighter I',
    expectedGraduation: '2026-09-01',
    status: 'delayed',
  }),
  candidate({
    id: '3',
    studentName: 'Zoe Adams',
    studentId: 'POL-7',
    programName: 'Police Academy',
    expectedGraduation: '2027-02-10',
    status: 'needs_attention',
  }),
  candidate({ id: '4', studentName: 'Omar Haddad', studentId: 'STU-004', expectedGraduation: '2026-01-20' }),
];
const ids = (cs: { id: string }[]) => cs.map((c) => c.id);
const filter = (over: Partial<typeof NO_GRADUATION_FILTERS>) =>
  ids(filterCandidates(candidates, { ...NO_GRADUATION_FILTERS, ...over }));

describe('month filter', () => {
  it('offers February to September as values 1 to 8', () => {
    expect(GRADUATION_MONTHS[0]).toEqual(['1', 'February']);
    expect(GRADUATION_MONTHS.at(-1)).toEqual(['8', 'September']);
    expect(GRADUATION_MONTHS).toHaveLength(8);
  });

  it('matches the expected graduation month, in any year', () => {
    expect(filter({ month: '1' })).toEqual(['1', '3']); // February 2026 and 2027
    expect(filter({ month: '8' })).toEqual(['2']); // September
    expect(filter({ month: '5' })).toEqual([]);
  });
});

describe('filterCandidates', () => {
  it('searches studentName and studentId', () => {
    expect(filter({ search: 'adams' })).toEqual(['3']);
    expect(filter({ search: 'stu-00' })).toEqual(['1', '2', '4']);
    expect(filter({ search: 'police' })).toEqual([]);
  });

  it('filters by program and status', () => {
    expect(filter({ program: 'Firefighter I' })).toEqual(['2']);
    expect(filter({ status: 'needs_attention' })).toEqual(['3']);
    expect(filter({ program: 'Paramedic 2026', status: 'on_track' })).toEqual(['4']);
  });

  it("offers the candidates' programs by name", () => {
    expect(candidatePrograms(candidates)).toEqual(['Firefighter I', 'Paramedic 2026', 'Police Academy']);
  });
});

describe('graduationCsv', () => {
  it('writes all remaining requirements and certifications, and the status label', () => {
    const row = graduationCsv([
      candidate({
        id: '9',
        studentName: 'Ana Lopez',
        studentId: 'S-9',
        gpa: null,
        status: 'ready',
        daysRemaining: -4,
        remainingRequirements: ['Complete A', 'Complete B', 'Complete C', '12 clinical + field hours remaining'],
        certificationsEarned: ['EMR'],
      }),
    ]).rows[0];
    expect(row).toMatchObject({
      'Student ID': 'S-9',
      Status: 'Ready to Graduate',
      'Days Remaining': -4,
      GPA: '',
      'Clinical + field hours': 30,
      'Remaining Requirements': 'Complete A; Complete B; Complete C; 12 clinical + field hours remaining',
      'Certifications Earned': 'EMR',
    });
  });
});
