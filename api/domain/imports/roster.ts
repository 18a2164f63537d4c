/**
 * A roster file's rows through the same commands the forms use (createStudent, updateInstructor, ...), so each row is
 * checked by the form's schema and messages (in the import worker, prepare.ts) and the command's rules, and audited
 * under this import's name. A row
 * whose natural key (student ID in the program, staff e-mail, site name) names a live record updates it; re-importing a
 * file therefore creates nothing twice.
 */
import { type CommandContext, defineCommand, parseArgs } from '#api/commands/command.ts';
import { rowsOf, rowWhere } from '#api/db/rows.ts';
import { conflict } from '#api/http/errors.ts';
import { createClinicalSite, updateClinicalSite } from '#api/routes/clinical-sites/clinical-sites.commands.ts';
import { createInstructor, updateInstructor } from '#api/routes/instructors/instructors.commands.ts';
import { assignUserToProgram } from '#api/routes/programs/programs.commands.ts';
import { createStudent, updateStudent } from '#api/routes/students/students.commands.ts';
import { ERR } from '#schema/messages.ts';
import type { RosterKind } from '#schema/roster-import.ts';
import * as t from '#schema/tables.ts';

import {
  argsOf,
  assertMayImport,
  finishImport,
  FOUND_ID,
  type ImportJob,
  importJob,
  outcomeOf,
  parsedBy,
  type PreparedRow,
  type RowOutcome,
  runRows,
  sitesByName,
} from './batches.ts';

type Values = Record<string, unknown>;
type StudentRow = typeof t.students.$inferSelect;
type UserRow = typeof t.users.$inferSelect;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * A row's values through the schemas of the commands that would create or update its record, in the import worker;
 * which one applies is known only in the write's transaction.
 */
export function rosterArgs(kind: RosterKind, programId: string, values: Values) {
  if (kind === 'students') {
    const student = { ...values, programId };
    return {
      create: parsedBy(createStudent, student),
      update: parsedBy(updateStudent, { id: FOUND_ID, changes: student }),
    };
  }
  if (kind === 'sites') {
    return {
      create: parsedBy(createClinicalSite, values),
      update: parsedBy(updateClinicalSite, { id: FOUND_ID, changes: values }),
    };
  }
  return {
    create: parsedBy(createInstructor, { ...values, isPreceptor: kind === 'preceptors' }),
    update: parsedBy(updateInstructor, { id: FOUND_ID, changes: values }),
  };
}

/** The first of the rows with each key: one query for a whole file, not one a row. */
function firstBy<R>(rows: R[], keyOf: (row: R) => string) {
  const byKey = new Map<string, R>();
  for (const row of rows) if (!byKey.has(keyOf(row))) byKey.set(keyOf(row), row);
  return byKey;
}

const studentsByCode = (ctx: CommandContext, programId: string) =>
  firstBy(
    rowsOf<StudentRow>(ctx.tx, t.students, 'select * from students where program_id = ? and deleted_at is null', [
      programId,
    ]),
    (s) => s.studentCode,
  );

const usersByEmail = (ctx: CommandContext) =>
  firstBy(rowsOf<UserRow>(ctx.tx, t.users, 'select * from users where deleted_at is null', []), (u) => u.email);

function importStudent(ctx: CommandContext, row: PreparedRow, existing: StudentRow | undefined): RowOutcome {
  if (!existing) {
    createStudent.apply(ctx, argsOf(createStudent, row.create));
    return 'created';
  }
  return outcomeOf(ctx, updateStudent.apply(ctx, { ...argsOf(updateStudent, row.update!), id: existing.id }));
}

/** An instructor or preceptor by e-mail, and their place in the program. A person's role is not changed by a file. */
function importStaff(ctx: CommandContext, programId: string, row: PreparedRow, user: UserRow | undefined): RowOutcome {
  let id: string;
  let outcome: RowOutcome;
  if (!user) {
    id = createInstructor.apply(ctx, argsOf(createInstructor, row.create)).id;
    outcome = 'created';
  } else {
    if (!ctx.find(t.instructors, user.id)) throw conflict(ERR.emailTaken, { email: ERR.emailTaken });
    id = user.id;
    updateInstructor.apply(ctx, { ...argsOf(updateInstructor, row.update!), id });
    const changed = [ctx.find(t.users, id), ctx.find(t.instructors, id)].some((r) => outcomeOf(ctx, r) === 'updated');
    outcome = changed ? 'updated' : 'unchanged';
  }
  const member = rowWhere(
    ctx.tx,
    t.programMembers,
    'program_id = ? and user_id = ? and deleted_at is null',
    programId,
    id,
  );
  if (!member) {
    const assignedRole = ctx.find(t.users, id)?.role === 'preceptor' ? 'preceptor' : 'instructor';
    assignUserToProgram.apply(ctx, parseArgs(assignUserToProgram, { programId, userId: id, assignedRole }));
    if (outcome === 'unchanged') outcome = 'updated';
  }
  return outcome;
}

/** Sites have no code of their own: one is known by its name, in any case. */
function importSite(ctx: CommandContext, row: PreparedRow, existing: typeof t.clinicalSites.$inferSelect | undefined) {
  if (!existing) {
    createClinicalSite.apply(ctx, argsOf(createClinicalSite, row.create));
    return 'created';
  }
  return outcomeOf(ctx, updateClinicalSite.apply(ctx, { ...argsOf(updateClinicalSite, row.update!), id: existing.id }));
}

/** The field and value that name the record a row is about: two rows naming the same one are an error. */
export function naturalKey(kind: RosterKind, values: Values) {
  const field = kind === 'students' ? 'studentId' : kind === 'sites' ? 'name' : 'email';
  const key = text(values[field]);
  return key ? { field, key: kind === 'students' ? key : key.toLowerCase() } : null;
}

/**
 * The records the file's rows name are looked up once, before its first row: a row cannot change what a later one
 * finds, since no two rows of a file name the same record (naturalKey) and an update keeps the key it was found by.
 */
function rowImporter(ctx: CommandContext, kind: RosterKind, programId: string) {
  if (kind === 'students') {
    const byCode = studentsByCode(ctx, programId);
    return (row: PreparedRow) => importStudent(ctx, row, byCode.get(text(row.values.studentId)));
  }
  if (kind === 'sites') {
    const byName = sitesByName(ctx.tx);
    return (row: PreparedRow) => importSite(ctx, row, byName.get(text(row.values.name).toLowerCase()));
  }
  const byEmail = usersByEmail(ctx);
  return (row: PreparedRow) => importStaff(ctx, programId, row, byEmail.get(text(row.values.email).toLowerCase()));
}

export const importRoster = defineCommand({
  name: 'importRoster',
  args: importJob,
  apply(ctx, job: ImportJob) {
    const kind = job.kind as RosterKind;
    assertMayImport(ctx.tx, ctx.actor, kind, job.programId);
    return finishImport(ctx, job, runRows(ctx, job, rowImporter(ctx, kind, job.programId)));
  },
});
