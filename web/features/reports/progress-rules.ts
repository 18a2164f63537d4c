/** The Progress Reports page's filters, CSV tables and trend figures, as plain functions over the report answers. */
import { PROGRAM_TYPE_LABELS, PROGRAM_TYPES, type ProgramType } from '#schema/enums.ts';
import {
  type ProgramSummary,
  type ProgressReport,
  type ProgressReportStatus,
  type ProgressTrendPoint,
  TOTAL_HOURS_LABEL,
} from '#schema/reports.ts';
import { formatDate, plural } from '#web/lib/format.ts';

import { programTypeLabel, PROGRESS_STATUS_LABELS } from './labels.ts';
import { type CsvTable, csvTable, gpaCell, matchesSearch } from './report-rules.ts';

export type { ProgressTrendPoint };

export interface ProgressFilters {
  search: string;
  programType: 'all' | ProgramType;
  status: 'all' | ProgressReportStatus;
}

export const NO_PROGRESS_FILTERS: ProgressFilters = { search: '', programType: 'all', status: 'all' };

/** Search covers studentName and studentId (spec section 5). */
export function filterProgressReports(reports: readonly ProgressReport[], f: ProgressFilters): ProgressReport[] {
  return reports.filter(
    (r) =>
      matchesSearch([r.studentName, r.studentId], f.search) &&
      (f.programType === 'all' || r.programType === f.programType) &&
      (f.status === 'all' || r.status === f.status),
  );
}

export const progressCsv = (reports: readonly ProgressReport[]): CsvTable =>
  csvTable<ProgressReport>(
    [
      ['Student ID', (r) => r.studentId],
      ['Student Name', (r) => r.studentName],
      ['Program', (r) => r.programName],
      ['Program Type', (r) => programTypeLabel(r.programType)],
      ['Status', (r) => PROGRESS_STATUS_LABELS[r.status]],
      ['Overall Progress (%)', (r) => r.overallProgress],
      ['Skills Completed', (r) => r.skillsCompleted],
      ['Skills Total', (r) => r.skillsTotal],
      ['Verified Attempts', (r) => r.verifiedAttempts],
      ['Attempts Awaiting Verification', (r) => r.unverifiedAttempts],
      [TOTAL_HOURS_LABEL, (r) => r.clinicalHours],
      ['Required Hours', (r) => r.requiredHours],
      ['GPA', (r) => gpaCell(r.gpa)],
      ['Enrollment Date', (r) => r.enrollmentDate],
      ['Expected Graduation', (r) => r.expectedGraduation],
      ['Last Activity', (r) => r.lastActivity],
    ],
    reports,
  );

export const programSummaryCsv = (summaries: readonly ProgramSummary[]): CsvTable =>
  csvTable<ProgramSummary>(
    [
      ['Program', (p) => p.programName],
      ['Program Type', (p) => programTypeLabel(p.programType)],
      ['Total Students', (p) => p.totalStudents],
      ['Average Progress (%)', (p) => p.averageProgress],
      ['Completion Rate (%)', (p) => p.completionRate],
      ['Average GPA', (p) => gpaCell(p.averageGPA)],
      ['On Track', (p) => p.onTrackStudents],
      ['At Risk', (p) => p.atRiskStudents],
    ],
    summaries,
  );

/** Program types with students in at least one week: the lines the chart draws and the columns of its table. */
export function trendTypes(points: readonly ProgressTrendPoint[]): ProgramType[] {
  return PROGRAM_TYPES.filter((type) => points.some((p) => p.students[type] > 0));
}

export const trendCsv = (points: readonly ProgressTrendPoint[]): CsvTable =>
  csvTable<ProgressTrendPoint>(
    [
      ['Week Ending', (p) => p.weekEnding],
      ...trendTypes(points).flatMap(
        (type) =>
          [
            [`${PROGRAM_TYPE_LABELS[type]} Average Progress (%)`, (p: ProgressTrendPoint) => p.averageProgress[type]],
            [`${PROGRAM_TYPE_LABELS[type]} Students`, (p: ProgressTrendPoint) => p.students[type]],
          ] as const,
      ),
    ],
    points,
  );

/** One sentence per program type: its average at the start of the period (or its first counted week) and now. */
export function trendSummary(points: readonly ProgressTrendPoint[]): string[] {
  return trendTypes(points).map((type) => {
    const counted = points.filter((p) => p.averageProgress[type] !== null);
    const first = counted[0];
    const last = counted[counted.length - 1];
    const label = PROGRAM_TYPE_LABELS[type];
    const students = plural(last.students[type], 'student');
    const at = (p: ProgressTrendPoint) => `${p.averageProgress[type]}% (week ending ${formatDate(p.weekEnding)})`;
    return first === last
      ? `${label}: ${at(last)}, ${students}.`
      : `${label}: from ${at(first)} to ${at(last)}, ${students}.`;
  });
}
