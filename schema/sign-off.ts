/**
 * Preceptor sign-off: the records of a shift frozen as canonical JSON, hashed, and signed on the student's device
 * (research/wave2-domain.md §1.3). The device and the server build the same canonical text from the same records, so
 * the server can recompute every hash: a record changed since, or a sign-off altered in transit, does not match.
 * Hashing itself is per side (Web Crypto on the device, node:crypto in the synchronous server transaction).
 */

export const SIGN_OFF_RECORD_KINDS = ['attempt', 'contact', 'hours'] as const;
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
  'link_confirmed',
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
  link_confirmed: 'Confirmed by link, awaiting a coordinator',
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
  confirmed:
    'The preceptor confirmed in the app, or through their link from an address the program knows (or a coordinator accepted the address)',
  accepted: 'A coordinator accepted the attested sign-off, with a note',
  awaiting: 'Signed on the student phone, the preceptor has not confirmed yet',
};
/**
 * States whose records count unless a program says otherwise: the preceptor's own word, by code or by confirmation. A
 * program that trusts its coordinators' acceptance of an attested sign-off adds "accepted".
 */
export const DEFAULT_COUNTED_STATES: readonly CountableState[] = ['code_verified', 'confirmed'];
const SIGN_OFF_VERIFIER = 'sign-off:';
/** The verifier an attempt carries while a sign-off in a counted state vouches for it (server and device alike). */
export const signOffVerifier = (signOffId: string) => `${SIGN_OFF_VERIFIER}${signOffId}`;

/**
 * Who vouches for an attempt, derived from scratch on the server and the device alike. A staff member's own word
 * stands whatever happens to sign-offs; otherwise a sign-off holding the attempt in a state the student's current
 * program counts: the one already vouching while it still counts (so its stamp keeps its time), else the first by id,
 * so two sides holding the same rows agree. No such sign-off: no one, and the attempt waits.
 */
export function attemptVerifier(
  current: string | null,
  holding: readonly { id: string; status: string }[],
  counted: readonly string[],
): string | null {
  if (current && !current.startsWith(SIGN_OFF_VERIFIER)) return current;
  const counting = holding
    .filter((s) => counted.includes(s.status))
    .map((s) => signOffVerifier(s.id))
    .sort();
  return current && counting.includes(current) ? current : (counting[0] ?? null);
}
/**
 * Which refused sign-off an hours entry nobody verified stands on (`refusedBy`, derived from scratch as the verifier
 * is): while every live sign-off holding it is rejected, the first of them by id, and its hours are "not verified:
 * refused" rather than awaiting anyone. A new sign-off of the entry, or staff asking the preceptor again, takes it back
 * to awaiting; a verifier takes it to verified.
 */
export function hoursRefuser(
  verifiedBy: string | null,
  holding: readonly { id: string; status: string }[],
): string | null {
  if (verifiedBy || holding.length === 0 || holding.some((s) => s.status !== 'rejected')) return null;
  return signOffVerifier(holding.map((s) => s.id).sort()[0]);
}
/** A preceptor contact or account e-mail as compared: sign-offs given in an account's name are matched on this. */
export const emailKey = (contactOrEmail: string) => contactOrEmail.trim().toLowerCase();

/**
 * One mailbox and nothing else: `local@domain`, no display name, comment, quotes, brackets or second address. What the
 * mailer would parse out of anything richer is not what a person reads, so only this plain form is taken.
 */
const PLAIN_MAILBOX =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i;
export const isPlainMailbox = (contact: string) => contact.length <= 254 && PLAIN_MAILBOX.test(contact);
/** A phone number as people write it: digits with spaces, dots, dashes or brackets, a leading + at most. */
const PHONE = /^\+?[0-9 ().-]+$/;
const isPhone = (contact: string) => PHONE.test(contact) && /^\d{7,15}$/.test(contact.replace(/\D/g, ''));
/** Whether a preceptor contact is one plain e-mail address or one phone number (device and server alike). */
export const isPreceptorContact = (contact: string) => isPlainMailbox(contact) || isPhone(contact);

/**
 * A mailbox as compared for "the same person": lower-case, sub-address (`+tag`) dropped, since `ana+x@` reaches `ana@`.
 */
export const mailboxKey = (email: string) => {
  const key = emailKey(email);
  const at = key.lastIndexOf('@');
  return at < 0 ? key : `${key.slice(0, at).split('+')[0]}@${key.slice(at + 1)}`;
};

const digitsOf = (contact: string) => contact.replace(/\D/g, '');

/**
 * Whether two contacts reach the same person, for "nobody signs their own records": e-mails in any case, phones by
 * their digits, one number with a country code or trunk prefix the other lacks ("+1 555-0100" and "555 0100").
 */
