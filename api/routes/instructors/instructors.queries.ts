import { and, asc, eq, inArray, isNull } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import type { InstructorAnswer } from '#schema/api-answers.ts';
import * as t from '#schema/tables.ts';

type UserRow = typeof t.users.$inferSelect;
type ProfileRow = typeof t.instructors.$inferSelect;
interface Figures {
  programs: Map<string, { id: string; name: string }[]>;
  activeStudentsByProgram: Map<string, Set<string>>;
  taughtStudents: Map<string, Set<string>>;
}

const addTo = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => map.set(key, (map.get(key) ?? new Set()).add(value));

/** Each instructor's live program memberships. */
function programsOf(q: Q, ids: string[]) {
  const rows = q
    .select({ userId: t.programMembers.userId, id: t.programs.id, name: t.programs.name })
    .from(t.programMembers)
    .innerJoin(t.programs, eq(t.programs.id, t.programMembers.programId))
    .where(and(inArray(t.programMembers.userId, ids), isNull(t.programMembers.deletedAt), isNull(t.programs.deletedAt)))
    .orderBy(asc(t.programs.name))
    .all();
  const byUser = new Map<string, { id: string; name: string }[]>();
  for (const { userId, ...p } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), p]);
  return byUser;
}

/** Students each instructor has worked with: recorded skill progress or logged hours for, whatever became of them since. */
function taughtStudents(q: Q, ids: string[]) {
  const taught = new Map<string, Set<string>>();
  const progress = q
    .selectDistinct({ by: t.studentSkills.instructorId, studentId: t.studentSkills.studentId })
    .from(t.studentSkills)
    .where(and(inArray(t.studentSkills.instructorId, ids), isNull(t.studentSkills.deletedAt)))
    .all();
  const hours = q
    .selectDistinct({ by: t.clinicalHours.recordedBy, studentId: t.clinicalHours.studentId })
    .from(t.clinicalHours)
    .where(and(inArray(t.clinicalHours.recordedBy, ids), isNull(t.clinicalHours.deletedAt)))
    .all();
  for (const r of [...progress, ...hours]) if (r.by) addTo(taught, r.by, r.studentId);
  return taught;
}

function figures(q: Q, ids: string[]): Figures {
  const activeStudentsByProgram = new Map<string, Set<string>>();
  for (const s of q
    .select({ id: t.students.id, programId: t.students.programId })
    .from(t.students)
    .where(and(isNull(t.students.deletedAt), eq(t.students.isActive, true)))
    .all()) {
    addTo(activeStudentsByProgram, s.programId, s.id);
  }
  return { programs: programsOf(q, ids), activeStudentsByProgram, taughtStudents: taughtStudents(q, ids) };
}

/** The spec's Instructor entity; no rating data exists, so averageRating is null rather than an invented figure. */
function instructorToApi(u: UserRow, p: ProfileRow, f: Figures): InstructorAnswer {
  const programs = f.programs.get(u.id) ?? [];
  const supervised = new Set(programs.flatMap((m) => [...(f.activeStudentsByProgram.get(m.id) ?? [])]));
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    employeeId: p.employeeId,
    title: p.title,
    department: p.department,
    programTypes: p.programTypes,
    certifications: u.certifications,
    specialties: u.specialties,
    experience: p.experience,
    education: p.education,
    hireDate: p.hireDate,
    isActive: u.isActive,
    isPreceptor: p.isPreceptor,
    notes: p.notes,
    createdAt: p.createdAt,
    updatedAt: u.updatedAt > p.updatedAt ? u.updatedAt : p.updatedAt,
    studentsSupervised: supervised.size,
    totalStudents: f.taughtStudents.get(u.id)?.size ?? 0,
    averageRating: null,
    programs,
  };
}
export type InstructorApi = ReturnType<typeof instructorToApi>;

/** Live accounts with a live instructor profile, by name; one of them when `id` is given. */
export function listInstructors(q: Q, id?: string): InstructorApi[] {
  const rows = q
    .select({ user: t.users, profile: t.instructors })
    .from(t.instructors)
    .innerJoin(t.users, eq(t.users.id, t.instructors.id))
    .where(and(isNull(t.instructors.deletedAt), isNull(t.users.deletedAt), id ? eq(t.instructors.id, id) : undefined))
    .orderBy(asc(t.users.lastName), asc(t.users.firstName))
    .all();
  if (rows.length === 0) return [];
  const f = figures(
    q,
    rows.map((r) => r.user.id),
  );
  return rows.map((r) => instructorToApi(r.user, r.profile, f));
}
