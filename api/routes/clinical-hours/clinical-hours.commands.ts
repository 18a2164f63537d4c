import { queuedRemoveEntrySchema, removeEntrySchema } from '../../../schema/common.ts';
import { clinicalHoursSchema } from '../../../schema/clinical-hours.ts';
import * as t from '../../../schema/tables.ts';
import { removeStudentRecord } from '../sign-offs/remove-record.ts';
import { defineCommand } from '../../commands/command.ts';
import { invalid } from '../../http/errors.ts';
import { assertCan } from '../../permissions/matrix.ts';
import { studentFieldNotFound, visibleStudentOr } from '../../permissions/scope.ts';

/** Logs hours for a student of the recorder's programs; the recorder is always the signed-in user. */
export const logClinicalHours = defineCommand({
  name: 'logClinicalHours',
  args: clinicalHoursSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'hours.record');
    visibleStudentOr(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    if (args.clinicalSiteId && !ctx.find(t.clinicalSites, args.clinicalSiteId)) {
      throw invalid({ clinicalSiteId: 'Clinical site not found' });
    }
    return ctx.insert(t.clinicalHours, { ...args, recordedBy: ctx.actor.id });
  },
});

/** Corrects a wrong entry: its recorder, or director and administration (removeStudentRecord). */
export const deleteClinicalHours = defineCommand({
  name: 'deleteClinicalHours',
  args: removeEntrySchema,
  queuedArgs: queuedRemoveEntrySchema,
  apply: (ctx, args) => removeStudentRecord(ctx, t.clinicalHours, args, 'Clinical hours'),
});

export const clinicalHoursCommands = [logClinicalHours, deleteClinicalHours];
