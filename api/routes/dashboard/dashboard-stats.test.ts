import { describe, expect, it } from 'vitest';

import { academicYear } from '#schema/dates.ts';

import { student } from '../reports/test-fixtures.ts';
import { dashboardStats, graduationsThisAcademicYear, ownProgressRate } from './dashboard-stats.ts';

const graduated = (id: string, graduationDate: string | null, isActive = true) =>
  student({ id, firstName: id, programId: 'p', graduationDate, isActive });

describe('academic year', () => {
  it('starts on 1 August', () => {
    expect(academicYear('2026-07-31')).toEqual({ start: '2025-08-01', end: '2026-07-31' });
    expect(academicYear('2026-08-01')).toEqual({ start: '2026-08-01', end: '2027-07-31' });
    expect(academicYear('2026-01-15')).toEqual({ start: '2025-08-01', end: '2026-07-31' });
  });

  it('counts graduation dates inside it, both ends included', () => {
    const students = [
      graduated('a', '2025-07-31'),
      graduated('b', '2025-08-01'),
      graduated('c', '2026-07-31'),
      graduated('d', '2026-08-01'),
      graduated('e', null),
    ];
    expect(graduationsThisAcademicYear(students, '2026-07-01')).toBe(2); // b and c
    expect(graduationsThisAcademicYear(students, '2026-08-01')).toBe(1); // d
  });
});

describe('dashboardStats', () => {
  it('counts active students without a graduation date and passes the other figures through', () => {
    const students = [
      graduated('a', null),
      graduated('b', null),
      graduated('c', null, false),
      graduated('d', '2026-06-01'),
    ];
    expect(dashboardStats({ students, pendingReviews: 3, complianceRate: 41 }, '2026-07-01')).toEqual({
      activeStudents: 2,
      pendingReviews: 3,
      complianceRate: 41,
      graduations: 1,
    });
  });

  it('gives a student their own rounded progress', () => {
    expect(ownProgressRate([75, 50])).toBe(63); // 62.5 rounded up
    expect(ownProgressRate([])).toBe(0);
  });
});
