/**
 * Removing a wrong patient contact or hours entry: who may, and what it does to the sign-offs that hold it. The row
 * stays in the database with its tombstone and the audit log names who removed it; it stops counting everywhere.
 */
import type { CommandContext } from '#api/commands/command.ts';
import { rowById } from '#api/db/rows.ts';
import { forbidden, notFound } from '#api/http/errors.ts';
import { canSeeStudent } from '#api/permissions/scope.ts';
import { mayRemoveEntry } from '#schema/permissions.ts';
import * as t from '#schema/tables.ts';

import { markChangedAfterSigning } from './sign-off-effects.ts';

type RemovableTable = typeof t.patientContacts | typeof t.clinicalHours;
type RemovableRow = RemovableTable['$inferSelect'];

/**
 * Its recorder may remove an entry, and director and administration anyone's; others who can see it get 403, the
 * rest 404. A second removal (another device removed it offline too) answers the same and changes nothing.
 */
export function removeStudentRecord(
  ctx: CommandContext,
  table: RemovableTable,
  { id, reason }: { id: string; reason: string | null },
  what: string,
) {
  // read with its tombstone, unlike ctx.find: a second removal answers as the first did
  const row = rowById<RemovableRow>(ctx.tx, table, id);
  const student = row && ctx.find(t.students, row.studentId);
  const mine = row?.recordedBy === ctx.actor.id;
  if (!row || (!mine && !(student && canSeeStudent(ctx.tx, ctx.actor, student)))) throw notFound(what);
  if (!mayRemoveEntry(ctx.actor, row)) throw forbidden();
  if (row.deletedAt) return { id };
  ctx.remove(table, row, reason);
  markChangedAfterSigning(ctx, row.studentId, id);
  return { id };
}
