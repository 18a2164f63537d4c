/**
 * The SMC figures as the API answers them (GET /api/students/:id/smc, /api/reports/smc, the cohort summary and the
 * portfolio), as strict zod schemas. schema/smc.ts, which computes them, stays free of zod: the device's engine loads
 * it with the first screen. Each schema is checked against the type smc.ts computes (`satisfies`), and the OpenAPI
 * test checks real answers against the schema, so the two cannot drift apart unnoticed.
 */
import { z } from 'zod';

import type { CohortSmcFilter, CohortSmcItem } from './cohort-smc.ts';
import { ATTEMPT_SETTINGS, CONFIDENCE_LEVELS } from './enums.ts';
import type { SmcFigures, SmcItem } from './smc.ts';

const tally = z.strictObject({ attempted: z.number().int(), successful: z.number().int() });
const SMC_TABLES = ['age', 'pathology', 'teamLeads', 'motor'] as const;
const bySetting = <S extends z.ZodType>(value: S) =>
  z.strictObject(
    Object.fromEntries(ATTEMPT_SETTINGS.map((s) => [s, value])) as Record<(typeof ATTEMPT_SETTINGS)[number], S>,
  );

const smcItemSchema = z.strictObject({
  table: z.enum(SMC_TABLES),
  key: z.string(),
  label: z.string(),
  /** The catalogue skill a motor item counts; null for the contact tables. */
  skillId: z.string().nullable(),
  reference: z.string().nullable(),
  minimum: z.number().int(),
  /** Per-setting minimums (motor skills only; the program's own). */
  settingMinimums: z.partialRecord(z.enum(ATTEMPT_SETTINGS), z.number().int()),
  minimumSource: z.strictObject({ source: z.string(), confidence: z.enum(CONFIDENCE_LEVELS) }),
  /** Verified successes: what meets the minimum. */
  count: z.number().int(),
  attempted: z.number().int(),
  successful: z.number().int(),
  percentSuccessful: z.number().int().nullable(),
  met: z.boolean(),
  /** The student's own records no one has verified yet: shown apart, counted nowhere. */
  awaiting: tally,
  bySetting: bySetting(z.strictObject({ verified: tally, awaiting: tally })),
}) satisfies z.ZodType<SmcItem>;

/** GET /api/students/:id/smc: a student's SMC tables at their level. */
export const smcFiguresSchema = z.strictObject({
  level: z.enum(['emt', 'aemt', 'paramedic']),
  age: z.array(smcItemSchema),
  pathology: z.array(smcItemSchema),
  teamLeads: z.array(smcItemSchema),
  motor: z.array(smcItemSchema),
  contacts: z.strictObject({ verified: z.number().int(), awaiting: z.number().int() }),
}) satisfies z.ZodType<SmcFigures>;

/** GET /api/reports/smc: each student the caller sees, with their SMC figures. */
export const studentSmcRowSchema = z.strictObject({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  studentCode: z.string(),
  programId: z.string(),
  smc: smcFiguresSchema,
});

/** GET /api/annual-report/cohort-smc: a program's students' SMC figures and, per item, how many met it. */
export const cohortSmcAnswerSchema = z.strictObject({
  program: z.strictObject({ id: z.string(), name: z.string() }),
  filter: z.strictObject({
    from: z.string().nullable(),
    to: z.string().nullable(),
    setting: z.enum(ATTEMPT_SETTINGS).nullable(),
  }) satisfies z.ZodType<CohortSmcFilter>,
  students: z.array(
    z.strictObject({ studentId: z.string(), name: z.string(), studentCode: z.string(), smc: smcFiguresSchema }),
  ),
  items: z.array(
    z.strictObject({
      table: z.enum(SMC_TABLES),
      tableLabel: z.string(),
      key: z.string(),
      label: z.string(),
      reference: z.string().nullable(),
      minimum: z.number().int(),
      met: z.number().int(),
      notMet: z.number().int(),
    }) satisfies z.ZodType<CohortSmcItem>,
  ),
});
export type CohortSmcAnswer = z.infer<typeof cohortSmcAnswerSchema>;
