/**
 * Students' figures (progress, skills completed, attempts, hours) from the tallies that triggers keep in the
 * transaction of every write to a record or a skill (api/db/migrations/0007_student_tallies.sql): a few rows a student
 * however many records they hold, and nothing recomputed when a list is read. They are the figures summarizeStudent
 * computes from the records themselves (schema/student-summary.ts); student-figures.test.ts checks that after any
 * sequence of writes. A desk device gets the same tallies with each student row (sync/server/pull.ts).
 */
import type { StudentTallies } from '#schema/device-set.ts';
import { figuresFromTallies, skillGroupKey, studentTrack, talliesWithJprs } from '#schema/student-summary.ts';

import type { Q } from '../db/open.ts';
import { statement } from '../db/statements.ts';
import { candidateProgressOf, catalogue, type StudentRow } from './student-summary.ts';

export type { StudentFigures } from '#schema/student-summary.ts';

const TALLIES_OF = `select student_id as studentId, attempts, pending_attempts as pendingAttempts,
  last_progress as lastProgress, clinical_millihours as clinical, field_millihours as field,
  awaiting_millihours as awaiting, refused_millihours as refused, last_hours as lastHours
  from student_tallies where student_id in (select value from json_each(?))`;
const TRACK_TALLIES_OF = `select student_id as studentId, skill_group as skillGroup, progress_sum as progressSum, completed
  from student_track_tallies where student_id in (select value from json_each(?))`;

const noTallies = (): StudentTallies => ({
  attempts: 0,
  pendingAttempts: 0,
  lastProgress: null,
  clinical: 0,
  field: 0,
  awaiting: 0,
  refused: 0,
  lastHours: null,
  groups: [],
});

/**
 * The tallies of these students, by id; a student with no record yet has zeros. A fire candidate's track is counted
 * from their task book's JPRs (talliesWithJprs), read with the tallies: no trigger could apply the program's re-sign rule.
 */
export function talliesOf(
  q: Q,
  students: readonly Pick<StudentRow, 'id' | 'programId'>[],
): Map<string, StudentTallies> {
  const ids = JSON.stringify(students.map((s) => s.id));
  const out = new Map(students.map((s) => [s.id, noTallies()]));
  for (const { studentId, ...tally } of statement(q, TALLIES_OF).all(ids) as (Omit<StudentTallies, 'groups'> & {
    studentId: string;
  })[])
    Object.assign(out.get(studentId)!, tally);
  for (const { studentId, ...group } of statement(q, TRACK_TALLIES_OF).all(ids) as (StudentTallies['groups'][number] & {
    studentId: string;
  })[])
    out.get(studentId)!.groups.push(group);
  const { programs } = catalogue(q);
  const candidates = candidateProgressOf(q, students);
  for (const s of students) {
    const jprs = candidates.get(s.id);
    const level = programs.get(s.programId)?.certificationLevel;
    if (jprs && level) {
      out.set(
        s.id,
        talliesWithJprs(out.get(s.id)!, skillGroupKey({ programType: 'fire', certificationLevel: level }), jprs),
      );
    }
  }
  return out;
}

export function studentFigures(q: Q, students: StudentRow[]) {
  const { programs, skillsFor } = catalogue(q);
  const tallies = talliesOf(q, students);
  return new Map(
    students.map((s) => {
      const program = programs.get(s.programId);
      return [s.id, figuresFromTallies(program, studentTrack(s, program, skillsFor), tallies.get(s.id)!)];
    }),
  );
}
