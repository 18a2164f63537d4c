/**
 * Preceptor sign-off: the records of a shift frozen as canonical JSON, hashed, and signed on the student's device
 * (research/wave2-domain.md §1.3). The device and the server build the same canonical text from the same records, so
 * the server can recompute every hash: a record changed since, or a sign-off altered in transit, does not match.
 * Hashing itself is per side (Web Crypto on the device, node:crypto in the synchronous server transaction).
 */
import { z } from 'zod';
import { isoDateTime, refId, requiredText } from './common.ts';
import { ERR, MSG } from './messages.ts';

const SIGN_OFF_RECORD_KINDS = ['attempt', 'contact', 'hours'] as const;
export type SignOffRecordKind = (typeof SIGN_OFF_RECORD_KINDS)[number];

export const PRECEPTOR_CREDENTIALS = ['EMR', 'EMT', 'AEMT', 'Paramedic', 'RN', 'MD/DO', 'PA', 'Other'] as const;

/** The CoAEMSP-derived professional-behaviour (affective) evaluation: 11 items, each 0, 1, 2 or not assessed. */
export const AFFECTIVE_ITEMS = [
  'Integrity',
  'Empathy',
  'Self-motivation',
  'Appearance and personal hygiene',
  'Self-confidence',
  'Communications',
  'Time management',
  'Teamwork and diplomacy',
  'Respect',
  'Patient advocacy',
  'Careful delivery of service',
] as const;

export const SIGN_OFF_STATUSES = [
  'awaiting',
  'code_verified',
  'confirmed',
  'accepted',
  'disputed',
  'rejected',
  'expired',
  'changed',
] as const;
export type SignOffStatus = (typeof SIGN_OFF_STATUSES)[number];
export const SIGN_OFF_STATUS_LABELS: Record<SignOffStatus, string> = {
  awaiting: 'Awaiting confirmation',
  code_verified: 'Verified by code',
  confirmed: 'Confirmed by preceptor',
  accepted: 'Accepted as attested',
  disputed: 'Disputed',
  rejected: 'Rejected',
  expired: 'Link expired',
  changed: 'Changed after signing',
};
/** The states a program may count toward its minimums (a sign-off in any other state never counts). */
export const COUNTABLE_STATES = ['code_verified', 'confirmed', 'accepted', 'awaiting'] as const;
export type CountableState = (typeof COUNTABLE_STATES)[number];
export const COUNTABLE_STATE_HINTS: Record<CountableState, string> = {
  code_verified: 'The preceptor gave the co-sign code from their own phone',
  confirmed: 'The preceptor confirmed through their link or in the app',
  accepted: 'A coordinator accepted the attested sign-off, with a note',
  awaiting: 'Signed on the student phone, the preceptor has not confirmed yet',
};
/**
 * States whose records count unless a program says otherwise: the preceptor's own word (code or confirmation), and a
 * coordinator's acceptance, which is a deliberate verification with a note.
 */
export const DEFAULT_COUNTED_STATES: readonly CountableState[] = ['code_verified', 'confirmed', 'accepted'];
/** A preceptor contact or account e-mail as compared: sign-offs given in an account's name are matched on this. */
export const emailKey = (contactOrEmail: string) => contactOrEmail.trim().toLowerCase();

/** Whether a sign-off was given in this account's name: the contact the preceptor wrote is the account's e-mail. */
export const namesAccount = (preceptor: { contact: string }, email: string) =>
  emailKey(preceptor.contact) === emailKey(email);

/** The state a sign-off shows: one awaiting its preceptor past the last link's expiry shows as expired. */
export const signOffState = (
  s: { status: string; linkExpiresAt: string | null },
  now: string = new Date().toISOString(),
): SignOffStatus =>
  (s.status === 'awaiting' && s.linkExpiresAt && s.linkExpiresAt <= now ? 'expired' : s.status) as SignOffStatus;

/** States in which a record may not be put in another sign-off. */
export const HOLDING_STATES: readonly SignOffStatus[] = ['awaiting', 'code_verified', 'confirmed', 'accepted'];

