/**
 * Export Progress: one CSV row per shown student and skill on their card, missing records as Not Started; on the fire
 * tracker, also whether the candidate's task book has the JPR signed and the book's state (`candidateBooks`, the
 * figures of the card's task-book line).
 */
import { localDay } from '#schema/dates.ts';
import { type BookFigures, bookStateLabel } from '#schema/fire-task-book.ts';
import { fullName } from '#web/lib/format.ts';

import { type DisciplineWording, trackerStatusLabel } from './discipline.ts';
import type { Discipline, TrackedStudent } from './tracker-figures.ts';

const BOOK_COLUMNS = ['JPR Signed', 'Task Book'];

export const progressExportColumns = (wording: DisciplineWording, withBooks = false) => [
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
  ...(withBooks ? BOOK_COLUMNS : []),
];

/** A JPR of the candidate's level is signed unless the book still misses it; a skill of another level is no JPR of theirs. */
function bookCells(
  book: BookFigures,
  level: string | null | undefined,
  skill: TrackedStudent['cells'][number]['skill'],
) {
  const required = skill.certificationLevel === level;
  return {
    'JPR Signed': required ? (book.missing.includes(skill.id) ? 'Not signed' : 'Signed') : '',
    'Task Book': bookStateLabel(book.state),
  };
}

export function progressExportRows(
  cards: readonly TrackedStudent[],
  wording: DisciplineWording,
  books?: ReadonlyMap<string, BookFigures>,
): Record<string, string | number>[] {
  return cards.flatMap(({ student, summary, cells }) => {
    const book = books?.get(student.id);
    return cells.map((c) => ({
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
      ...(book ? bookCells(book, summary.program?.certificationLevel, c.skill) : {}),
    }));
  });
}

export const progressExportFileName = (discipline: Discipline, now = new Date()) =>
  `${discipline}-progress-${localDay(now)}.csv`;
