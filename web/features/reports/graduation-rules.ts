/** The Graduation Reports page's filters and CSV table. */
import { type GraduationCandidate, type GraduationStatus, TOTAL_HOURS_LABEL } from '#schema/reports.ts';

import { GRADUATION_STATUS_LABELS } from './labels.ts';
import { type CsvTable, csvTable, gpaCell, matchesSearch } from './report-rules.ts';

/**
 * The spec's month filter, February to September with values 1 to 8: a value is the month's index counted from
 * January = 0 (JavaScript's getMonth), so 1 is February and 8 is September. It matches the month of the expected
 * graduation, in any year.
 */
export const GRADUATION_MONTHS = [
  ['1', 'February'],
  ['2', 'March'],
  ['3', 'April'],
  ['4', 'May'],
  ['5', 'June'],
  ['6', 'July'],
  ['7', 'August'],
  ['8', 'September'],
] as const;
type GraduationMonth = (typeof GRADUATION_MONTHS)[number][0];
export const MONTH_OPTIONS: readonly (readonly [string, string])[] = [['all', 'All Months'], ...GRADUATION_MONTHS];

const monthIndex = (day: string) => Number(day.slice(5, 7)) - 1;

export interface GraduationFilters {
  search: string;
  /** A program name, or 'all'. */
  program: string;
  status: 'all' | GraduationStatus;
  month: 'all' | GraduationMonth;
}

export const NO_GRADUATION_FILTERS: GraduationFilters = { search: '', program: 'all', status: 'all', month: 'all' };

/** The programs the candidates are in, by name (the answer names programs, it carries no program type). */
export const candidatePrograms = (candidates: readonly GraduationCandidate[]) =>
  [...new Set(candidates.map((c) => c.programName).filter(Boolean))].sort((a, b) => a.localeCompare(b));

/** Search covers studentName and studentId (spec section 5). */
export function filterCandidates(
  candidates: readonly GraduationCandidate[],
  f: GraduationFilters,
): GraduationCandidate[] {
  return candidates.filter(
    (c) =>
      matchesSearch([c.studentName, c.studentId], f.search) &&
      (f.program === 'all' || c.programName === f.program) &&
      (f.status === 'all' || c.status === f.status) &&
      (f.month === 'all' || monthIndex(c.expectedGraduation) === Number(f.month)),
  );
}

export const graduationCsv = (candidates: readonly GraduationCandidate[]): CsvTable =>
  csvTable<GraduationCandidate>(
    [
      ['Student ID', (c) => c.studentId],
      ['Student Name', (c) => c.studentName],
      ['Program', (c) => c.programName],
      ['Status', (c) => GRADUATION_STATUS_LABELS[c.status]],
      ['Expected Graduation', (c) => c.expectedGraduation],
      ['Days Remaining', (c) => c.daysRemaining],
      ['Overall Progress (%)', (c) => c.overallProgress],
      ['Skills Completed', (c) => c.skillsCompleted],
      ['Skills Total', (c) => c.skillsTotal],
      [TOTAL_HOURS_LABEL, (c) => c.clinicalHours],
      ['Required Hours', (c) => c.requiredHours],
      ['GPA', (c) => gpaCell(c.gpa)],
      ['Remaining Requirements', (c) => c.remainingRequirements.join('; ')],
      ['Certifications Earned', (c) => c.certificationsEarned.join('; ')],
    ],
    candidates,
  );
