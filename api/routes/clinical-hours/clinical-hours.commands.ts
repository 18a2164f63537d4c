import { and, eq, isNull, sql } from 'drizzle-orm';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { verification } from '#api/domain/evidence/checks.ts';
import { removeStudentRecord } from '#api/domain/evidence/remove-record.ts';
import { invalid } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { assertStudentVisible, studentFieldNotFound } from '#api/permissions/scope.ts';
import { clinicalHoursSchema, overDayLimit } from '#schema/clinical-hours.ts';
import { queuedRemoveEntrySchema, removeEntrySchema } from '#schema/common.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

/** The student's hours on one date, whoever logged them (removed entries not counted). */
function hoursLoggedOn(ctx: CommandContext, studentId: string, date: string): number {
  const h = t.clinicalHours;
  const row = ctx.tx
    .select({ total: sql<number>`coalesce(sum(${h.hoursCompleted}), 0)` })
    .from(h)
    .where(and(eq(h.studentId, studentId), eq(h.date, date), isNull(h.deletedAt)))
    .get();
  return row?.total ?? 0;
}

/** Logs hours for a student of the recorder's programs; the recorder is always the signed-in user. */
export const logClinicalHours = defineCommand({
  name: 'logClinicalHours',
  offline: true,
  args: clinicalHoursSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'hours.record');
    assertStudentVisible(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    if (args.clinicalSiteId && !ctx.find(t.clinicalSites, args.clinicalSiteId)) {
      throw invalid({ clinicalSiteId: 'Clinical site not found' });
    }
    if (overDayLimit(hoursLoggedOn(ctx, args.studentId, args.date), args.hoursCompleted)) {
      throw invalid({ hoursCompleted: MSG.hoursDayOver24 });
    }
    return ctx.insert(t.clinicalHours, { ...args, recordedBy: ctx.actor.id, ...verification(ctx) });
  },
});

/** Corrects a wrong entry: its recorder, or director and administration (removeStudentRecord). */
export const deleteClinicalHours = defineCommand({
  name: 'deleteClinicalHours',
  offline: true,
  args: removeEntrySchema,
  queuedArgs: queuedRemoveEntrySchema,
  apply: (ctx, args) => removeStudentRecord(ctx, t.clinicalHours, args, 'Clinical hours'),
});

export const clinicalHoursCommands = [logClinicalHours, deleteClinicalHours];
