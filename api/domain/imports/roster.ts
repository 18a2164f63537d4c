/**
 * A roster file's rows through the same commands the forms use (createStudent, updateInstructor, ...), so each row is
 * checked by the form's schema and messages and the command's rules, and audited under this import's name. A row
 * whose natural key (student ID in the program, staff e-mail, site name) names a live record updates it; re-importing a
 * file therefore creates nothing twice.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';

import { type CommandContext, defineCommand, parseArgs } from '#api/commands/command.ts';
import { conflict } from '#api/http/errors.ts';
import { createClinicalSite, updateClinicalSite } from '#api/routes/clinical-sites/clinical-sites.commands.ts';
import { createInstructor, updateInstructor } from '#api/routes/instructors/instructors.commands.ts';
import { assignUserToProgram } from '#api/routes/programs/programs.commands.ts';
import { createStudent, updateStudent } from '#api/routes/students/students.commands.ts';
import { ERR } from '#schema/messages.ts';
import type { RosterKind } from '#schema/roster-import.ts';
import * as t from '#schema/tables.ts';

import {
  assertMayImport,
  finishImport,
  type ImportJob,
  importJob,
  outcomeOf,
  type RowOutcome,
  runRows,
} from './batches.ts';

type Values = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function importStudent(ctx: CommandContext, programId: string, values: Values): RowOutcome {
  const s = t.students;
  const existing = ctx.tx
    .select()
    .from(s)
    .where(and(eq(s.studentCode, text(values.studentId)), eq(s.programId, programId), isNull(s.deletedAt)))
    .get();
  if (!existing) {
    createStudent.apply(ctx, parseArgs(createStudent, { ...values, programId }));
    return 'created';
  }
  const changes = { ...values, programId };
  return outcomeOf(ctx, updateStudent.apply(ctx, parseArgs(updateStudent, { id: existing.id, changes })));
}

/** An instructor or preceptor by e-mail, and their place in the program. A person's role is not changed by a file. */
function importStaff(ctx: CommandContext, programId: string, values: Values, isPreceptor: boolean): RowOutcome {
  const u = t.users;
  const user = ctx.tx
    .select()
    .from(u)
    .where(and(eq(u.email, text(values.email).toLowerCase()), isNull(u.deletedAt)))
    .get();
  let id: string;
  let outcome: RowOutcome;
  if (!user) {
    id = createInstructor.apply(ctx, parseArgs(createInstructor, { ...values, isPreceptor })).id;
    outcome = 'created';
  } else {
    if (!ctx.find(t.instructors, user.id)) throw conflict(ERR.emailTaken, { email: ERR.emailTaken });
    id = user.id;
    updateInstructor.apply(ctx, parseArgs(updateInstructor, { id, changes: values }));
    const changed = [ctx.find(t.users, id), ctx.find(t.instructors, id)].some((r) => outcomeOf(ctx, r) === 'updated');
    outcome = changed ? 'updated' : 'unchanged';
  }
  const m = t.programMembers;
  const member = ctx.tx
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.programId, programId), eq(m.userId, id), isNull(m.deletedAt)))
    .get();
  if (!member) {
    const assignedRole = ctx.find(t.users, id)?.role === 'preceptor' ? 'preceptor' : 'instructor';
    assignUserToProgram.apply(ctx, parseArgs(assignUserToProgram, { programId, userId: id, assignedRole }));
    if (outcome === 'unchanged') outcome = 'updated';
  }
  return outcome;
}

/** Sites have no code of their own: one is known by its name, in any case. */
function importSite(ctx: CommandContext, values: Values): RowOutcome {
  const c = t.clinicalSites;
  const existing = ctx.tx
    .select()
    .from(c)
    .where(and(sql`lower(trim(${c.name})) = ${text(values.name).toLowerCase()}`, isNull(c.deletedAt)))
    .get();
  if (!existing) {
    createClinicalSite.apply(ctx, parseArgs(createClinicalSite, values));
    return 'created';
  }
  return outcomeOf(
    ctx,
    updateClinicalSite.apply(ctx, parseArgs(updateClinicalSite, { id: existing.id, changes: values })),
  );
}

/** The field and value that name the record a row is about: two rows naming the same one are an error. */
function naturalKey(kind: RosterKind, values: Values) {
  const field = kind === 'students' ? 'studentId' : kind === 'sites' ? 'name' : 'email';
  const key = text(values[field]);
  return key ? { field, key: kind === 'students' ? key : key.toLowerCase() } : null;
}

export const importRoster = defineCommand({
  name: 'importRoster',
  args: importJob,
  apply(ctx, job: ImportJob) {
    const kind = job.kind as RosterKind;
    assertMayImport(ctx.tx, ctx.actor, kind, job.programId);
    const report = runRows(
      ctx,
      job,
      (values) => naturalKey(kind, values),
      (values) => {
        if (kind === 'students') return importStudent(ctx, job.programId, values);
        if (kind === 'sites') return importSite(ctx, values);
        return importStaff(ctx, job.programId, values, kind === 'preceptors');
      },
    );
    return finishImport(ctx, job, report);
  },
});
