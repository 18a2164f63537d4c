/** Export Progress: one CSV row per shown student and skill on their card, missing records as Not Started. */
import { localDay } from '#schema/dates.ts';
import { fullName } from '#web/lib/format.ts';

import { type DisciplineWording, trackerStatusLabel } from './discipline.ts';
import type { Discipline, TrackedStudent } from './tracker-figures.ts';

export const progressExportColumns = (wording: DisciplineWording) => [
  'Student',
  'Student ID',
  'Email',
  'Program',
  'Skill',
  'Category',
  `${wording.standard} Reference`,
  'Status',
  'Progress (%)',
  'Attempts',
  'Successful Attempts',
  'Last Attempt Date',
  'Next Assessment Date',
];

export function progressExportRows(
  cards: readonly TrackedStudent[],
  wording: DisciplineWording,
): Record<string, string | number>[] {
  return cards.flatMap(({ student, summary, cells }) =>
    cells.map((c) => ({
      Student: fullName(student),
      'Student ID': student.studentId,
      Email: student.email,
      Program: summary.program?.name || wording.defaultProgramName,
      Skill: c.skill.name,
      Category: c.skill.category,
      [`${wording.standard} Reference`]: c.skill.standardReference ?? '',
      Status: trackerStatusLabel(c.status),
      'Progress (%)': c.progressPercentage,
      Attempts: c.attempts,
      'Successful Attempts': c.record?.successfulAttempts ?? 0,
      'Last Attempt Date': c.lastAttemptDate ?? '',
      'Next Assessment Date': c.record?.nextAssessmentDate ?? '',
    })),
  );
}

export const progressExportFileName = (discipline: Discipline, now = new Date()) =>
  `${discipline}-progress-${localDay(now)}.csv`;
