import { defineCommand } from '#api/commands/command.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { ramUpdateSchema, requirementUpdateSchema } from '#schema/accreditation.ts';
import { updateOf } from '#schema/common.ts';
import * as t from '#schema/tables.ts';

/** Start and Complete on a requirement; completedAt records when it was completed and clears when it moves to any other status. */
export const updateRequirement = defineCommand({
  name: 'updateRequirement',
  args: updateOf(requirementUpdateSchema),
  apply(ctx, { id, changes }) {
    assertCan(ctx.actor, 'accreditation.manage');
    const current = ctx.get(t.accreditationRequirements, id, 'Requirement');
    const completedAt = changes.completionStatus === 'completed' ? ctx.now : null;
    return ctx.update(t.accreditationRequirements, current, { ...changes, completedAt });
  },
});

/** Save Assessment on a RAM area, dated when it reaches the server: the improvement plan is only replaced when one is sent. */
export const updateRamAssessment = defineCommand({
  name: 'updateRamAssessment',
  args: updateOf(ramUpdateSchema),
  apply(ctx, { id, changes }) {
    assertCan(ctx.actor, 'accreditation.manage');
    const current = ctx.get(t.ramAssessments, id, 'RAM assessment');
    return ctx.update(t.ramAssessments, current, { ...changes, assessmentDate: ctx.now });
  },
});

export const accreditationCommands = [updateRequirement, updateRamAssessment];
