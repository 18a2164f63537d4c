/** The Reports tab's CSV files: what the other tabs show, as rows. */
import { localDay } from '#schema/dates.ts';
import { HOURS_STANDING_LABELS, hoursStanding } from '#schema/student-summary.ts';
import type { StudentWithSummary } from '#web/lib/data.ts';
import { fullName, studentStatus } from '#web/lib/format.ts';

import { type AcademicRecord, type CategoryProgress, levelLabel } from './student-rules.ts';

export function rosterRows(items: readonly StudentWithSummary[]) {
  return items.map(({ student, summary }) => ({
    'Student ID': student.studentId,
    Name: fullName(student),
    Program: summary.program?.name ?? '',
    Level: levelLabel(summary.level),
    Status: studentStatus(student),
    'Overall Progress (%)': summary.progressPercentage,
    'Skills Completed': summary.skillsCompleted,
    'Total Skills': summary.totalSkills,
    'Total Hours': summary.totalHours,
    'Required Hours': summary.requiredHours,
    GPA: student.gpa ?? '',
    'Enrollment Date': student.enrollmentDate,
    'Expected Graduation': student.expectedGraduation,
    'Graduation Date': student.graduationDate ?? '',
  }));
}

export function categoryRows(item: StudentWithSummary, categories: readonly CategoryProgress[]) {
  return categories.map((c) => ({
    'Student ID': item.student.studentId,
    Name: fullName(item.student),
    Category: c.category,
    'Skills Completed': c.completed,
    'Total Skills': c.total,
    'Progress (%)': c.percent,
  }));
}

export function hoursRows(item: StudentWithSummary, record: AcademicRecord) {
  return record.entries.map((h) => ({
    'Student ID': item.student.studentId,
    Name: fullName(item.student),
    Date: h.date,
    Type: h.hourType === 'field' ? 'Field' : 'Clinical',
    Site: h.siteName,
    Hours: h.hoursCompleted,
    // only verified hours count toward the required hours (student-rules.ts academicRecord)
    Verified: h.verifiedBy ? 'Yes' : 'No',
    // why unverified hours do not count: awaiting someone's word, or refused (schema/student-summary.ts hoursStanding)
    Status: HOURS_STANDING_LABELS[hoursStanding(h)],
    Notes: h.notes ?? '',
  }));
}

export const exportFileName = (what: string, now = new Date()) => `${what}-${localDay(now)}.csv`;
