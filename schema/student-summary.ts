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

/** A skill's record as a summary reads it; the attempt counts are absent where only progress was kept. */
export type SkillProgress = ProgressLike & {
  updatedAt: string;
  attempts?: number | null;
  pendingAttempts?: number | null;
};

export interface StudentSummary {
  program: ProgramLike | undefined;
  level: string | null;
  skillIds: string[];
  progressBySkill: Map<string, SkillProgress>;
  progressPercentage: number;
  skillsCompleted: number;
  totalSkills: number;
  /** The student's attempts (any skill) that count: a verifier's word or a counted sign-off stands behind each. */
  verifiedAttempts: number;
  /** The student's attempts (any skill) logged but not yet verified: awaiting a preceptor's confirmation or review. */
  unverifiedAttempts: number;
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

/** Adds a count up over all of the student's skill records, in or out of their track: every attempt is evidence. */
function sumOver(progressBySkill: Map<string, SkillProgress>, count: (p: SkillProgress) => number | null | undefined) {
  let total = 0;
  for (const p of progressBySkill.values()) total += count(p) ?? 0;
  return total;
}

/** The skills a student is measured against: their program type's at their track level; none without a program. */
export function trackSkillIds(
  program: Pick<ProgramLike, 'type'> | undefined,
  level: string | null,
  skillsFor: (programType: string, level: string | null) => SkillLike[],
): string[] {
  return program ? skillsFor(program.type, level).map((k) => k.id) : [];
}

export function summarizeStudent(
  student: Pick<StudentRow, 'emsCertificationLevel'>,
  program: ProgramLike | undefined,
  skillsFor: (programType: string, level: string | null) => SkillLike[],
  progressBySkill: Map<string, SkillProgress>,
  hours: HoursTotals,
): StudentSummary {
  const level = program ? trackLevel(program.type, program.certificationLevel, student.emsCertificationLevel) : null;
  const skillIds = trackSkillIds(program, level, skillsFor);
  const lastProgress = latest([...progressBySkill.values()].map((p) => p.updatedAt.slice(0, 10)));
  return {
    program,
    level,
    skillIds,
    progressBySkill,
    progressPercentage: overallProgress(skillIds, progressBySkill),
    skillsCompleted: skillsCompleted(skillIds, progressBySkill),
    totalSkills: skillIds.length,
    verifiedAttempts: sumOver(progressBySkill, (p) => p.attempts),
    unverifiedAttempts: sumOver(progressBySkill, (p) => p.pendingAttempts),
    clinicalHours: round1(hours.clinical),
    fieldHours: round1(hours.field),
    totalHours: round1(hours.clinical + hours.field),
    requiredHours: program?.requiredHours ?? 0,
    lastActivity: latest([lastProgress, hours.last]),
  };
}
