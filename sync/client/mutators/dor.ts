/**
 * The police Daily Observation Report's offline writes (saveDor, signDor; api/routes/dors/dors.commands.ts): the same
 * argument schemas and the same field-by-field merge (schema/dor.ts `mergeDorSave`) as the server, so the report an FTO
 * writes in a patrol car with no signal shows as it will stand; the server's row replaces it at the next pull.
 */
import type { z } from 'zod';

import {
  type DorState,
  flatChanges,
  frozenField,
  mergeDorSave,
  signatureRefusal,
  signRefusal,
  statusAfter,
  TRAINEE_FIELDS,
} from '#schema/dor.ts';
import { dorCategoriesOf } from '#schema/dor-categories.ts';
import { saveDorSchema, signDorSchema } from '#schema/dor-schema.ts';
import { DOR_MSG } from '#schema/messages.ts';

import { entityKey } from '../entity-keys.ts';
import type { LocalWriter } from '../local-writer.ts';
import type { Mutator, MutatorContext } from './mutator.ts';

/**
 * The device's part of the server's checks on a save (dors.commands.ts): the trainee writes their activity log only,
 * staff the rest, and a signed side's fields no longer change. Role rights and visibility stay the server's.
 */
async function saveRefusal(w: LocalWriter, args: z.output<typeof saveDorSchema>, ctx: MutatorContext) {
  const current = args.id ? await w.get('dors', args.id) : undefined;
  const student = await w.get('students', current?.studentId ?? args.studentId);
  const isTrainee = student?.userId === ctx.userId;
  const fields = Object.keys(flatChanges(args.changes));
  if (fields.some((f) => TRAINEE_FIELDS.includes(f) !== isTrainee)) return DOR_MSG.traineeWritesActivityLog;
  return current && fields.some((f) => frozenField(current.status, f)) ? DOR_MSG.signedFrozen : null;
}

/** The device's part of the server's checks on a step: its order, its signer, a complete report, a typed name. */
async function signStepRefusal(w: LocalWriter, args: z.output<typeof signDorSchema>, ctx: MutatorContext) {
  const dor = await w.get('dors', args.id);
  const student = dor && (await w.get('students', dor.studentId));
  if (!dor || !student) return null;
  const program = await w.get('programs', student.programId);
  const categories = dorCategoriesOf(program);
  const refusal = signRefusal(dor as DorState, args.phase, ctx.userId, student.userId, categories);
  if (refusal) return refusal.message;
  const me = await w.get('users', ctx.userId);
  return me ? signatureRefusal(args.signature, me) : null;
}

const saveDor: Mutator<typeof saveDorSchema> = {
  args: saveDorSchema,
  creates: true,
  entityKeys: (a) => [entityKey('dors', a.id!)],
  refuse: saveRefusal,
  async apply(w, { id, studentId, date, stamp, changes }, ctx) {
    const current = await w.get('dors', id!);
    const patch = { ...mergeDorSave(current, flatChanges(changes), stamp, ctx.userId), updatedAt: ctx.now };
    if (current) return w.put('dors', { ...current, ...patch });
    await w.put('dors', {
      id: id!,
      studentId,
      date,
      ftoId: ctx.userId,
      shiftStart: null,
      shiftEnd: null,
      assignment: null,
      noEvaluationReason: null,
      narrative: null,
      trainingPlan: null,
      activityLog: null,
      ratings: {},
      status: 'draft',
      signatures: {},
      createdAt: ctx.now,
      ...patch,
    });
  },
};

const signDor: Mutator<typeof signDorSchema> = {
  args: signDorSchema,
  entityKeys: (a) => [entityKey('dors', a.id)],
  refuse: signStepRefusal,
  async apply(w, { id, phase, signature, signedAt }, ctx) {
    const current = await w.get('dors', id);
    if (!current) return;
    await w.put('dors', {
      ...current,
      status: statusAfter(phase),
      signatures: { ...current.signatures, [phase]: { by: ctx.userId, at: signedAt, signature } },
      updatedAt: ctx.now,
    });
  },
};

export const dorMutators = { saveDor, signDor };
