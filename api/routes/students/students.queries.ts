import { isNull } from 'drizzle-orm';
import * as t from '../../../schema/tables.ts';
import type { Actor } from '../../commands/command.ts';
import type { Q } from '../../db/open.ts';
import { summarizeStudents, type StudentRow, type StudentSummary } from '../../domain/student-summary.ts';
import { visibleStudents } from '../../permissions/scope.ts';

/** A student as the API answers: the spec's fields (studentId is the display code) plus computed progress and hours. */
export function studentToApi(s: StudentRow, sum: StudentSummary | undefined) {
  const { studentCode, deletedAt: _deleted, ...rest } = s;
  return {
    ...rest,
    studentId: studentCode,
    programName: sum?.program?.name ?? null,
    program: sum?.program ? { id: sum.program.id, name: sum.program.name, type: sum.program.type } : null,
    certificationLevel: sum?.level ?? null,
    progressPercentage: sum?.progressPercentage ?? 0,
    skillsCompleted: sum?.skillsCompleted ?? 0,
    totalSkills: sum?.totalSkills ?? 0,
    clinicalHours: sum?.clinicalHours ?? 0,
    fieldHours: sum?.fieldHours ?? 0,
    totalHours: sum?.totalHours ?? 0,
    requiredHours: sum?.requiredHours ?? 0,
    lastActivity: sum?.lastActivity ?? null,
  };
}
export type StudentApi = ReturnType<typeof studentToApi>;

export function listStudents(q: Q, actor: Actor): StudentApi[] {
  const all = q.select().from(t.students).where(isNull(t.students.deletedAt)).all();
  const visible = visibleStudents(q, actor, all);
  const summaries = summarizeStudents(q, visible);
  return visible
    .map((s) => studentToApi(s, summaries.get(s.id)))
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
}

export function studentWithSummary(q: Q, s: StudentRow): StudentApi {
  return studentToApi(s, summarizeStudents(q, [s]).get(s.id));
}
