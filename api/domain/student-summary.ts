/** Loads what `summarizeStudent` (schema/student-summary.ts) needs for many students at once, in a few queries. */
import { isNull } from 'drizzle-orm';
import type { ProgressLike } from '../../schema/progress.ts';
import { skillsByTrack, summarizeStudent, type HoursTotals, type StudentRow, type StudentSummary } from '../../schema/student-summary.ts';
import * as t from '../../schema/tables.ts';
import type { Q } from '../db/open.ts';
import { statement } from '../db/statements.ts';

export type { ProgramRow, SkillRow, StudentRow, StudentSummary } from '../../schema/student-summary.ts';

const CHUNK = 500;
/** Splits ids for `IN (...)` lists, below SQLite's parameter limit. */
export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Raw statements with the ids as one JSON parameter: the hot path of every figure, and no bound-variable limit. */
const PROGRESS_OF = `select student_id as studentId, skill_id as skillId, status, progress_percentage as progressPercentage,
  updated_at as updatedAt from student_skills where deleted_at is null and student_id in (select value from json_each(?))`;
const HOURS_OF = `select student_id as studentId, hour_type as hourType, sum(hours_completed) as total, max(date) as last
  from clinical_hours where deleted_at is null and student_id in (select value from json_each(?)) group by student_id, hour_type`;

export function summarizeStudents(q: Q, students: StudentRow[]): Map<string, StudentSummary> {
  const programs = new Map(q.select().from(t.programs).all().map((p) => [p.id, p]));
  const skillsFor = skillsByTrack(q.select({ id: t.skills.id, programType: t.skills.programType, certificationLevel: t.skills.certificationLevel })
    .from(t.skills).where(isNull(t.skills.deletedAt)).all());
  const progress = new Map<string, Map<string, ProgressLike & { updatedAt: string }>>();
  const hours = new Map<string, HoursTotals>();
  const ids = JSON.stringify(students.map((s) => s.id));
  for (const p of statement(q, PROGRESS_OF).all(ids) as (ProgressLike & { studentId: string; updatedAt: string })[]) {
    let m = progress.get(p.studentId);
    if (!m) progress.set(p.studentId, (m = new Map()));
    m.set(p.skillId, p);
  }
  for (const h of statement(q, HOURS_OF).all(ids) as { studentId: string; hourType: string; total: number; last: string | null }[]) {
    const entry = hours.get(h.studentId) ?? { clinical: 0, field: 0, last: null };
    if (h.hourType === 'field') entry.field += h.total;
    else entry.clinical += h.total;
    if (h.last && (!entry.last || h.last > entry.last)) entry.last = h.last;
    hours.set(h.studentId, entry);
  }
  const out = new Map<string, StudentSummary>();
  for (const s of students) {
    const totals = hours.get(s.id) ?? { clinical: 0, field: 0, last: null };
    out.set(s.id, summarizeStudent(s, programs.get(s.programId), skillsFor, progress.get(s.id) ?? new Map(), totals));
  }
  return out;
}
