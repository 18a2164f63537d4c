/**
 * The zod schemas of the Daily Observation Report's writes (mutations saveDor, signDor; the program's DOR settings),
 * shared by the device's mutators and the server's commands, so a refusal reads the same on both.
 */
import { z } from 'zod';

import { clientId, happenedAt, happenedOn, optionalText, refId, requiredText } from './common.ts';
import { DOR_FLAGS, DOR_PHASES, DOR_SCORES, type DorTextField, needsComment } from './dor.ts';
import { HLC_PATTERN } from './hlc.ts';
import { DOR_MSG } from './messages.ts';
import { signatureSchema } from './sign-off-schema.ts';

const CODE = /^[a-z0-9-]{1,80}$/;
const categoryCode = z.string().regex(CODE, DOR_MSG.categoryUnknown);
const shiftTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DOR_MSG.shiftTime)
  .nullable();

/** A category's rating: 1-7 or a flag, with the comment the rule asks for (`needsComment`). */
export const dorRatingSchema = z
  .object({
    rating: z.union([z.literal(DOR_SCORES), z.enum(DOR_FLAGS)], { error: DOR_MSG.ratingInvalid }),
    comment: optionalText(2000),
  })
  .superRefine((r, ctx) => {
    if (needsComment(r.rating) && !r.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: DOR_MSG.commentRequired(r.rating) });
  });

const textChanges = {
  shiftStart: shiftTime,
  shiftEnd: shiftTime,
  assignment: optionalText(300),
  noEvaluationReason: optionalText(300),
  narrative: optionalText(8000),
  trainingPlan: optionalText(4000),
  activityLog: optionalText(8000),
} satisfies Record<DorTextField, z.ZodType>;

/**
 * Mutation saveDor: creates the report at its first save (the trainee's student record and the shift's date), then
 * each later save sends the fields its user changed with the clock stamp of the save. Each text field and each
 * category's rating keeps the later save, whatever order the saves arrive in.
 */
export const saveDorSchema = z.object({
  id: clientId(),
  studentId: refId(DOR_MSG.traineeRequired),
  date: happenedOn(DOR_MSG.dateRequired),
  stamp: z.string().regex(HLC_PATTERN, 'Invalid clock stamp'),
  changes: z
    .object({
      ...textChanges,
      ratings: z.record(categoryCode, dorRatingSchema).refine((r) => Object.keys(r).length <= 100),
    })
    .partial()
    .refine((c) => Object.keys(c).length > 0, DOR_MSG.nothingToChange),
});

/** Mutation signDor: one step of the report, signed and affirmed by its signer, at the time they signed. */
export const signDorSchema = z.object({
  id: refId('Report is required'),
  phase: z.enum(DOR_PHASES),
  affirmed: z.literal(true, { error: DOR_MSG.affirmRequired }),
  signature: signatureSchema,
  signedAt: happenedAt(),
});

const week = z
  .number({ error: DOR_MSG.phaseWeek })
  .int(DOR_MSG.phaseWeek)
  .min(1, DOR_MSG.phaseWeek)
  .max(104, DOR_MSG.phaseWeek);

/** One category a program rates on its reports. */
export const dorCategorySchema = z.object({
  code: z.string({ error: DOR_MSG.categoryCode }).regex(CODE, DOR_MSG.categoryCode),
  name: requiredText(DOR_MSG.categoryName, 160),
  group: requiredText(DOR_MSG.categoryGroup, 80),
});
/** One interval's advancement rule: weeks since the trainee's first report, and the share rated acceptable. */
export const dorPhaseRuleSchema = z.object({
  fromWeek: week,
  toWeek: week,
  minShare: z.number({ error: DOR_MSG.phaseShare }).min(0, DOR_MSG.phaseShare).max(1, DOR_MSG.phaseShare),
});
/** Intervals in order, each starting after the one before ends. */
export const phaseRulesInOrder = (rules: readonly { fromWeek: number; toWeek: number }[]) =>
  rules.every((r, i) => r.fromWeek <= r.toWeek && (i === 0 || rules[i - 1].toWeek < r.fromWeek));
/** No two categories share a code or a name (a report would rate one of them twice). */
export const categoriesDistinct = (cs: readonly { code: string; name: string }[]) =>
  new Set(cs.map((c) => c.code)).size === cs.length &&
  new Set(cs.map((c) => c.name.trim().toLowerCase())).size === cs.length;

/** A program's DOR categories and advancement rules (PUT /api/programs/:id/dor-settings, online). */
export const dorSettingsSchema = z.object({
  programId: refId('Program is required'),
  categories: z
    .array(dorCategorySchema, { error: DOR_MSG.categoriesRequired })
    .min(1, DOR_MSG.categoriesRequired)
    .max(100, DOR_MSG.categoriesTooMany)
    .refine(categoriesDistinct, DOR_MSG.categoryDuplicate),
  phaseRules: z
    .array(dorPhaseRuleSchema, { error: DOR_MSG.phaseRulesOrder })
    .max(20, DOR_MSG.phaseRulesTooMany)
    .refine(phaseRulesInOrder, DOR_MSG.phaseRulesOrder),
});
