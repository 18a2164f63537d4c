/**
 * The police Daily Observation Report's commands (schema/dor.ts): saveDor and signDor, queued offline in a patrol car
 * and pushed, or run online; setDorSettings, a program's categories and rules, online only.
 */
import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { traineeFor, visibleDor } from '#api/domain/dor/dor-rows.ts';
import { conflict, forbidden, invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram } from '#api/permissions/scope.ts';
import {
  categoryOfField,
  type DorCategory,
  flatChanges,
  frozenField,
  mergeDorSave,
  signatureRefusal,
  signRefusal,
  statusAfter,
  TRAINEE_FIELDS,
} from '#schema/dor.ts';
import { dorSettingsSchema, saveDorSchema, signDorSchema } from '#schema/dor-schema.ts';
import { DOR_MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import { boundedStamp } from '../skill-attempts/skill-attempts.commands.ts';

/**
 * Creates the report at its first save (by its FTO), then merges each save field by field on its clock stamp: the
 * later save stands, and the other person's value is kept on the report as superseded (schema/dor.ts `mergeDorSave`).
 * The trainee writes only the activity log; the FTO's fields freeze when the FTO completes, the trainee's when the
 * trainee acknowledges.
 */
const saveDor = defineCommand({
  name: 'saveDor',
  offline: true,
  args: saveDorSchema,
  apply(ctx, { id, studentId, date, stamp, changes }) {
    const existing = id ? ctx.find(t.dors, id) : undefined;
    const { dor, student, categories } = existing
      ? visibleDor(ctx, existing.id)
      : { dor: undefined, ...traineeFor(ctx, studentId) };
    const flat = flatChanges(changes);
    const fields = Object.keys(flat);
    assertMayWrite(ctx, student.userId, fields);
    assertKnownCategories(fields, categories);
    if (dor && fields.some((f) => frozenField(dor.status, f))) throw conflict(DOR_MSG.signedFrozen);
    const patch = mergeDorSave(dor, flat, boundedStamp(stamp, ctx.now), ctx.actor.id);
    if (!dor) return ctx.insert(t.dors, { id, studentId, date, ftoId: ctx.actor.id, ...patch });
    return ctx.update(t.dors, dor, patch);
  },
});

/** The trainee writes their own fields, their FTO and other staff with the right the rest. */
function assertMayWrite(ctx: CommandContext, traineeUserId: string | null, fields: string[]) {
  const isTrainee = traineeUserId === ctx.actor.id;
  if (!isTrainee) assertCan(ctx.actor, 'dor.write');
  if (fields.some((f) => TRAINEE_FIELDS.includes(f) !== isTrainee)) throw forbidden(DOR_MSG.traineeWritesActivityLog);
}

function assertKnownCategories(fields: string[], categories: readonly DorCategory[]) {
  const known = new Set(categories.map((c) => c.code));
  for (const field of fields) {
    const code = categoryOfField(field);
    if (code !== null && !known.has(code)) throw invalid({ [`changes.ratings.${code}`]: DOR_MSG.categoryUnknown });
  }
}

/**
 * Signs one step of a report, in order: the FTO completes it, the trainee acknowledges it, a supervisor reviews it;
 * each signer affirms their signature, and nobody plays two parts (schema/dor.ts `signRefusal`).
 */
const signDor = defineCommand({
  name: 'signDor',
  offline: true,
  args: signDorSchema,
  apply(ctx, { id, phase, signature, signedAt }) {
    const { dor, student, categories } = visibleDor(ctx, id);
    if (phase === 'complete') assertCan(ctx.actor, 'dor.write');
    if (phase === 'review') assertCan(ctx.actor, 'dor.review');
    const refusal = signRefusal(dor, phase, ctx.actor.id, student.userId, categories);
    if (refusal?.kind === 'order') throw conflict(refusal.message);
    if (refusal?.kind === 'party') throw forbidden(refusal.message);
    if (refusal) throw invalid({ phase: refusal.message }, refusal.message);
    const badSignature = signatureRefusal(signature, ctx.find(t.users, ctx.actor.id)!);
    if (badSignature) throw invalid({ signature: badSignature }, badSignature);
    return ctx.update(t.dors, dor, {
      status: statusAfter(phase),
      signatures: { ...dor.signatures, [phase]: { by: ctx.actor.id, at: signedAt, signature } },
    });
  },
});

/** A police program's DOR categories and advancement rules. */
export const setDorSettings = defineCommand({
  name: 'setDorSettings',
  args: dorSettingsSchema,
  apply(ctx, { programId, categories, phaseRules }) {
    assertCan(ctx.actor, 'dor.settings');
    const program = ctx.find(t.programs, programId);
    if (!program || !inProgram(ctx.tx, ctx.actor, programId)) throw notFound('Program');
    if (program.type !== 'police') throw invalid({ programId: DOR_MSG.notPolice });
    return ctx.update(t.programs, program, { dorCategories: categories, dorPhaseRules: phaseRules });
  },
});

export const dorCommands = [saveDor, signDor, setDorSettings];
