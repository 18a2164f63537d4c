/**
 * Totals per program type (EMS, fire, police) over the students on the device, kept with their figures
 * (student-figures.ts) so skill entry's tiles read one row: read from every student's figures, one logged attempt made
 * the tiles re-read a director's 700 EMS students and their 700 figure rows, 40 ms of the time until it showed.
 * Each student adds a tally; a recompute moves the totals by the difference between a student's old and new tally.
 */
import type { Table } from 'dexie';

import { isActiveStudent } from '#schema/reports.ts';

import type { DomainRows } from './domain-rows.ts';

/** What one student adds to their program type's totals (kept in the student's figure row). */
export interface StudentTally {
  programType: string | null;
  active: boolean;
  graduationDate: string | null;
  skillsCompleted: number;
  totalSkills: number;
}

export interface ProgramTypeTotals {
  programType: string;
  /** Students of the type with figures on the device. */
  students: number;
  /** Students active and not graduated (isActiveStudent). */
  activeStudents: number;
  /** The active students' completed level skills, and all their level skills. */
  activeSkillsCompleted: number;
  activeTotalSkills: number;
  /** Students by graduation date (a day), for the graduations of a period. */
  graduationDates: Record<string, number>;
}

export const tallyOf = (
  student: Pick<DomainRows['students'], 'isActive' | 'graduationDate'>,
  programType: string | null,
  summary: { skillsCompleted: number; totalSkills: number },
): StudentTally => ({
  programType,
  active: isActiveStudent(student),
  graduationDate: student.graduationDate,
  skillsCompleted: summary.skillsCompleted,
  totalSkills: summary.totalSkills,
});

const emptyTotals = (programType: string): ProgramTypeTotals => ({
  programType,
  students: 0,
  activeStudents: 0,
  activeSkillsCompleted: 0,
  activeTotalSkills: 0,
  graduationDates: {},
});

/** Adds a tally to its type's totals (`sign` -1 takes it away); a student without a program type counts nowhere. */
function addTally(byType: Map<string, ProgramTypeTotals>, tally: StudentTally, sign: 1 | -1) {
  if (!tally.programType) return;
  const totals = byType.get(tally.programType) ?? emptyTotals(tally.programType);
  byType.set(tally.programType, totals);
  totals.students += sign;
  if (tally.active) {
    totals.activeStudents += sign;
    totals.activeSkillsCompleted += sign * tally.skillsCompleted;
    totals.activeTotalSkills += sign * tally.totalSkills;
  }
  if (tally.graduationDate) {
    const n = (totals.graduationDates[tally.graduationDate] ?? 0) + sign;
    if (n === 0) delete totals.graduationDates[tally.graduationDate];
    else totals.graduationDates[tally.graduationDate] = n;
  }
}

/** Every type's totals from all the students' tallies. */
export function totalsOf(tallies: Iterable<StudentTally>): ProgramTypeTotals[] {
  const byType = new Map<string, ProgramTypeTotals>();
  for (const tally of tallies) addTally(byType, tally, 1);
  return [...byType.values()];
}

/**
 * Moves the stored totals from the students' old tallies to their new ones (undefined: no figures, before or after).
 * Must run in the transaction that writes those students' figures; a type left with no student loses its row.
 */
export async function moveTotals(
  db: { programTypeTotals: Table<ProgramTypeTotals, string> },
  before: readonly (StudentTally | undefined)[],
  after: readonly (StudentTally | undefined)[],
) {
  const types = [...new Set([...before, ...after].flatMap((t) => (t?.programType ? [t.programType] : [])))];
  if (types.length === 0) return;
  const stored = await db.programTypeTotals.bulkGet(types);
  const byType = new Map(stored.flatMap((t) => (t ? [[t.programType, t] as const] : [])));
  for (const tally of before) if (tally) addTally(byType, tally, -1);
  for (const tally of after) if (tally) addTally(byType, tally, 1);
  await db.programTypeTotals.bulkDelete(types.filter((t) => !byType.get(t)?.students));
  await db.programTypeTotals.bulkPut([...byType.values()].filter((t) => t.students > 0));
}
