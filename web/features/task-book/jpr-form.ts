/**
 * The JPR form's schema: the shared fields of the signJpr mutation, the skill sheet's steps as the evaluator marks
 * them, and the sheet rule (`sheetPasses`): a pass is refused while any step is marked fail, with the server's message.
 */
import { z } from 'zod';

import { happenedOn, optionalText } from '#schema/common.ts';
import { JPR_METHODS, sheetPasses } from '#schema/fire-task-book.ts';
import { evaluatorSchema, jprStepSchema, MAX_SHEET_STEPS } from '#schema/fire-task-book-schema.ts';
import { TASK_BOOK_ERR } from '#schema/messages.ts';
import { cosignCodeSchema } from '#schema/sign-off-schema.ts';

const RESULTS = ['pass', 'fail'] as const;

/** A step as the form holds it: a new step is unmarked ('') until the evaluator picks pass or fail. */
const formStep = z.object({
  step: jprStepSchema.shape.step,
  result: z.string().pipe(z.enum(RESULTS, { error: TASK_BOOK_ERR.stepUnmarked })),
});

/** The sheet's steps as the mutation takes them. */
export const stepsOf = (steps: readonly { step: string; result: string }[]) =>
  steps.map((s) => ({ step: s.step, passed: s.result === 'pass' }));

export const jprFormSchema = z
  .object({
    evaluator: evaluatorSchema,
    performedOn: happenedOn(),
    method: z.enum(JPR_METHODS, { error: 'Choose how the JPR was evaluated' }),
    result: z.enum(RESULTS, { error: 'Choose pass or fail' }),
    steps: z.array(formStep).max(MAX_SHEET_STEPS),
    inTraining: z.boolean(),
    comments: optionalText(2000),
    cosignCode: z.union([z.literal(''), cosignCodeSchema]),
    typedName: z.string(),
  })
  .refine((v) => v.result === 'fail' || sheetPasses(stepsOf(v.steps)), {
    message: TASK_BOOK_ERR.sheetFailed,
    path: ['result'],
  });
export type JprFormInput = z.input<typeof jprFormSchema>;
export type JprFormValues = z.output<typeof jprFormSchema>;

/** The overall result the marked steps allow: fail once any step is marked fail, else the evaluator's choice. */
export const sheetFailedBy = (steps: readonly { step: string; result: string }[]) =>
  !sheetPasses(stepsOf(steps.filter((s) => s.result !== '')));