export const ATTESTATION =
  'I directly observed or supervised the student in the records above, and they are accurate to the best of my knowledge.';

const HASH = /^[0-9a-f]{64}$/;
const hash = () => z.string().regex(HASH, ERR.signOffAltered);
const rating = z.union([z.literal(0), z.literal(1), z.literal(2), z.null()], { error: MSG.rating });

/**
 * A drawn signature as strokes of whole-pixel x, y pairs (signature_pad's point groups without timing): compact and
 * redrawable. At most 6,000 numbers (about 30 KB of JSON), so a sign-off fits a queued mutation's room.
 */
const signatureSchema = z.object(
  {
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

export const preceptorSchema = z.object({
  name: requiredText(MSG.preceptorNameRequired, 120),
  credential: z.enum(PRECEPTOR_CREDENTIALS, { error: MSG.credentialRequired }),
  number: requiredText(MSG.credentialNumberRequired, 40),
  agency: requiredText(MSG.agencyRequired, 160),
  contact: requiredText(MSG.preceptorContactRequired, 254),
});

export const cosignCodeSchema = z.string().regex(/^\d{6}$/, MSG.cosignCodeFormat);

/** What the student's device sends: the records by reference, the hashes it froze, and the preceptor's word. */
export const signOffSchema = z.object({
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
});
export type SignOffArgs = z.output<typeof signOffSchema>;

/** JSON with every object's keys in order, so the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fields of each record a preceptor signs for: what happened, never who typed it or when it synced. */
export interface SignedRecords {
  attempts: readonly {
    id: string;
    skillId: string;
    attemptedAt: string;
    setting: string | null;
    outcome: string | null;
    participation: string | null;
    notes: string | null;
  }[];
  contacts: readonly {
    id: string;
    date: string;
    setting: string;
    ageYears: number;
    ageMonths: number;
    gender: string;
    chiefComplaints: readonly string[];
    primaryImpression: string;
    secondaryImpression: string | null;
    teamLead: boolean;
    careLevel: string;
    disposition: string;
    notes: string | null;
  }[];
  hours: readonly {
    id: string;
    date: string;
    startTime: string | null;
    endTime: string | null;
    hoursCompleted: number;
    hourType: string;
    unit: string | null;
    preceptorName: string | null;
    notes: string | null;
  }[];
}

const byId = <T extends { id: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

/** The frozen content: the student and each record's signed fields, records in id order within their kind. */
export function signedContent(studentId: string, records: SignedRecords): string {
  const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
  return canonicalJson({
    studentId,
    attempts: byId(records.attempts).map((r) =>
      pick(r, ['id', 'skillId', 'attemptedAt', 'setting', 'outcome', 'participation', 'notes']),
    ),
    contacts: byId(records.contacts).map((r) =>
      pick(r, [
        'id',
        'date',
        'setting',
        'ageYears',
        'ageMonths',
        'gender',
        'chiefComplaints',
        'primaryImpression',
        'secondaryImpression',
        'teamLead',
        'careLevel',
        'disposition',
        'notes',
      ]),
    ),
    hours: byId(records.hours).map((r) =>
      pick(r, ['id', 'date', 'startTime', 'endTime', 'hoursCompleted', 'hourType', 'unit', 'preceptorName', 'notes']),
    ),
  });
}

/** What the sign-off's own hash covers: the content's hash, the device chain and everything the preceptor gave. */
export const signOffContent = (s: Omit<SignOffArgs, 'hash' | 'records' | 'studentId' | 'id' | 'attested'>) =>
  canonicalJson({
    contentHash: s.contentHash,
    previousHash: s.previousHash,
    deviceId: s.deviceId,
    capturedAt: s.capturedAt,
    preceptor: s.preceptor,
    attestation: ATTESTATION,
    evaluation: s.evaluation,
    teamLeadScores: s.teamLeadScores,
    signature: s.signature,
    cosignCode: s.cosignCode,
  });

/** Confirm or dispute through the preceptor's link. */
export const linkDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('confirm') }),
  z.object({ decision: z.literal('dispute'), reason: requiredText(ERR.disputeReasonRequired, 2000) }),
]);
