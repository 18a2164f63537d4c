/**
 * A program's requirements, edited by its leads: the successful attempts each skill needs (in all and per setting) and
 * the rules that turn patient contacts into SMC counts, and which sign-off states count. Null on the program means the
 * catalogue's minimums, DEFAULT_CONTACT_RULES and DEFAULT_COUNTED_STATES. Record keys are checked as strictly as values, since they arrive from clients too.
 */
import { z } from 'zod';

import { intInRange, refId } from './common.ts';
import { ATTEMPT_SETTINGS } from './enums.ts';
import { MSG } from './messages.ts';
import { IMPRESSIONS } from './patient-contact.ts';
import { COUNTABLE_STATES } from './sign-off.ts';

const MAX_COUNT = 1000;
const count = () => intInRange(0, MAX_COUNT, MSG.countRange);

/** Skill ids are the catalogue's (checked against it by the command); the pattern keeps odd keys out of records. */
const skillKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, MSG.skillUnknown);

export const skillMinimumSchema = z
  .object({
    total: intInRange(1, MAX_COUNT, MSG.minimumTotalRange),
    bySetting: z.partialRecord(z.enum(ATTEMPT_SETTINGS), intInRange(1, MAX_COUNT, MSG.minimumSettingRange)),
  })
  .refine((m) => Object.values(m.bySetting).reduce((a, n) => a + (n ?? 0), 0) <= m.total, {
    message: MSG.settingMinimumsOverTotal,
  });

/**
 * A record whose every key is checked: zod drops a `__proto__` key (which JSON.parse keeps as an own key) without a
 * word, which would turn a hostile body into a silent reset instead of a refusal.
 */
const checkedRecord = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, message: string) =>
  z
    .custom<unknown>((v) => typeof v !== 'object' || v === null || !Object.hasOwn(v, '__proto__'), message)
    .pipe(z.record(key, value, { error: (issue) => (issue.code === 'invalid_key' ? message : undefined) }));

export const skillMinimumsSchema = checkedRecord(skillKey, skillMinimumSchema, MSG.skillUnknown);

/** Letters, digits, spaces and a little punctuation: no `__proto__`, no markup, nothing a key should not be. */
const categoryName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 /&(),.-]{0,59}$/, MSG.categoryNameInvalid);

const ageBandSchema = z.object({
  label: z.string({ error: MSG.ageBandLabelRequired }).trim().min(1, MSG.ageBandLabelRequired).max(60),
  fromMonths: intInRange(0, 130 * 12, MSG.ageBandsOrder),
  minimum: count(),
});

export const contactRulesSchema = z
  .object({
    ageBands: z.array(ageBandSchema).min(1, MSG.ageBandsOrder).max(20),
    pathologyMap: z.partialRecord(z.enum(IMPRESSIONS), categoryName),
    pathologyMinimums: checkedRecord(categoryName, count(), MSG.categoryNameInvalid).refine(
      (m) => Object.keys(m).length <= 30,
    ),
    teamLeadMinimum: count(),
  })
  .superRefine((rules, ctx) => {
    const starts = rules.ageBands.map((b) => b.fromMonths);
    if (starts[0] !== 0 || starts.some((s, i) => i > 0 && s <= starts[i - 1])) {
      ctx.addIssue({ code: 'custom', path: ['ageBands'], message: MSG.ageBandsOrder });
    }
    if (new Set(rules.ageBands.map((b) => b.label.toLowerCase())).size !== rules.ageBands.length) {
      ctx.addIssue({ code: 'custom', path: ['ageBands'], message: MSG.ageBandsUnique });
    }
    const categories = new Set([...Object.keys(rules.pathologyMinimums), 'Other']);
    if (Object.values(rules.pathologyMap).some((c) => !categories.has(c))) {
      ctx.addIssue({ code: 'custom', path: ['pathologyMap'], message: MSG.categoryUnknown });
    }
  });

/** PUT /api/programs/{id}/requirements: a part left out stays as it is; null goes back to the defaults. */
export const programRequirementsSchema = z.object({
  programId: refId(MSG.programRequired),
  skillMinimums: skillMinimumsSchema.nullable().optional(),
  contactRules: contactRulesSchema.nullable().optional(),
  countedSignOffStates: z
    .array(z.enum(COUNTABLE_STATES, { error: MSG.countedStatesRequired }))
    .min(1, MSG.countedStatesRequired)
    .max(COUNTABLE_STATES.length)
    .nullable()
    .optional(),
});
