import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import type { ProgramAnswer, ProgramMemberAnswer } from '#schema/api-answers.ts';
import * as t from '#schema/tables.ts';

type ProgramRow = typeof t.programs.$inferSelect;

const countsBy = (rows: { key: string; n: number }[]) => new Map(rows.map((r) => [r.key, r.n]));

function directorNames(q: Q, programs: ProgramRow[]) {
  const ids = [...new Set(programs.map((p) => p.directorId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = q
    .select({ id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName })
    .from(t.users)
    .where(and(inArray(t.users.id, ids), isNull(t.users.deletedAt)))
    .all();
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
}

/** Live programs by name (one of them when `id` is given), with their director's name and head counts. */
export function listPrograms(q: Q, id?: string): ProgramAnswer[] {
  const programs = q
    .select()
    .from(t.programs)
    .where(and(isNull(t.programs.deletedAt), id ? eq(t.programs.id, id) : undefined))
    .orderBy(asc(t.programs.name))
    .all();
  const students = countsBy(
    q
      .select({ key: t.students.programId, n: count() })
      .from(t.students)
      .where(isNull(t.students.deletedAt))
      .groupBy(t.students.programId)
      .all(),
  );
  const members = countsBy(
    q
      .select({ key: t.programMembers.programId, n: count() })
      .from(t.programMembers)
      .where(isNull(t.programMembers.deletedAt))
      .groupBy(t.programMembers.programId)
      .all(),
  );
  const directors = directorNames(q, programs);
  return programs.map(({ deletedAt: _d, ...p }) => ({
    ...p,
    duration: p.durationWeeks,
    directorName: p.directorId ? (directors.get(p.directorId) ?? null) : null,
    studentCount: students.get(p.id) ?? 0,
    memberCount: members.get(p.id) ?? 0,
  }));
}

/** A program's live assignments with the assigned person (one assignment when `membershipId` is given). */
export function listMembers(q: Q, programId: string, membershipId?: string): ProgramMemberAnswer[] {
  return q
    .select({
      id: t.programMembers.id,
      userId: t.programMembers.userId,
      assignedRole: t.programMembers.assignedRole,
      createdAt: t.programMembers.createdAt,
      user: {
        id: t.users.id,
        firstName: t.users.firstName,
        lastName: t.users.lastName,
        email: t.users.email,
        role: t.users.role,
      },
    })
    .from(t.programMembers)
    .innerJoin(t.users, eq(t.users.id, t.programMembers.userId))
    .where(
      and(
        eq(t.programMembers.programId, programId),
        isNull(t.programMembers.deletedAt),
        isNull(t.users.deletedAt),
        membershipId ? eq(t.programMembers.id, membershipId) : undefined,
      ),
    )
    .orderBy(asc(t.users.lastName), asc(t.users.firstName))
    .all();
}
