/** Skill Entry & Tracking figures: the four tiles, a student's progress overview and quick stats, scheduled assessments. */
import { academicYear } from '#schema/dates.ts';
import { SHORT_LEVEL_LABELS, type SkillStatus } from '#schema/enums.ts';
import { byPersonName, shortLevelName } from '#schema/names.ts';
import { overallProgress, successRate } from '#schema/progress.ts';
import { graduatedWithin } from '#schema/reports.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { ProgramTypeTotals } from '#sync/client/type-totals.ts';

type StudentRow = DomainRows['students'];
type SkillRow = DomainRows['skills'];
type ProgressRow = DomainRows['studentSkills'];

/** The skill-entry level selector offers these four (the catalogue has no critical-care skills to enter). */
export const ENTRY_LEVELS = Object.entries(SHORT_LEVEL_LABELS);
export const levelLabel = (level: string) => shortLevelName(level) ?? level.toUpperCase();

// ---- tiles ----

export interface EntryTiles {
  activeStudents: number;
  pendingReviews: number;
  /** Percent, see skillEntryTiles. */
  levelSkillsCompleted: number;
  graduations: number;
}

/**
 * The tiles over the EMS students the user can see, from the device's EMS totals (null: it holds none):
 * - Active Students: active and not graduated.
 * - Pending Reviews: pending requests on this device (the device holds exactly the requests the user may see).
 * - Level Skills Completed (FIGURES.levelSkillsCompleted): the share of the active students' level skills that are
 *   completed (completed skills over all their level skills, not a mean of per-student percentages), so a student
 *   with a longer matrix weighs more. Not the dashboard's compliance figure, which averages requirements.
 * - Graduations: students whose graduation date falls in the academic year of `today` (1 August to 31 July).
 */
export function skillEntryTiles(
  totals: ProgramTypeTotals | null,
  requests: readonly { status: string }[],
  today: string,
): EntryTiles {
  const year = academicYear(today);
  const completed = totals?.activeSkillsCompleted ?? 0;
  const total = totals?.activeTotalSkills ?? 0;
  return {
    activeStudents: totals?.activeStudents ?? 0,
    pendingReviews: requests.filter((r) => r.status === 'pending').length,
    levelSkillsCompleted: total ? Math.round((completed / total) * 100) : 0,
    graduations: Object.entries(totals?.graduationDates ?? {})
      .filter(([graduationDate]) => graduatedWithin({ graduationDate }, year))
      .reduce((sum, [, n]) => sum + n, 0),
  };
}

// ---- one student's overview ----

const NEED_WORK_STATUSES: readonly SkillStatus[] = ['needs_improvement', 'failed', 'remediation_required'];

export interface OverviewCounts {
  completed: number;
  inProgress: number;
  needWork: number;
  /** Includes skills with no progress record. */
  notStarted: number;
}

type ProgressLike = Pick<
  ProgressRow,
  'status' | 'progressPercentage' | 'attempts' | 'successfulAttempts' | 'nextAssessmentDate'
> & { skillId: string };

export function overviewCounts(
  skillIds: readonly string[],
  progressBySkill: ReadonlyMap<string, ProgressLike>,
): OverviewCounts {
  const counts: OverviewCounts = { completed: 0, inProgress: 0, needWork: 0, notStarted: 0 };
  for (const id of skillIds) {
    const status = (progressBySkill.get(id)?.status ?? 'not_started') as SkillStatus;
    if (status === 'completed') counts.completed++;
    else if (status === 'in_progress') counts.inProgress++;
    else if (NEED_WORK_STATUSES.includes(status)) counts.needWork++;
    else counts.notStarted++;
  }
  return counts;
}

export interface QuickStats {
  overallProgress: number;
  attempts: number;
  successfulAttempts: number;
  successRate: number;
  /** The earliest next assessment on or after today among skills not completed; null for none. */
  nextAssessment: string | null;
  overdue: number;
}

export function quickStats(
  skillIds: readonly string[],
  progressBySkill: ReadonlyMap<string, ProgressLike>,
  today: string,
): QuickStats {
  let attempts = 0;
  let successful = 0;
  let nextAssessment: string | null = null;
  let overdue = 0;
  for (const id of skillIds) {
    const p = progressBySkill.get(id);
    if (!p) continue;
    attempts += p.attempts;
    successful += p.successfulAttempts;
    const status = scheduleStatus(p, today);
    if (status === 'overdue') overdue++;
    else if (status === 'upcoming' && (!nextAssessment || p.nextAssessmentDate! < nextAssessment))
      nextAssessment = p.nextAssessmentDate;
  }
  return {
    overallProgress: overallProgress(skillIds, progressBySkill),
    attempts,
    successfulAttempts: successful,
    successRate: successRate(successful, attempts),
    nextAssessment,
    overdue,
  };
}

// ---- scheduled assessments ----

export const SCHEDULE_STATUSES = [
  ['upcoming', 'Upcoming'],
  ['overdue', 'Overdue'],
  ['completed', 'Completed'],
] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number][0];

/** Completed when the skill is; Overdue when its date is before today; else Upcoming. null without a date. */
export function scheduleStatus(
  p: { status: string; nextAssessmentDate: string | null },
  today: string,
): ScheduleStatus | null {
  if (!p.nextAssessmentDate) return null;
  if (p.status === 'completed') return 'completed';
  return p.nextAssessmentDate.slice(0, 10) < today ? 'overdue' : 'upcoming';
}

export interface ScheduledRow {
  progress: ProgressRow;
  student: StudentRow;
  skill: SkillRow;
  date: string;
  status: ScheduleStatus;
}

/** Progress records with a next assessment date, of listed students and EMS skills, soonest first. */
export function scheduledAssessments(
  progress: readonly ProgressRow[],
  students: readonly StudentRow[],
  skills: readonly SkillRow[],
  today: string,
): ScheduledRow[] {
  const studentById = new Map(students.map((s) => [s.id, s]));
  const skillById = new Map(skills.filter((k) => k.programType === 'ems').map((k) => [k.id, k]));
  const rows: ScheduledRow[] = [];
  for (const p of progress) {
    const status = scheduleStatus(p, today);
    const student = studentById.get(p.studentId);
    const skill = skillById.get(p.skillId);
    if (status && student && skill)
      rows.push({ progress: p, student, skill, date: p.nextAssessmentDate!.slice(0, 10), status });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date) || byPersonName(a.student, b.student));
}

export interface ScheduleFilter {
  /** A skill level, or '' for all. */
  level: string;
  /** A schedule status, or '' for all. */
  status: string;
}

export const filterScheduled = (rows: readonly ScheduledRow[], { level, status }: ScheduleFilter) =>
  rows.filter((r) => (!level || r.skill.certificationLevel === level) && (!status || r.status === status));
