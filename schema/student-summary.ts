/**
 * Figures every screen and report shows about a student (progress, skills completed, hours), computed the same way
 * on the server (from SQL) and on a device (from its local database).
 */
import type { StudentTallies } from './device-set.ts';
import { averageProgress, type ProgressLike, round1, skillsCompleted, trackLevel } from './progress.ts';
import type * as t from './tables.ts';

export type StudentRow = typeof t.students.$inferSelect;
export type ProgramRow = typeof t.programs.$inferSelect;
export type SkillRow = typeof t.skills.$inferSelect;
/** A program as the server reads it or as a device holds it (a device never holds `deletedAt`). */
type ProgramLike = Omit<ProgramRow, 'deletedAt'>;

export interface HoursTotals {
  /** Verified hours by kind: they count toward the required hours. */
  clinical: number;
  field: number;
  /** The student's own hours no one has verified yet: shown apart, counted nowhere. */
  awaiting: number;
  /** Hours only rejected sign-offs hold: awaiting nobody until resubmitted, counted nowhere. */
  refused: number;
  /** The latest date hours were logged. */
  last: string | null;
}

/** A skill's record as a summary reads it; the attempt counts are absent where only progress was kept. */
export type SkillProgress = ProgressLike & {
  updatedAt: string;
  attempts?: number | null;
  pendingAttempts?: number | null;
};

/** What every list, dashboard and report shows about a student. */
export interface StudentFigures {
  program: ProgramLike | undefined;
  level: string | null;
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
  /** The student's own hours awaiting verification, not in totalHours. */
  awaitingHours: number;
  /** Hours not verified because the sign-off holding them was refused (`hoursStanding`), not in totalHours. */
  refusedHours: number;
  requiredHours: number;
  lastActivity: string | null;
}

/** The figures with the detail they come from: the track's skills and the student's records by skill. */
export interface StudentSummary extends StudentFigures {
  skillIds: string[];
  progressBySkill: Map<string, SkillProgress>;
}

/** What a student's records add up to: over their track's skills, and over every record (in or out of the track). */
interface RecordTotals {
  trackProgressSum: number;
  trackCompleted: number;
  attempts: number;
  pendingAttempts: number;
  /** The latest day a record was updated. */
  lastProgress: string | null;
}

type SkillLike = Pick<SkillRow, 'id' | 'programType' | 'certificationLevel'>;

/**
 * The group a skill's records are tallied under on the server ('<program type>:<level>'; a removed or unknown skill
 * is ''): the SQL triggers of 0007_student_tallies.sql repeat it, and student-figures.test.ts compares the two.
 */
export const skillGroupKey = (skill: Pick<SkillLike, 'programType' | 'certificationLevel'> | undefined) =>
  skill ? `${skill.programType}:${skill.certificationLevel}` : '';

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

/** Where an hours entry stands: the one rule every figure, list, table and export of hours splits them by. */
export const HOURS_STANDINGS = ['verified', 'awaiting', 'refused'] as const;
export type HoursStanding = (typeof HOURS_STANDINGS)[number];
/** What each standing is called on every screen and export that lists hours entries. */
export const HOURS_STANDING_LABELS: Record<HoursStanding, string> = {
  verified: 'Verified',
  awaiting: 'Awaiting verification',
  refused: 'Not verified: refused',
};
/** Refused hours in words, with what the student does about them ('5 h not verified: refused, sign them off again'). */
export const refusedHoursNote = (hours: number) =>
  `${hours} h ${HOURS_STANDING_LABELS.refused.toLowerCase()}, sign them off again`;

/**
 * Verified when someone stands behind the hours (the staff member who logged them, or a sign-off in a counted state
 * that holds them: `verifiedBy`); refused when only rejected sign-offs hold them (`refusedBy`, schema/sign-off.ts
 * hoursRefuser): nobody will verify them as they stand; else awaiting verification. The server's tallies repeat this
 * in SQL (the refused_hours migration); api/domain/student-figures.test.ts compares the two on random rows.
 */
export const hoursStanding = (h: { verifiedBy?: string | null; refusedBy?: string | null }): HoursStanding =>
  h.verifiedBy ? 'verified' : h.refusedBy ? 'refused' : 'awaiting';

/** Adds logged hours up, skipping deleted entries: verified ones by kind (clinical or field), the rest by standing. */
export function addUpHours(
  rows: readonly {
    hourType: string;
    hoursCompleted: number;
    date: string;
    deletedAt?: string | null;
    verifiedBy?: string | null;
    refusedBy?: string | null;
  }[],
): HoursTotals {
  const totals = noHours();
  for (const h of rows) {
    if (!h.deletedAt) addHours(totals, h.hourType, hoursStanding(h), h.hoursCompleted, h.date);
  }
  return totals;
}

export const noHours = (): HoursTotals => ({ clinical: 0, field: 0, awaiting: 0, refused: 0, last: null });

/** Adds hours of one kind, logged on `date`, to the totals: by kind when verified, else by their standing. */
export function addHours(
  totals: HoursTotals,
  hourType: string,
  standing: HoursStanding,
  hours: number,
  date: string | null,
) {
  if (standing !== 'verified') totals[standing] += hours;
  else if (hourType === 'field') totals.field += hours;
  else totals.clinical += hours;
  if (date && (!totals.last || date > totals.last)) totals.last = date;
}

const latest = (dates: (string | null)[]) => dates.reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null);

