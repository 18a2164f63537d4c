/**
 * Figures every screen and report shows about a student (progress, skills completed, hours), computed the same way
 * on the server (from SQL) and on a device (from its local database).
 */
import { overallProgress, round1, skillsCompleted, trackLevel, type ProgressLike } from './progress.ts';
import type * as t from './tables.ts';

export type StudentRow = typeof t.students.$inferSelect;
export type ProgramRow = typeof t.programs.$inferSelect;
export type SkillRow = typeof t.skills.$inferSelect;
/** A program as the server reads it or as a device holds it (a device never holds `deletedAt`). */
type ProgramLike = Omit<ProgramRow, 'deletedAt'>;

export interface HoursTotals {
  clinical: number;
  field: number;
  /** The latest date hours were logged. */
  last: string | null;
}

export interface StudentSummary {
  program: ProgramLike | undefined;
  level: string | null;
  skillIds: string[];
  progressBySkill: Map<string, ProgressLike & { updatedAt: string }>;
  progressPercentage: number;
  skillsCompleted: number;
  totalSkills: number;
  clinicalHours: number;
  fieldHours: number;
  totalHours: number;
  requiredHours: number;
  lastActivity: string | null;
}

type SkillLike = Pick<SkillRow, 'id' | 'programType' | 'certificationLevel'>;

/** Skills of one program type and level (all of the type when the level is unknown), cached per track. */
export function skillsByTrack<S extends SkillLike>(
  all: readonly S[],
): (programType: string, level: string | null) => S[] {
  const cache = new Map<string, S[]>();
  return (programType, level) => {
    const key = `${programType}:${level ?? '*'}`;
    let list = cache.get(key);
    if (!list) {
      list = all.filter((s) => s.programType === programType && (level === null || s.certificationLevel === level));
      cache.set(key, list);
    }
    return list;
  };
}

/** Adds logged hours up by kind (clinical or field), skipping deleted entries. */
export function addUpHours(
  rows: readonly { hourType: string; hoursCompleted: number; date: string; deletedAt?: string | null }[],
): HoursTotals {
  const totals: HoursTotals = { clinical: 0, field: 0, last: null };
  for (const h of rows) {
    if (h.deletedAt) continue;
    if (h.hourType === 'field') totals.field += h.hoursCompleted;
    else totals.clinical += h.hoursCompleted;
    if (!totals.last || h.date > totals.last) totals.last = h.date;
  }
  return totals;
}

const latest = (dates: (string | null)[]) => dates.reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null);

export function summarizeStudent(
  student: Pick<StudentRow, 'emsCertificationLevel'>,
  program: ProgramLike | undefined,
  skillsFor: (programType: string, level: string | null) => SkillLike[],
  progressBySkill: Map<string, ProgressLike & { updatedAt: string }>,
  hours: HoursTotals,
): StudentSummary {
  const level = program ? trackLevel(program.type, program.certificationLevel, student.emsCertificationLevel) : null;
  const skillIds = program ? skillsFor(program.type, level).map((k) => k.id) : [];
  const lastProgress = latest([...progressBySkill.values()].map((p) => p.updatedAt.slice(0, 10)));
  return {
    program,
    level,
    skillIds,
    progressBySkill,
    progressPercentage: overallProgress(skillIds, progressBySkill),
    skillsCompleted: skillsCompleted(skillIds, progressBySkill),
    totalSkills: skillIds.length,
    clinicalHours: round1(hours.clinical),
    fieldHours: round1(hours.field),
    totalHours: round1(hours.clinical + hours.field),
    requiredHours: program?.requiredHours ?? 0,
    lastActivity: latest([lastProgress, hours.last]),
  };
}
