import { describe, expect, it } from 'vitest';

import type { StudentWithSummary } from '#web/lib/data.ts';

import { STUDENT_EXPORT_COLUMNS, studentExportFileName, studentExportRows } from './export-students.ts';

const entry = (
  firstName: string,
  lastName: string,
  over: { isActive?: boolean; graduationDate?: string | null; progress?: number } = {},
) =>
  ({
    student: {
      firstName,
      lastName,
      studentId: `S-${lastName}`,
      email: `${firstName}@example.org`,
      isActive: over.isActive ?? true,
      graduationDate: over.graduationDate ?? null,
      enrollmentDate: '2026-01-05',
      expectedGraduation: '2026-12-18',
    },
    summary: {
      program: { name: 'EMT Basic Spring' },
      progressPercentage: over.progress ?? 0,
      skillsCompleted: 3,
      totalSkills: 35,
      clinicalHours: 12,
      fieldHours: 6,
      requiredHours: 48,
    },
  }) as unknown as StudentWithSummary;

describe('student export', () => {
  it('writes each student with their progress and display status, by last name', () => {
    const rows = studentExportRows([
      entry('Zoe', 'Adams', { progress: 40 }),
      entry('Ana', 'Lopez', { isActive: false }),
      entry('Ben', 'Cole', { graduationDate: '2026-06-01' }),
    ]);
    expect(rows.map((r) => [r['Last Name'], r.Status])).toEqual([
      ['Adams', 'Active'],
      ['Cole', 'Graduated'],
      ['Lopez', 'Inactive'],
    ]);
    expect(rows[0]).toMatchObject({
      'Student ID': 'S-Adams',
      Program: 'EMT Basic Spring',
      'Overall Progress (%)': 40,
      'Total Skills': 35,
      'Required Hours': 48,
    });
    expect(Object.keys(rows[0])).toEqual([...STUDENT_EXPORT_COLUMNS]);
  });

  it('names the file after the day', () => {
    expect(studentExportFileName(new Date(2026, 6, 1, 23, 30))).toBe('students-progress-2026-07-01.csv');
  });
});
