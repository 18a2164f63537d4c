import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import { type BookFigures, candidateBooks } from '#schema/fire-task-book.ts';
import * as t from '#schema/tables.ts';

/**
 * The task-book figures of these students (those in fire programs), from the server's rows by the device's rule
 * (`candidateBooks`), so the progress report and the fire tracker agree.
 */
export function taskBookFiguresOf(
  q: Q,
  students: readonly { id: string; programId: string }[],
): Map<string, BookFigures> {
  const programs = q
    .select()
    .from(t.programs)
    .where(and(eq(t.programs.type, 'fire'), isNull(t.programs.deletedAt)))
    .all();
  const candidates = students.filter((s) => programs.some((p) => p.id === s.programId));
  if (candidates.length === 0) return new Map();
  const ids = candidates.map((s) => s.id);
  const skills = q
    .select()
    .from(t.skills)
    .where(and(eq(t.skills.programType, 'fire'), isNull(t.skills.deletedAt)))
    .all();
  const books = q
    .select()
    .from(t.taskBooks)
    .where(and(inArray(t.taskBooks.studentId, ids), isNull(t.taskBooks.deletedAt)))
    .all();
  const records = q
    .select()
    .from(t.jprSignOffs)
    .where(and(inArray(t.jprSignOffs.studentId, ids), isNull(t.jprSignOffs.deletedAt)))
    .all();
  return candidateBooks({ students: candidates, programs, skills, books, records });
}
