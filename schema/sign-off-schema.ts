/**
 * The zod schemas of a sign-off as a student's device sends it and of a preceptor's decision through their link. Apart
 * from the rules and content in sign-off.ts, so screens that only read sign-offs load no zod.
 */
import { z } from 'zod';

import { isoDateTime, refId, requiredText } from './common.ts';
import { ERR, MSG } from './messages.ts';
import {
  AFFECTIVE_ITEMS,
  isPlainLine,
  isPreceptorContact,
  PRECEPTOR_CREDENTIALS,
  sameName,
  SIGN_OFF_RECORD_KINDS,
} from './sign-off.ts';

const HASH = /^[0-9a-f]{64}$/;
const hash = () => z.string().regex(HASH, ERR.signOffAltered);
const rating = z.union([z.literal(0), z.literal(1), z.literal(2), z.null()], { error: MSG.rating });

/**
 * A drawn signature as strokes of whole-pixel x, y pairs (signature_pad's point groups without timing): compact and
 * redrawable. At most 6,000 numbers (about 30 KB of JSON), so a sign-off fits a queued mutation's room.
 */
const drawnSignatureSchema = z.object(
  {
    kind: z.literal('drawn').optional(),
    width: z.number().int().min(50).max(4000),
    height: z.number().int().min(50).max(4000),
    strokes: z
      .array(z.array(z.number().int().min(0).max(4000)).min(2).max(6000))
      .min(1, MSG.signatureRequired)
      .max(200)
      .refine((strokes) => strokes.reduce((n, s) => n + s.length, 0) <= 6000, MSG.signatureRequired),
  },
  { error: MSG.signatureRequired },
);

/** Student-typed text that may reach the preceptor's inbox or link page: one plain line. */
const plainLine = (required: string, max: number) => requiredText(required, max).refine(isPlainLine, MSG.plainLine);

/** The accessible alternative to drawing: the preceptor types their full name (checked against the name they gave). */
const typedSignatureSchema = z.object({
  kind: z.literal('typed'),
  name: requiredText(MSG.signatureRequired, 120),
});

export const signatureSchema = z.union([typedSignatureSchema, drawnSignatureSchema], { error: MSG.signatureRequired });

export const preceptorSchema = z.object({
  name: plainLine(MSG.preceptorNameRequired, 120),
  credential: z.enum(PRECEPTOR_CREDENTIALS, { error: MSG.credentialRequired }),
  number: plainLine(MSG.credentialNumberRequired, 40),
  agency: plainLine(MSG.agencyRequired, 160),
  contact: requiredText(MSG.preceptorContactRequired, 254).refine(isPreceptorContact, MSG.preceptorContactPlain),
});

export const cosignCodeSchema = z.string().regex(/^\d{6}$/, MSG.cosignCodeFormat);

/** What the student's device sends: the records by reference, the hashes it froze, and the preceptor's word. */
export const signOffSchema = z
  .object({
    id: z.uuid(),
    studentId: refId(MSG.studentRequired),
    records: z
      .array(z.object({ kind: z.enum(SIGN_OFF_RECORD_KINDS), id: refId(MSG.signOffRecordsRequired) }))
      .min(1, MSG.signOffRecordsRequired)
      .max(100),
    contentHash: hash(),
    previousHash: hash().nullable(),
    hash: hash(),
    deviceId: z.string().min(8).max(64),
    capturedAt: isoDateTime(),
    preceptor: preceptorSchema,
    attested: z.literal(true, { error: MSG.attestationRequired }),
    evaluation: z.partialRecord(z.enum(AFFECTIVE_ITEMS), rating).default({}),
    /** Team-lead contacts scored 0, 1 or 2 (or not scored), by contact id. */
    teamLeadScores: z.record(refId(ERR.signOffAltered), rating).default({}),
    signature: signatureSchema,
    /** The six-digit code a preceptor with an account read from their own phone (RFC 6238), if they gave one. */
    cosignCode: cosignCodeSchema.optional(),
  })
  .refine((s) => s.signature.kind !== 'typed' || sameName(s.signature.name, s.preceptor.name), {
    message: MSG.typedSignatureMismatch,
    path: ['signature'],
  });
export type SignOffArgs = z.output<typeof signOffSchema>;

/** Confirm or dispute through the preceptor's link. */
export const linkDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('confirm') }),
  z.object({ decision: z.literal('dispute'), reason: requiredText(ERR.disputeReasonRequired, 2000) }),
]);