function sameContact(a: string, b: string): boolean {
  const [ka, kb] = [mailboxKey(a), mailboxKey(b)];
  if (ka.includes('@') || kb.includes('@')) return ka === kb;
  const [da, db] = [digitsOf(ka), digitsOf(kb)];
  if (da.length < 7 || db.length < 7) return ka === kb;
  return da.endsWith(db) || db.endsWith(da);
}

/** Whether a preceptor contact is one of these people's own e-mails or phones (blank ones are no one's). */
export const isOneOf = (contact: string, own: readonly (string | null | undefined)[]) =>
  own.some((c) => !!c && c.trim() !== '' && sameContact(c, contact));

/** Whether a sign-off was given in this account's name: the contact the preceptor wrote is the account's e-mail. */
export const namesAccount = (preceptor: { contact: string }, email: string) =>
  emailKey(preceptor.contact) === emailKey(email);

/** The state a sign-off shows: one awaiting its preceptor past the last link's expiry shows as expired. */
export const signOffState = (
  s: { status: string; linkExpiresAt: string | null },
  now: string = new Date().toISOString(),
): SignOffStatus =>
  (s.status === 'awaiting' && s.linkExpiresAt && s.linkExpiresAt <= now ? 'expired' : s.status) as SignOffStatus;

/** The queue's filter for the sign-offs `needsAttention` picks, next to the statuses. */
export const NEEDS_ATTENTION = 'attention';
export const NEEDS_ATTENTION_LABEL = 'Needs attention';
/** States only a coordinator moves on: a dispute, a change after signing, a confirmation by an unknown link. */
const COORDINATOR_STATES: readonly string[] = ['disputed', 'changed', 'link_confirmed'];
/** A coordinator's word settles a broken device chain: they looked, and accepted or rejected the sign-off. */
const SETTLED_STATES: readonly string[] = ['accepted', 'rejected'];

/**
 * Whether a sign-off waits on a coordinator (the verification queue opens on these, the menu counts them): a state
 * only they move on, a preceptor still awaited whose mail failed (so they have no link), or a broken device chain
 * (a sign-off of that device was deleted or never arrived) not yet settled by them.
 */
export const needsAttention = (s: {
  status: string;
  chainBroken: boolean;
  mailTries: number;
  mailFailure: string | null;
}) =>
  COORDINATOR_STATES.includes(s.status) ||
  (s.status === 'awaiting' && (s.mailTries > 0 || !!s.mailFailure)) ||
  (s.chainBroken && !SETTLED_STATES.includes(s.status));

/** States in which a record may not be put in another sign-off. */
export const HOLDING_STATES: readonly SignOffStatus[] = [
  'awaiting',
  'code_verified',
  'confirmed',
  'link_confirmed',
  'accepted',
];

/**
 * Text a student types that reaches someone else's inbox (the preceptor's name in the greeting): one line, no control
 * or invisible characters, nothing a mail reader would turn into a link.
 */
// control characters, line and paragraph separators, and the bidi overrides that reorder what is read (not every
// format character: joiners belong in some scripts' names)
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const LINK_LIKE =
  /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]+\.[a-z]{2,}\/|\b[a-z0-9-]+\.(com|net|org|info|io|ly|me|co|app|link|site|xyz|top|online|ru|cn)\b/i;
export const isPlainLine = (text: string) => !CONTROL.test(text) && !LINK_LIKE.test(text);

export const ATTESTATION =
  'I directly observed or supervised the student in the records above, and they are accurate to the best of my knowledge.';

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

/** A typed signature names the preceptor: the same words, whatever the case and spacing. */
export const sameName = (typed: string, given: string) => {
  const words = (name: string) => name.trim().toLowerCase().split(/\s+/).join(' ');
  return words(typed) === words(given);
};

/**
 * How the preceptor signed: drawn strokes (a sign-off stored before typed signatures has no `kind`), or their full
 * name typed with the attestation (for keyboard and screen-reader users). The hash covers it, kind and all.
 */
export type Signature =
  { kind?: 'drawn'; width: number; height: number; strokes: number[][] } | { kind: 'typed'; name: string };

/** What the sign-off's own hash covers: the content's hash, the device chain and everything the preceptor gave. */
/**
 * The fields of a sign-off its own hash covers, as sign-off-schema.ts's SignOffArgs carries them (stated here, since
 * that schema reads this file's rules and so cannot be imported back).
 */
interface HashedSignOff {
  contentHash: string;
  previousHash: string | null;
  deviceId: string;
  capturedAt: string;
  preceptor: { name: string; credential: string; number: string; agency: string; contact: string };
  evaluation: Partial<Record<string, 0 | 1 | 2 | null>>;
  teamLeadScores: Record<string, 0 | 1 | 2 | null>;
  signature: Signature;
  cosignCode?: string | undefined;
}

export const signOffContent = (s: HashedSignOff) =>
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
