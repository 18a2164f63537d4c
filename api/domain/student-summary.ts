/** Loads what `summarizeStudent` (schema/student-summary.ts) needs for many students at once, in a few queries. */
import { isNull } from 'drizzle-orm';

import { candidateProgress, type JprProgress } from '#schema/fire-task-book.ts';
import {
  addHours,
  hoursStanding,
  type HoursTotals,
  noHours,
  type ProgramRow,
  type SkillProgress,
  type SkillRow,
  skillsByTrack,
  type StudentRow,
  type StudentSummary,
  summarizeStudent,
} from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';

import type { Q } from '../db/open.ts';
import { connectionOf, statement } from '../db/statements.ts';
import { cachedAtVersion } from '../db/version-cache.ts';

export type { ProgramRow, SkillRow, StudentRow, StudentSummary } from '#schema/student-summary.ts';

/** Raw statements with the ids as one JSON parameter: the hot path of every figure, and no bound-variable limit. */
const PROGRESS_OF = `select student_id as studentId, skill_id as skillId, status, progress_percentage as progressPercentage,
  updated_at as updatedAt, attempts, pending_attempts as pendingAttempts from student_skills where deleted_at is null and student_id in (select value from json_each(?))`;
const HOURS_OF = `select student_id as studentId, hour_type as hourType, verified_by as verifiedBy, refused_by as refusedBy,
  sum(hours_completed) as total, max(date) as last
  from clinical_hours where deleted_at is null and student_id in (select value from json_each(?))
  group by student_id, hour_type, verified_by is not null, refused_by is not null`;

type CatalogueSkill = Pick<SkillRow, 'id' | 'programType' | 'certificationLevel' | 'standardReference'>;
type Catalogue = {
  programs: Map<string, ProgramRow>;
  skillsFor: ReturnType<typeof skillsByTrack<CatalogueSkill>>;
};
/** Moves with every write to a program or a skill: versions only grow, and a removal leaves a tombstone. */
const CATALOGUE_VERSION = `select max(coalesce((select max(version) from programs), 0),
  coalesce((select max(version) from skills), 0)) as version`;

/**
 * Programs by id and the skills of each track: what a summary needs besides the student's own rows. Kept (with the
 * other answers kept by version) until a program or a skill changes, except inside a transaction, whose writes may
 * yet roll back.
 */
export function catalogue(q: Q): Catalogue {
  if (connectionOf(q).inTransaction) return readCatalogue(q);
  const { version } = statement(q, CATALOGUE_VERSION).get() as { version: number };
  return cachedAtVersion(q, 'student-summary:catalogue', version, () => readCatalogue(q));
}

function readCatalogue(q: Q): Catalogue {
  return {
    programs: new Map(
      q
        .select()
        .from(t.programs)
        .all()
        .map((p) => [p.id, p]),
    ),
    skillsFor: skillsByTrack(
      q
        .select({
          id: t.skills.id,
          programType: t.skills.programType,
          certificationLevel: t.skills.certificationLevel,
          standardReference: t.skills.standardReference,
        })
        .from(t.skills)
        .where(isNull(t.skills.deletedAt))
        .all(),
    ),
  };
}

const NO_HOURS: HoursTotals = noHours();

const BOOKS_OF = `select id, student_id as studentId, level, state from task_books
  where deleted_at is null and student_id in (select value from json_each(?))`;
const JPRS_OF = `select task_book_id as taskBookId, student_id as studentId, skill_id as skillId,
  performed_on as performedOn, passed, in_training as inTraining
  from jpr_sign_offs where deleted_at is null and student_id in (select value from json_each(?))`;

/**
 * The progress by JPR of these students who are fire candidates (schema/fire-task-book.ts candidateProgress, the
 * device's rule): what the server's summaries and tallies count a candidate's figures from. No query when none is.
 */
export function candidateProgressOf(
  q: Q,
  students: readonly Pick<StudentRow, 'id' | 'programId'>[],
): Map<string, Map<string, JprProgress>> {
  const { programs, skillsFor } = catalogue(q);
  const candidates = students.filter((s) => programs.get(s.programId)?.type === 'fire');
  if (candidates.length === 0) return new Map();
  const ids = JSON.stringify(candidates.map((s) => s.id));
  const records = (
    statement(q, JPRS_OF).all(ids) as {
      taskBookId: string;
      skillId: string;
      performedOn: string;
      passed: number;
      inTraining: number;
    }[]
  ).map((r) => ({ ...r, passed: r.passed === 1, inTraining: r.inTraining === 1 }));
  return candidateProgress({
    students: candidates,
    programs: [...programs.values()],
    skills: skillsFor('fire', null),
    books: statement(q, BOOKS_OF).all(ids) as { id: string; studentId: string; level: string; state: string }[],
    records,
  });
}

/** Each student's program and the skills of their track, without reading progress (to replay it from history). */
export function tracksOf(q: Q, students: StudentRow[]): Map<string, Pick<StudentSummary, 'program' | 'skillIds'>> {
  const { programs, skillsFor } = catalogue(q);
  return new Map(
    students.map((s) => [s.id, summarizeStudent(s, programs.get(s.programId), skillsFor, new Map(), NO_HOURS)]),
  );
}

export function summarizeStudents(q: Q, students: StudentRow[]): Map<string, StudentSummary> {
  const { programs, skillsFor } = catalogue(q);
  const progress = new Map<string, Map<string, SkillProgress>>();
  const hours = new Map<string, HoursTotals>();
  const ids = JSON.stringify(students.map((s) => s.id));
  for (const p of statement(q, PROGRESS_OF).all(ids) as (SkillProgress & { studentId: string })[]) {
    let m = progress.get(p.studentId);
    if (!m) progress.set(p.studentId, (m = new Map()));
    m.set(p.skillId, p);
  }
  for (const h of statement(q, HOURS_OF).all(ids) as {
    studentId: string;
    hourType: string;
    verifiedBy: string | null;
    refusedBy: string | null;
    total: number;
    last: string | null;
  }[]) {
    const entry = hours.get(h.studentId) ?? noHours();
    addHours(entry, h.hourType, hoursStanding(h), h.total, h.last);
    hours.set(h.studentId, entry);
  }
  // a fire candidate's figures come from their task book's JPRs, not skill-progress records
  for (const [id, jprs] of candidateProgressOf(q, students)) progress.set(id, jprs);
  const out = new Map<string, StudentSummary>();
  for (const s of students) {
    out.set(
      s.id,
      summarizeStudent(
        s,
        programs.get(s.programId),
        skillsFor,
        progress.get(s.id) ?? new Map(),
        hours.get(s.id) ?? NO_HOURS,
      ),
    );
  }
  return out;
}
