/**
 * The Fire and Police trackers' figures, from the device's rows (so they work offline).
 *
 * Rules:
 * - Students shown: students in programs of the discipline, or in the one program the filter picks.
 * - Total Skills: the discipline's skills; with a program picked, the skills of that program's track (its level).
 * - Active Students: shown students who are active and not graduated.
 * - Average Progress: rounded mean overall progress of the shown students (0 with none).
 * - Completed Skill Records (FIGURES.completedSkillRecords): completed skills on the shown students' cards, one per
 *   student and skill (a fire candidate's: their JPRs signed).
 * - A student's card lists their track's skills plus any other skill of the discipline they have a record on; a
 *   skill with no record counts as not started.
 * - Each skill says what does not count yet, as the EMS tracker does: attempts awaiting verification (a student's own
 *   entry before a preceptor or instructor verifies it) and observed ones.
 * - A fire candidate's skills are their task book's JPRs (schema/fire-task-book.ts candidateProgress): signed is
 *   completed, attempted and not signed is in progress, not attempted is not started; their skill-progress records,
 *   which a candidate never writes, count nowhere.
 */
import type { ProgramType, SkillStatus } from '#schema/enums.ts';
import type { JprProgress } from '#schema/fire-task-book.ts';
import { byRecordName, byStudentName, compareText } from '#schema/names.ts';
import { isActiveStudent } from '#schema/reports.ts';
import { notCountedYet } from '#schema/skill-figures.ts';
import { compareLevels, compareReferences } from '#schema/skill-order.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { SummarizedStudent } from '#web/lib/data.ts';

export type Discipline = Extract<ProgramType, 'fire' | 'police'>;
export type ProgramRow = DomainRows['programs'];
export type SkillRow = DomainRows['skills'];
export type ProgressRow = DomainRows['studentSkills'];

export const ALL_PROGRAMS = 'all';

/** Catalogue order: level, then the standard's paragraph number (4.1.2 before 4.1.10), then name. */
const catalogueOrder = (a: SkillRow, b: SkillRow) =>
  compareLevels(a.certificationLevel, b.certificationLevel) ||
  compareReferences(a.standardReference ?? '', b.standardReference ?? '') ||
  compareText(a.name, b.name);

const disciplinePrograms = (programs: readonly ProgramRow[], discipline: Discipline) =>
  programs.filter((p) => p.type === discipline).sort(byRecordName);

const disciplineSkills = (skills: readonly SkillRow[], discipline: Discipline) =>
  skills.filter((s) => s.programType === discipline).sort(catalogueOrder);

export interface SkillCell {
  skill: SkillRow;
  status: SkillStatus;
  progressPercentage: number;
  attempts: number;
  lastAttemptDate: string | null;
  /** Attempts that do not count yet, in words ('2 awaiting verification · 1 observed'); '' when none. */
  waiting: string;
  record: ProgressRow | undefined;
}

export interface TrackedStudent extends SummarizedStudent {
  cells: SkillCell[];
}

export interface TrackerView {
  programs: ProgramRow[];
  /** Every skill of the discipline (the tracker's 'No Skills Found' state looks at these). */
  skills: SkillRow[];
  cards: TrackedStudent[];
  tiles: { totalSkills: number; activeStudents: number; avgProgress: number; completedSkillRecords: number };
}

export interface TrackerInput {
  discipline: Discipline;
  programId: string;
  programs: readonly ProgramRow[];
  skills: readonly SkillRow[];
  students: readonly SummarizedStudent[];
  progress: readonly ProgressRow[];
  /** Each fire candidate's progress by JPR (candidateProgress), by student id. */
  jprs?: ReadonlyMap<string, ReadonlyMap<string, JprProgress>>;
}

function cell(skill: SkillRow, record: ProgressRow | undefined): SkillCell {
  return {
    skill,
    status: (record?.status as SkillStatus | undefined) ?? 'not_started',
    progressPercentage: record?.progressPercentage ?? 0,
    attempts: record?.attempts ?? 0,
    lastAttemptDate: record?.lastAttemptDate ?? null,
    waiting: notCountedYet(record),
    record,
  };
}

/** A JPR of a candidate's task book as a tracker cell: no skill-progress record stands behind it. */
function jprCell(skill: SkillRow, jpr: JprProgress | undefined): SkillCell {
  return {
    skill,
    status: jpr?.status ?? 'not_started',
    progressPercentage: jpr?.progressPercentage ?? 0,
    attempts: 0,
    lastAttemptDate: jpr?.updatedAt ?? null,
    waiting: '',
    record: undefined,
  };
}

export function trackerView(input: TrackerInput): TrackerView {
  const programs = disciplinePrograms(input.programs, input.discipline);
  const skills = disciplineSkills(input.skills, input.discipline);
  const picked = programs.find((p) => p.id === input.programId);
  const programIds = new Set((picked ? [picked] : programs).map((p) => p.id));
  const shown = input.students.filter((s) => programIds.has(s.student.programId)).sort(byStudentName);
  const shownIds = new Set(shown.map((s) => s.student.id));
  const skillIds = new Set(skills.map((s) => s.id));
  const jprs = input.jprs ?? new Map<string, ReadonlyMap<string, JprProgress>>();
  const records = input.progress.filter(
    (p) => shownIds.has(p.studentId) && skillIds.has(p.skillId) && !jprs.has(p.studentId),
  );
  const recordsByStudent = new Map<string, Map<string, ProgressRow>>();
  for (const r of records) {
    const mine = recordsByStudent.get(r.studentId) ?? new Map<string, ProgressRow>();
    mine.set(r.skillId, r);
    recordsByStudent.set(r.studentId, mine);
  }
  const cards = shown.map((entry): TrackedStudent => {
    const track = new Set(entry.summary.skillIds);
    const book = jprs.get(entry.student.id);
    if (book) return { ...entry, cells: skills.filter((k) => track.has(k.id)).map((k) => jprCell(k, book.get(k.id))) };
    const mine = recordsByStudent.get(entry.student.id) ?? new Map<string, ProgressRow>();
    return {
      ...entry,
      cells: skills.filter((k) => track.has(k.id) || mine.has(k.id)).map((k) => cell(k, mine.get(k.id))),
    };
  });
  const trackSkills = picked?.certificationLevel
    ? skills.filter((k) => k.certificationLevel === picked.certificationLevel)
    : skills;
  const progressSum = shown.reduce((sum, s) => sum + s.summary.progressPercentage, 0);
  return {
    programs,
    skills,
    cards,
    tiles: {
      totalSkills: trackSkills.length,
      activeStudents: shown.filter((s) => isActiveStudent(s.student)).length,
      avgProgress: shown.length ? Math.round(progressSum / shown.length) : 0,
      completedSkillRecords: cards.reduce((n, c) => n + c.cells.filter((x) => x.status === 'completed').length, 0),
    },
  };
}

/** Narrows the cards' skills to those matching the header search's text (name, category or standard reference). */
export function matchingSkills(cards: TrackedStudent[], query: string): TrackedStudent[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return cards;
  const matches = (k: SkillRow) =>
    [k.name, k.category, k.standardReference].some((v) => v?.toLowerCase().includes(needle));
  return cards.map((c) => ({ ...c, cells: c.cells.filter((x) => matches(x.skill)) }));
}
