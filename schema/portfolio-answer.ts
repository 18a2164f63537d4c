/**
 * GET /api/students/:id/portfolio as a strict zod schema: the portfolio (schema/portfolio.ts, kept free of zod like the
 * SMC it prints), its ready-to-graduate list and the attestation's state. Each part is checked against the type that
 * computes it (`satisfies`), and the OpenAPI test checks real answers against the whole.
 */
import { z } from 'zod';

import type { AttestationSignature } from './attestation.ts';
import { DOR_FLAGS, DOR_SCORES } from './dor.ts';
import type { Missing, Portfolio } from './portfolio.ts';
import { smcFiguresSchema } from './smc-answer.ts';

const ATTESTATION_ROLES = ['program_director', 'medical_director'] as const;
const hoursLine = z.strictObject({ label: z.string(), verified: z.number(), awaiting: z.number() });
const evaluation = z.strictObject({
  signOffId: z.string(),
  date: z.string(),
  preceptor: z.string(),
  scores: z.record(z.string(), z.number().nullable()),
});

const portfolioSchema = z.strictObject({
  student: z.strictObject({
    id: z.string(),
    name: z.string(),
    studentCode: z.string(),
    programId: z.string(),
    programName: z.string(),
  }),
  discipline: z.enum(['ems', 'fire', 'police']),
  smc: smcFiguresSchema,
  taskBook: z
    .strictObject({
      state: z.enum(['started', 'verified', 'certified', 'not_started']),
      stateLabel: z.string(),
      signed: z.number().int(),
      required: z.number().int(),
      jprs: z.array(
        z.strictObject({
          skillId: z.string(),
          reference: z.string(),
          name: z.string(),
          signed: z.boolean(),
          method: z.string().nullable(),
          evaluator: z.string().nullable(),
          date: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  dor: z
    .strictObject({
      phase: z.number().int().nullable(),
      phases: z.number().int(),
      week: z.number().int().nullable(),
      share: z.number().nullable(),
      minShare: z.number().nullable(),
      mayAdvance: z.boolean(),
      categories: z.array(
        z.strictObject({
          code: z.string(),
          name: z.string(),
          latest: z.union([z.literal(DOR_SCORES), z.enum(DOR_FLAGS)]).nullable(),
          mean: z.number().nullable(),
        }),
      ),
      weeks: z.array(z.strictObject({ week: z.number().int(), share: z.number().nullable() })),
      signed: z.strictObject({ fto: z.number().int(), trainee: z.number().int(), supervisor: z.number().int() }),
      toComplete: z.number().int(),
      toAcknowledge: z.number().int(),
      toReview: z.number().int(),
      neverScored: z.array(z.string()),
    })
    .nullable(),
  hours: z.strictObject({
    byType: z.array(hoursLine),
    bySite: z.array(hoursLine),
    verified: z.number(),
    awaiting: z.number(),
    rejected: z.number(),
  }),
  requiredHours: z.number().nullable(),
  affective: z.array(evaluation),
  teamLeads: z.array(evaluation),
  signOffs: z.array(
    z.strictObject({
      id: z.string(),
      capturedAt: z.string(),
      status: z.string(),
      preceptor: z.strictObject({ name: z.string(), credential: z.string(), agency: z.string() }),
      signature: z.strictObject({ kind: z.enum(['drawn', 'typed']), name: z.string().nullable() }),
      hash: z.string(),
      records: z.number().int(),
    }),
  ),
  documents: z.array(z.strictObject({ id: z.string(), name: z.string(), type: z.string(), uploadedAt: z.string() })),
}) satisfies z.ZodType<Portfolio>;

const attestationSignatureSchema = z.strictObject({
  role: z.enum(ATTESTATION_ROLES),
  roleLabel: z.string(),
  name: z.string(),
  signedAt: z.string(),
  contentHash: z.string(),
  exception: z.string().nullable(),
  changed: z.boolean(),
}) satisfies z.ZodType<AttestationSignature>;

/** The portfolio with what is short of ready, and who has signed it and whether the caller may sign now. */
export const portfolioAnswerSchema = portfolioSchema.extend({
  readiness: z.strictObject({
    ready: z.boolean(),
    missing: z.array(z.strictObject({ key: z.string(), text: z.string() }) satisfies z.ZodType<Missing>),
  }),
  attestation: z.strictObject({
    contentHash: z.string(),
    signatures: z.array(attestationSignatureSchema),
    /** What changed since the latest signature whose content differs from now. */
    changedAfter: z.array(z.string()),
    /** The role the caller would sign in, and whether the server would take their signature now. */
    yourRole: z.enum(ATTESTATION_ROLES).nullable(),
    canSign: z.boolean(),
    exceptionRequired: z.boolean(),
  }),
});
