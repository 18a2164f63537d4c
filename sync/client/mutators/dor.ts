/**
 * The police Daily Observation Report's offline writes (saveDor, signDor; api/routes/dors/dors.commands.ts): the same
 * argument schemas and the same field-by-field merge (schema/dor.ts `mergeDorSave`) as the server, so the report an FTO
 * writes in a patrol car with no signal shows as it will stand; the server's row replaces it at the next pull.
 */
import { flatChanges, mergeDorSave, statusAfter } from '#schema/dor.ts';
import { saveDorSchema, signDorSchema } from '#schema/dor-schema.ts';

import { entityKey } from '../entity-keys.ts';
import type { Mutator } from './mutator.ts';

const saveDor: Mutator<typeof saveDorSchema> = {
  args: saveDorSchema,
  creates: true,
  entityKeys: (a) => [entityKey('dors', a.id!)],
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
