/**
 * The police Daily Observation Report's commands (schema/dor.ts): saveDor and signDor, queued offline in a patrol car
 * and pushed, or run online; setDorSettings, a program's categories and rules, online only.
 */
import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { traineeFor, visibleDor } from '#api/domain/dor/dor-rows.ts';
import { conflict, forbidden, invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { isStudentThemself, sameAccountHolder } from '#api/permissions/same-person.ts';
import { inProgram } from '#api/permissions/scope.ts';
import { addDays } from '#schema/dates.ts';
import {
  categoryOfField,
  type DorCategory,
  type DorPhase,
  type DorState,
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
    // a report before enrollment would move the trainee's first week, which the advancement rules count from
    if (!dor && date < student.enrollmentDate) throw invalid({ date: DOR_MSG.beforeEnrollment });
    const flat = flatChanges(changes);
    const fields = Object.keys(flat);
    assertMayWrite(ctx, student, fields);
    assertKnownCategories(fields, categories);
    if (dor && fields.some((f) => frozenField(dor.status, f))) throw conflict(DOR_MSG.signedFrozen);
    const patch = mergeDorSave(dor, flat, boundedStamp(stamp, ctx.now), ctx.actor.id);
    if (!dor) return ctx.insert(t.dors, { id, studentId, date, ftoId: ctx.actor.id, ...patch });
    return ctx.update(t.dors, dor, patch);
  },
});

type TraineeRow = Parameters<typeof isStudentThemself>[2];

/**
 * The trainee writes their own fields, their FTO and other staff with the right the rest. The trainee is their account
 * and any other under one of their addresses (another case, a +tag), so a second account rates nobody's own report.
 */
function assertMayWrite(ctx: CommandContext, trainee: TraineeRow, fields: string[]) {
  const isTrainee = isStudentThemself(ctx.tx, ctx.actor.id, trainee);
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
    // a signature's instant against the shift's local day: a day's allowance for the time zones between them
    if (signedAt.slice(0, 10) < addDays(dor.date, -1)) throw invalid({ signedAt: DOR_MSG.signedBeforeShift });
    if (phase === 'complete') assertCan(ctx.actor, 'dor.write');
    if (phase === 'review') assertCan(ctx.actor, 'dor.review');
    const refusal = signRefusal(dor, phase, ctx.actor.id, student.userId, categories);
    if (refusal?.kind === 'order') throw conflict(refusal.message);
    assertOnePart(ctx, dor, phase, student);
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

/**
 * `signRefusal` compares accounts; one person may hold two, under addresses of one mailbox. Such a second account of
 * the trainee neither completes nor reviews their report, nor one of the completing FTO reviews it.
 */
function assertOnePart(ctx: CommandContext, dor: Pick<DorState, 'signatures'>, phase: DorPhase, trainee: TraineeRow) {
  if (phase === 'acknowledge') return;
  if (isStudentThemself(ctx.tx, ctx.actor.id, trainee)) throw forbidden(DOR_MSG.ownReport);
  const completedBy = dor.signatures.complete?.by ?? null;
  if (phase === 'review' && sameAccountHolder(ctx.tx, ctx.actor.id, completedBy)) throw forbidden(DOR_MSG.twoParts);
}

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
