/** The dashboard's Export Data: one CSV row per student the user can see, with their progress and hours. */
import { localDay } from '#schema/dates.ts';
import { byStudentName } from '#schema/names.ts';
import type { StudentWithSummary } from '#web/lib/data.ts';
import { studentStatus } from '#web/lib/format.ts';

export const STUDENT_EXPORT_COLUMNS = [
  'Student ID',
  'First Name',
  'Last Name',
  'Email',
  'Program',
  'Status',
  'Overall Progress (%)',
  'Skills Completed',
  'Total Skills',
  'Clinical Hours',
  'Field Hours',
  'Required Hours',
  'Enrollment Date',
  'Expected Graduation',
] as const;

/** The spec's derived display status: a graduation date means Graduated, else the active flag. */
export function studentExportRows(
  students: readonly StudentWithSummary[],
): Record<(typeof STUDENT_EXPORT_COLUMNS)[number], string | number>[] {
  return [...students].sort(byStudentName).map(({ student, summary }) => ({
    'Student ID': student.studentId,
    'First Name': student.firstName,
    'Last Name': student.lastName,
    Email: student.email,
    Program: summary.program?.name ?? '',
    Status: studentStatus(student),
    'Overall Progress (%)': summary.progressPercentage,
    'Skills Completed': summary.skillsCompleted,
    'Total Skills': summary.totalSkills,
    'Clinical Hours': summary.clinicalHours,
    'Field Hours': summary.fieldHours,
    'Required Hours': summary.requiredHours,
    'Enrollment Date': student.enrollmentDate,
    'Expected Graduation': student.expectedGraduation,
  }));
}

export const studentExportFileName = (now = new Date()) => `students-progress-${localDay(now)}.csv`;
