/**
 * The zod schemas of the task book's commands (schema/fire-task-book.ts holds its rules). The evaluator signs with the
 * EMS sign-off's signature (drawn or typed) and, on the candidate's phone, the co-sign code of their own phone.
 */
import { z } from 'zod';

import { happenedAt, happenedOn, intInRange, optionalText, refId, requiredText } from './common.ts';
import { JPR_METHODS, sheetPasses } from './fire-task-book.ts';
import { MSG, TASK_BOOK_ERR } from './messages.ts';
import { sameName } from './sign-off.ts';
import { cosignCodeSchema, signatureSchema } from './sign-off-schema.ts';

/** Mutation startTaskBook: the book of the candidate's program level. */
export const startTaskBookSchema = z.object({
  id: z.uuid(),
  studentId: refId(MSG.studentRequired),
  /**
   * The day the device started it, perhaps offline; the server takes it within TASK_BOOK_START_WINDOW_DAYS of its
   * arrival. Absent (an app from before it was sent): the day it arrives.
   */
  startedOn: happenedOn().optional(),
});

/** Who signs: the evaluator's name and ID as on the book's signature verification page, and their sign-in e-mail. */
export const evaluatorSchema = z.object({
  name: requiredText('Evaluator name is required', 120),
  number: requiredText('Evaluator ID is required', 40),
  /** The evaluator's account e-mail: the co-sign code is checked against it when they sign on another's phone. */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .nullish()
    .transform((v) => v || null),
});

const signedBySchema = {
  evaluator: evaluatorSchema,
  signature: signatureSchema,
  /** When the signature was captured, on the device that captured it: not after today. */
  capturedAt: happenedAt(),
  cosignCode: cosignCodeSchema.optional(),
};

/** One step of a skill sheet, as the evaluator marked it. */
export const jprStepSchema = z.object({
  step: requiredText(TASK_BOOK_ERR.stepName, 200),
  passed: z.boolean({ error: TASK_BOOK_ERR.stepUnmarked }),
});
/** The most steps one skill sheet holds. */
export const MAX_SHEET_STEPS = 40;

/** Mutation signJpr: one JPR attempt, appended to the book and never edited. */
export const signJprSchema = z
  .object({
    id: z.uuid(),
    taskBookId: refId('Task book is required'),
    skillId: refId(MSG.skillRequired),
    performedOn: happenedOn(),
    method: z.enum(JPR_METHODS, { error: 'Choose how the JPR was evaluated' }),
    passed: z.boolean({ error: 'Choose pass or fail' }),
    /** The skill sheet's steps, each passed or failed; empty when the JPR is judged as a whole. */
    steps: z.array(jprStepSchema).max(MAX_SHEET_STEPS).default([]),
    /** Performed during academy training rather than on the job (a program may require these signed again). */
    inTraining: z.boolean().default(false),
    comments: optionalText(2000),
    ...signedBySchema,
  })
  .refine((a) => !a.passed || sheetPasses(a.steps), {
    message: TASK_BOOK_ERR.sheetFailed,
    path: ['passed'],
  })
  .refine((a) => a.signature.kind !== 'typed' || sameName(a.signature.name, a.evaluator.name), {
    message: MSG.typedSignatureMismatch,
    path: ['signature'],
  });

/** Mutations verifyTaskBook (final evaluator) and certifyTaskBook (certifying official): a signature on the book. */
export const signTaskBookSchema = z.object({
  taskBookId: refId('Task book is required'),
  name: requiredText('Your name is required', 120),
  signature: signatureSchema,
  capturedAt: happenedAt(),
});

/** PUT /api/programs/{id}/task-book-rules. */
export const taskBookRulesSchema = z.object({
  programId: refId(MSG.programRequired),
  attemptsPerDay: intInRange(1, 5, TASK_BOOK_ERR.attemptsRange),
  attemptDays: intInRange(1, 5, TASK_BOOK_ERR.attemptsRange),
  resignTrainingJprs: z.boolean().default(false),
});
