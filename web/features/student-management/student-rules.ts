/** The Student Records screen's figures, filters and per-student breakdowns, free of React so they are easy to test. */
import { type ProgramType, SHORT_LEVEL_LABELS, STANDARD_BY_PROGRAM_TYPE } from '#schema/enums.ts';
import { levelName } from '#schema/names.ts';
import { type HoursLine, hoursLines, hourTypeLabel, noSiteLabel } from '#schema/portfolio.ts';
import { overallProgress, type ProgressLike, round1, skillsCompleted } from '#schema/progress.ts';
import { addUpHours, skillsByTrack, trackSkillIds } from '#schema/student-summary.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { StudentWithSummary } from '#web/lib/data.ts';
import { type StudentDisplayStatus, studentStatus } from '#web/lib/format.ts';

type Student = DomainRows['students'];

export const STATUS_TONES = { Active: 'green', Graduated: 'blue', Inactive: 'slate' } as const;

/** The level filter's choices: the four EMS levels the spec names. */
export const LEVEL_OPTIONS = Object.entries(SHORT_LEVEL_LABELS);
/** Short names for the EMS levels, the catalogue's names for the others (Firefighter I, Basic Peace Officer). */
export const levelLabel = (level: string | null) => (level === null ? 'No level' : levelName(level, { short: true }));

export interface ManagementFilters {
  search: string;
  /** An EMS level, or 'all'. */
  level: string;
  /** A display status, or 'all'. */
  status: 'all' | StudentDisplayStatus;
}

export const NO_FILTERS: ManagementFilters = { search: '', level: 'all', status: 'all' };

/**
 * Search covers the student ID only (spec section 5), case-insensitive substring. The level is the one the student
 * trains to (their EMS level; a fire or police student's program level), so a police recruit is never 'EMT'.
 */
export function filterManagedStudents<
  T extends {
    student: Pick<Student, 'studentId' | 'graduationDate' | 'isActive'>;
    summary: Pick<StudentWithSummary['summary'], 'level'>;
  },
>(items: readonly T[], f: ManagementFilters): T[] {
  const needle = f.search.trim().toLowerCase();
  return items.filter(
    ({ student, summary }) =>
      (!needle || student.studentId.toLowerCase().includes(needle)) &&
      (f.level === 'all' || summary.level === f.level) &&
      (f.status === 'all' || studentStatus(student) === f.status),
  );
}

export interface StudentTiles {
  total: number;
  active: number;
  graduates: number;
  /** Mean overall progress, rounded; 0 with no students. */
  averageProgress: number;
}

export function studentTiles(items: readonly Pick<StudentWithSummary, 'student' | 'summary'>[]): StudentTiles {
  const statuses = items.map(({ student }) => studentStatus(student));
  const progressSum = items.reduce((sum, { summary }) => sum + summary.progressPercentage, 0);
  return {
    total: items.length,
    active: statuses.filter((s) => s === 'Active').length,
    graduates: statuses.filter((s) => s === 'Graduated').length,
    averageProgress: items.length ? Math.round(progressSum / items.length) : 0,
  };
}

export interface CategoryProgress {
  category: string;
  completed: number;
  total: number;
  /** Mean progress over the category's skills, by the same rule as the overall figure. */
  percent: number;
}

/**
 * A student's progress per skill category of their level, categories in alphabetical order, from the student's own
 * progress records (read by index for the one student shown: the list's figures carry no per-skill detail).
 */
export function progressByCategory(
  summary: Pick<StudentWithSummary['summary'], 'program' | 'level'>,
  skills: readonly Pick<DomainRows['skills'], 'id' | 'category' | 'programType' | 'certificationLevel'>[],
  records: readonly ProgressLike[],
): CategoryProgress[] {
  const progressBySkill = new Map(records.map((r) => [r.skillId, r]));
  const categoryOf = new Map(skills.map((s) => [s.id, s.category]));
  const idsByCategory = new Map<string, string[]>();
  for (const id of trackSkillIds(summary.program, summary.level, skillsByTrack(skills))) {
    const category = categoryOf.get(id) ?? 'Uncategorized';
    idsByCategory.set(category, [...(idsByCategory.get(category) ?? []), id]);
  }
  return [...idsByCategory]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, ids]) => ({
      category,
      completed: skillsCompleted(ids, progressBySkill),
      total: ids.length,
      percent: overallProgress(ids, progressBySkill),
    }));
}

/** The standard a program's skills come from (CoAEMSP, NFPA, POST). */
export const standardOf = (programType: string | undefined) =>
  (programType ? STANDARD_BY_PROGRAM_TYPE[programType as ProgramType] : undefined) ?? 'Program';

type Hours = Pick<
  DomainRows['clinicalHours'],
  'id' | 'studentId' | 'clinicalSiteId' | 'date' | 'hoursCompleted' | 'hourType' | 'notes' | 'verifiedBy' | 'refusedBy'
>;

export interface AcademicRecord {
  byType: HoursLine[];
  bySite: HoursLine[];
  /** Verified hours, which count toward the program's required hours (the student's figures' `totalHours`). */
  verified: number;
  /** The student's own hours no one has verified yet: shown apart, counted nowhere. */
  awaiting: number;
  /** Hours only rejected sign-offs hold: awaiting nobody until resubmitted, counted nowhere. */
  refused: number;
  /** Newest first. */
  entries: (Hours & { siteName: string })[];
}

/**
 * One student's logged hours by type (clinical, field) and by site, verified and awaiting apart, by the portfolio's
 * `hoursLines`, with the entries newest first. Totals by `addUpHours`, the rule of every student figure.
 */
export function academicRecord(
  studentId: string,
  hours: readonly Hours[],
  siteNames: ReadonlyMap<string, string>,
): AcademicRecord {
  const entries = hours
    .filter((h) => h.studentId === studentId)
    .map((h) => ({
      ...h,
      siteName: h.clinicalSiteId ? (siteNames.get(h.clinicalSiteId) ?? 'Unknown site') : noSiteLabel(h.hourType),
    }));
  const totals = addUpHours(entries);
  return {
    byType: hoursLines(entries, (h) => hourTypeLabel(h.hourType)),
    bySite: hoursLines(entries, (h) => h.siteName),
    verified: round1(totals.clinical + totals.field),
    awaiting: round1(totals.awaiting),
    refused: round1(totals.refused),
    entries: entries.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id)),
  };
}