/** Adds a count up over records (a skill with no record adds 0). */
function sumOver(records: Iterable<SkillProgress | undefined>, count: (p: SkillProgress) => number | null | undefined) {
  let total = 0;
  for (const p of records) if (p) total += count(p) ?? 0;
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

/** Which skills a student is measured against: their program's type, their track level, and that level's skills. */
export interface StudentTrack {
  programType: string | null;
  level: string | null;
  skillIds: string[];
}

export function studentTrack(
  student: Pick<StudentRow, 'emsCertificationLevel'>,
  program: ProgramLike | undefined,
  skillsFor: (programType: string, level: string | null) => SkillLike[],
): StudentTrack {
  const level = program ? trackLevel(program.type, program.certificationLevel, student.emsCertificationLevel) : null;
  return { programType: program?.type ?? null, level, skillIds: trackSkillIds(program, level, skillsFor) };
}

export function summarizeStudent(
  student: Pick<StudentRow, 'emsCertificationLevel'>,
  program: ProgramLike | undefined,
  skillsFor: (programType: string, level: string | null) => SkillLike[],
  progressBySkill: Map<string, SkillProgress>,
  hours: HoursTotals,
): StudentSummary {
  const track = studentTrack(student, program, skillsFor);
  const totals: RecordTotals = {
    trackProgressSum: sumOver(
      track.skillIds.map((id) => progressBySkill.get(id)),
      (p) => p.progressPercentage,
    ),
    trackCompleted: skillsCompleted(track.skillIds, progressBySkill),
    attempts: sumOver(progressBySkill.values(), (p) => p.attempts),
    pendingAttempts: sumOver(progressBySkill.values(), (p) => p.pendingAttempts),
    lastProgress: latest([...progressBySkill.values()].map((p) => p.updatedAt.slice(0, 10))),
  };
  return { ...studentFiguresOf(program, track, totals, hours), skillIds: track.skillIds, progressBySkill };
}

/**
 * A student's figures from what their records add up to, however those were added up: by summarizeStudent from the
 * records, or on the server from the tallies its triggers keep (api/domain/student-figures.ts).
 */
function studentFiguresOf(
  program: ProgramLike | undefined,
  track: StudentTrack,
  totals: RecordTotals,
  hours: HoursTotals,
): StudentFigures {
  return {
    program,
    level: track.level,
    progressPercentage: averageProgress(totals.trackProgressSum, track.skillIds.length),
    skillsCompleted: totals.trackCompleted,
    totalSkills: track.skillIds.length,
    verifiedAttempts: totals.attempts,
    unverifiedAttempts: totals.pendingAttempts,
    clinicalHours: round1(hours.clinical),
    fieldHours: round1(hours.field),
    totalHours: round1(hours.clinical + hours.field),
    awaitingHours: round1(hours.awaiting),
    refusedHours: round1(hours.refused),
    requiredHours: program?.requiredHours ?? 0,
    lastActivity: latest([totals.lastProgress, hours.last]),
  };
}

/**
 * Whether a group of the tallies ('<program type>:<level>') is in a track: its program type at its level, or at every
 * level when the level is unknown (as skillsByTrack picks the track's skills).
 */
const inTrack = (group: string, { programType, level }: StudentTrack) =>
  programType !== null &&
  (level === null
    ? group.startsWith(skillGroupKey({ programType, certificationLevel: '' }))
    : group === skillGroupKey({ programType, certificationLevel: level }));

/**
 * A student's figures from the tallies the server keeps: its lists, and a desk device that holds the tallies rather
 * than the records (schema/device-set.ts).
 */
export function figuresFromTallies(
  program: ProgramLike | undefined,
  track: StudentTrack,
  tallies: StudentTallies,
): StudentFigures {
  let trackProgressSum = 0;
  let trackCompleted = 0;
  for (const g of tallies.groups) {
    if (!inTrack(g.skillGroup, track)) continue;
    trackProgressSum += g.progressSum;
    trackCompleted += g.completed;
  }
  const totals = {
    trackProgressSum,
    trackCompleted,
    attempts: tallies.attempts,
    pendingAttempts: tallies.pendingAttempts,
    lastProgress: tallies.lastProgress,
  };
  const hours = {
    clinical: tallies.clinical / 1000,
    field: tallies.field / 1000,
    awaiting: tallies.awaiting / 1000,
    refused: tallies.refused / 1000,
    last: tallies.lastHours,
  };
  return studentFiguresOf(program, track, totals, hours);
}

/**
 * A fire candidate's tallies with their track counted from their JPRs (schema/fire-task-book.ts candidateProgress)
 * in place of skill-progress records, which a candidate never writes: progress and skills completed from the JPRs
 * signed, last progress from the latest JPR record, and no skill attempts (a summary from the records counts none).
 */
export function talliesWithJprs(
  tallies: StudentTallies,
  trackGroup: string,
  jprs: ReadonlyMap<string, SkillProgress>,
): StudentTallies {
  let progressSum = 0;
  let completed = 0;
  for (const p of jprs.values()) {
    progressSum += p.progressPercentage;
    if (p.status === 'completed') completed++;
  }
  return {
    ...tallies,
    attempts: 0,
    pendingAttempts: 0,
    lastProgress: latest([...jprs.values()].map((p) => p.updatedAt.slice(0, 10))),
    groups: [
      ...tallies.groups.filter((g) => g.skillGroup !== trackGroup),
      { skillGroup: trackGroup, progressSum, completed },
    ],
  };
}
