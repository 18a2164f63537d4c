/**
 * Students' figures (progress, skills completed, attempts, hours) from the tallies that triggers keep in the
 * transaction of every write to a record or a skill (api/db/migrations/0007_student_tallies.sql): a few rows a student
 * however many records they hold, and nothing recomputed when a list is read. They are the figures summarizeStudent
 * computes from the records themselves (schema/student-summary.ts); student-figures.test.ts checks that after any
 * sequence of writes.
 */
import {
  type HoursTotals,
  type RecordTotals,
  skillGroupKey,
  studentFiguresOf,
  type StudentTrack,
  studentTrack,
} from '#schema/student-summary.ts';

import type { Q } from '../db/open.ts';
import { statement } from '../db/statements.ts';
import { catalogue, type StudentRow } from './student-summary.ts';

export type { StudentFigures } from '#schema/student-summary.ts';

const TALLIES_OF = `select student_id as studentId, attempts, pending_attempts as pendingAttempts,
  last_progress as lastProgress, clinical_millihours as clinical, field_millihours as field,
  awaiting_millihours as awaiting, last_hours as lastHours
  from student_tallies where student_id in (select value from json_each(?))`;
const TRACK_TALLIES_OF = `select student_id as studentId, skill_group as skillGroup, progress_sum as progressSum, completed
  from student_track_tallies where student_id in (select value from json_each(?))`;

interface Tally {
  attempts: number;
  pendingAttempts: number;
  lastProgress: string | null;
  clinical: number;
  field: number;
  awaiting: number;
  lastHours: string | null;
}
interface TrackTally {
  skillGroup: string;
  progressSum: number;
  completed: number;
}

const NO_TALLY: Tally = {
  attempts: 0,
  pendingAttempts: 0,
  lastProgress: null,
  clinical: 0,
  field: 0,
  awaiting: 0,
  lastHours: null,
};

/**
 * Whether a group of the tallies ('<program type>:<level>') is in a track: its program type at its level, or at every
 * level when the level is unknown (as skillsByTrack picks the track's skills).
 */
const inTrack = (group: string, { programType, level }: StudentTrack) =>
  programType !== null &&
  (level === null
    ? group.startsWith(skillGroupKey({ programType, certificationLevel: '' }))
    : group === skillGroupKey({ programType, certificationLevel: level }));

function totalsFrom(tally: Tally, groups: TrackTally[], track: StudentTrack): RecordTotals {
  let trackProgressSum = 0;
  let trackCompleted = 0;
  for (const g of groups) {
    if (!inTrack(g.skillGroup, track)) continue;
    trackProgressSum += g.progressSum;
    trackCompleted += g.completed;
  }
  return {
    trackProgressSum,
    trackCompleted,
    attempts: tally.attempts,
    pendingAttempts: tally.pendingAttempts,
    lastProgress: tally.lastProgress,
  };
}

const hoursFrom = (tally: Tally): HoursTotals => ({
  clinical: tally.clinical / 1000,
  field: tally.field / 1000,
  awaiting: tally.awaiting / 1000,
  last: tally.lastHours,
});

export function studentFigures(q: Q, students: StudentRow[]) {
  const { programs, skillsFor } = catalogue(q);
  const ids = JSON.stringify(students.map((s) => s.id));
  const tallies = new Map<string, Tally>();
  for (const t of statement(q, TALLIES_OF).all(ids) as (Tally & { studentId: string })[]) tallies.set(t.studentId, t);
  const groups = new Map<string, TrackTally[]>();
  for (const g of statement(q, TRACK_TALLIES_OF).all(ids) as (TrackTally & { studentId: string })[]) {
    const list = groups.get(g.studentId);
    if (list) list.push(g);
    else groups.set(g.studentId, [g]);
  }
  return new Map(
    students.map((s) => {
      const program = programs.get(s.programId);
      const track = studentTrack(s, program, skillsFor);
      const tally = tallies.get(s.id) ?? NO_TALLY;
      return [
        s.id,
        studentFiguresOf(program, track, totalsFrom(tally, groups.get(s.id) ?? [], track), hoursFrom(tally)),
      ];
    }),
  );
}
