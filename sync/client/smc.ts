/**
 * A student's SMC (schema/smc.ts) from this device's records, read by index: the same function the server answers
 * with, over the rows a pull delivered, so a screen offline shows the server's numbers.
 */
import { type SmcFigures, studentSmc } from '#schema/smc.ts';

import type { TrainingDb } from './db.ts';

/** undefined when the student is not on this device. */
export async function readStudentSmc(db: TrainingDb, studentId: string): Promise<SmcFigures | undefined> {
  const student = await db.rows('students').get(studentId);
  if (!student) return undefined;
  const [program, skills, contacts, attempts] = await Promise.all([
    db.rows('programs').get(student.programId),
    db.rows('skills').where('programType').equals('ems').toArray(),
    db.rows('patientContacts').where('studentId').equals(studentId).toArray(),
    db.rows('skillAttempts').where('studentId').equals(studentId).toArray(),
  ]);
  const voids = await db.rowsWithAnyOf(
    'skillAttemptVoids',
    'attemptId',
    attempts.map((a) => a.id),
  );
  return studentSmc({
    student,
    program,
    skills,
    contacts,
    attempts,
    voidedAttemptIds: new Set(voids.map((v) => v.attemptId)),
  });
}

/** The SMC of several students, by id (one after another: a cohort's report, read when asked for). */
export async function readStudentsSmc(db: TrainingDb, studentIds: readonly string[]) {
  const out = new Map<string, SmcFigures>();
  for (const id of studentIds) {
    const smc = await readStudentSmc(db, id);
    if (smc) out.set(id, smc);
  }
  return out;
}
