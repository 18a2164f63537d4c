import { byId } from '../../../schema/common.ts';
import { clinicalHoursSchema } from '../../../schema/clinical-hours.ts';
import * as t from '../../../schema/tables.ts';
import { markChangedAfterSigning } from '../sign-offs/sign-off-effects.ts';
import type { Actor } from '../../commands/command.ts';
import { defineCommand } from '../../commands/command.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { assertCan } from '../../permissions/matrix.ts';
import { canSeeStudent, studentFieldNotFound, visibleStudentOr } from '../../permissions/scope.ts';

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

const mayDeleteAnyHours = (actor: Actor) => actor.role === 'director' || actor.role === 'administration';

/** Corrects a wrong entry: its recorder, or director and administration. Others who can see it get 403. */
export const deleteClinicalHours = defineCommand({
  name: 'deleteClinicalHours',
  args: byId,
  apply(ctx, { id }) {
    const row = ctx.get(t.clinicalHours, id, 'Clinical hours');
    if (row.recordedBy !== ctx.actor.id && !mayDeleteAnyHours(ctx.actor)) {
      const student = ctx.find(t.students, row.studentId);
      if (!student || !canSeeStudent(ctx.tx, ctx.actor, student)) throw notFound('Clinical hours');
      throw forbidden();
    }
    ctx.remove(t.clinicalHours, row);
    markChangedAfterSigning(ctx, row.studentId, row.id);
    return { id };
  },
});

export const clinicalHoursCommands = [logClinicalHours, deleteClinicalHours];
