/**
 * Students' figures (progress, skills completed, hours) kept between requests, so a list of students costs a lookup
 * rather than reading every student's progress rows. Every write stamps its rows with the next data version
 * (sync_meta.version), so before answering, the cache asks which students' rows changed since the version it last saw
 * and forgets only those; a change to the catalogue or to programs forgets everything. The reads run synchronously on
 * the one connection, so no write can land between the check and the answer. Inside a transaction (whose writes may
 * yet roll back) nothing is cached.
 */
import type { Q } from '../db/open.ts';
import { connectionOf, statement } from '../db/statements.ts';
import { dataVersion } from '../db/version-cache.ts';
import { summarizeStudents, type StudentRow, type StudentSummary } from './student-summary.ts';

export type StudentFigures = Omit<StudentSummary, 'progressBySkill' | 'skillIds'>;

interface Cache {
  version: number;
  figures: Map<string, StudentFigures>;
}
const caches = new WeakMap<object, Cache>();

/**
 * `union all`, not `union`: to merge away duplicates SQLite walked every progress row in student order (174 ms on the
 * large set, after every write); each part now reads its version index. A student named twice is forgotten twice.
 */
export const CHANGED_STUDENTS = `select student_id as id from student_skills where version > @v
  union all select student_id from clinical_hours where version > @v
  union all select id from students where version > @v`;
const CATALOGUE_CHANGED = `select exists(select 1 from skills where version > @v)
  or exists(select 1 from programs where version > @v) as changed`;

function upToDate(q: Q): Cache {
  const conn = connectionOf(q);
  const version = dataVersion(q);
  let cache = caches.get(conn);
  if (!cache) caches.set(conn, (cache = { version, figures: new Map() }));
  if (cache.version === version) return cache;
  if ((statement(q, CATALOGUE_CHANGED).get({ v: cache.version }) as { changed: number }).changed) cache.figures.clear();
  else
    for (const { id } of statement(q, CHANGED_STUDENTS).all({ v: cache.version }) as { id: string }[])
      cache.figures.delete(id);
  cache.version = version;
  return cache;
}

const figuresOf = (summaries: Map<string, StudentSummary>) =>
  new Map(
    [...summaries].map(([id, { progressBySkill: _p, skillIds: _s, ...figures }]) => [id, figures as StudentFigures]),
  );

export function studentFigures(q: Q, students: StudentRow[]): Map<string, StudentFigures> {
  if (connectionOf(q).inTransaction) return figuresOf(summarizeStudents(q, students));
  const cache = upToDate(q);
  const missing = students.filter((s) => !cache.figures.has(s.id));
  if (missing.length > 0) {
    for (const [id, figures] of figuresOf(summarizeStudents(q, missing))) cache.figures.set(id, figures);
  }
  return new Map(students.map((s) => [s.id, cache.figures.get(s.id)!]));
}
