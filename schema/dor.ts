/**
 * The police Daily Observation Report (DOR): one per trainee per shift, rating the program's categories 1-7 or with a
 * flag, then signed in order by the FTO (complete), the trainee (acknowledge) and a supervisor (review). The rules
 * here are the device's and the server's alike; kept free of zod, so screens that only read reports load none.
 * Scale, flags and comment rule: the Vermont CJTC DOR form and the San Jose model (api/seed/standards/dor.json).
 */
import { mergeStamped, type StampsOf } from './field-stamps.ts';
import { DOR_MSG } from './messages.ts';
import { sameName, type Signature } from './sign-off.ts';

export const DOR_SCORES = [1, 2, 3, 4, 5, 6, 7] as const;
/** Not Observed, Not Responding to Training, Remedial training. */
export const DOR_FLAGS = ['N.O.', 'NRT', 'REM'] as const;
export type DorRatingValue = (typeof DOR_SCORES)[number] | (typeof DOR_FLAGS)[number];
/** The lowest score that is acceptable ("able to work solo safely"). */
export const MINIMUM_ACCEPTABLE = 4;
/** The ratings the FTO must explain (dor.json `commentRequiredRatings` and `commentRequiredFlags`). */
export const COMMENT_REQUIRED: readonly DorRatingValue[] = [1, 2, 6, 7, 'NRT', 'REM'];
export const needsComment = (rating: DorRatingValue) => COMMENT_REQUIRED.includes(rating);

export interface DorRating {
  rating: DorRatingValue;
  comment: string | null;
}
export interface DorCategory {
  code: string;
  name: string;
  group: string;
}

/**
 * A program's advancement rule for an interval of training (weeks since the trainee's first report): the share of
 * rated categories that must be at least minimally acceptable. Default: Tampa FTEP's 25, 50, 75 and 100 % over the
 * 17-week San Jose cycle.
 */
export interface DorPhaseRule {
  fromWeek: number;
  toWeek: number;
  /** 0 to 1. */
  minShare: number;
}
const DEFAULT_DOR_PHASE_RULES: readonly DorPhaseRule[] = [
  { fromWeek: 1, toWeek: 4, minShare: 0.25 },
  { fromWeek: 5, toWeek: 8, minShare: 0.5 },
  { fromWeek: 9, toWeek: 12, minShare: 0.75 },
  { fromWeek: 13, toWeek: 17, minShare: 1 },
];
/** A program's advancement rules: its own, else the default. */
export const dorPhaseRulesOf = (program: { dorPhaseRules?: DorPhaseRule[] | null } | undefined) =>
  program?.dorPhaseRules ?? DEFAULT_DOR_PHASE_RULES;

/** The text fields of a report, each merged on its own clock stamp; `activityLog` is the trainee's. */
export const DOR_TEXT_FIELDS = [
  'shiftStart',
  'shiftEnd',
  'assignment',
  'noEvaluationReason',
  'narrative',
  'trainingPlan',
  'activityLog',
] as const;
export type DorTextField = (typeof DOR_TEXT_FIELDS)[number];
export const TRAINEE_FIELDS: readonly string[] = ['activityLog'];
/** A category's rating is merged on its own stamp too, under this field name. */
const ratingField = (code: string) => `rating:${code}`;
export const categoryOfField = (field: string) => (field.startsWith('rating:') ? field.slice(7) : null);

export type DorStamps = StampsOf<string>;

/** What one save changes: text fields, and ratings by category code. */
export type DorChanges = Partial<Record<DorTextField, string | null>> & { ratings?: Record<string, DorRating> };

/** The changes of a save as one flat list of merged fields: each text field, and `rating:<code>` per category. */
export function flatChanges(changes: DorChanges): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const field of DOR_TEXT_FIELDS) if (field in changes) flat[field] = changes[field] ?? null;
  for (const [code, rating] of Object.entries(changes.ratings ?? {})) flat[ratingField(code)] = rating;
  return flat;
}

/** A value one person saved that a later save of someone else stood over, whichever reached the server first. */
export interface DorSuperseded {
  field: string;
  value: unknown;
  /** Who saved it, and when (their save's clock stamp). */
  by: string;
  stamp: string;
  /** Whose later save stands. */
  overBy: string;
}
/** How many superseded values a report keeps (the latest): enough for any real shift, bounded against a flood. */
const SUPERSEDED_KEPT = 50;

type DorMergeable = Pick<DorState, 'ratings'> &
  Partial<Record<DorTextField, string | null>> & {
    fieldStamps?: DorStamps | null;
    superseded?: DorSuperseded[] | null;
  };

/** A field's value on the report: a text field, or a category's rating. */
function valueOf(dor: DorMergeable, field: string): unknown {
  const code = categoryOfField(field);
  return (code === null ? dor[field as DorTextField] : dor.ratings[code]) ?? null;
}
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One save merged into a report (the server's command and the device's mutator alike): each field takes the later
 * stamp; the value that loses, this save's or the one it replaces, when someone else saved it and it differs, is kept
 * in `superseded`. So two devices editing one narrative converge, in either order, on the same row: the later text
 * standing and the earlier one shown beside it.
 */
export function mergeDorSave(dor: DorMergeable | undefined, flat: Record<string, unknown>, stamp: string, by: string) {
  const stamps = dor?.fieldStamps ?? {};
  const merged = mergeStamped(Object.keys(flat), stamps, flat, stamp, by);
  const superseded = [...(dor?.superseded ?? [])];
  for (const field of merged.lost) {
    const standing = stamps[field]!;
    if (standing.by !== by && dor && !sameValue(valueOf(dor, field), flat[field]))
      superseded.push({ field, value: flat[field] ?? null, by, stamp, overBy: standing.by });
  }
  for (const field of Object.keys(merged.fields)) {
    const previous = stamps[field];
    if (previous && previous.by !== by && dor && !sameValue(valueOf(dor, field), flat[field]))
      superseded.push({ field, value: valueOf(dor, field), by: previous.by, stamp: previous.stamp, overBy: by });
  }
  return {
    ...dorPatch(dor?.ratings ?? {}, merged.fields),
    fieldStamps: merged.stamps,
    superseded: superseded.sort((a, b) => a.stamp.localeCompare(b.stamp)).slice(-SUPERSEDED_KEPT),
  };
}

/** The merged fields as the row's columns: text fields as they are, each category's rating into `ratings`. */
function dorPatch(ratings: Record<string, DorRating>, fields: Record<string, unknown>) {
  const patch: Partial<Record<DorTextField, string | null>> & { ratings?: Record<string, DorRating> } = {};
  for (const [field, value] of Object.entries(fields)) {
    const code = categoryOfField(field);
    if (code !== null) (patch.ratings ??= { ...ratings })[code] = value as DorRating;
    else patch[field as DorTextField] = value as string | null;
  }
  return patch;
}

/** A report's status: draft until the FTO completes it, then each signed step's. */
type DorStatus = 'draft' | 'completed' | 'acknowledged' | 'reviewed';
export const DOR_PHASES = ['complete', 'acknowledge', 'review'] as const;
export type DorPhase = (typeof DOR_PHASES)[number];
/** The status a report must be in for each phase, and the status signing it moves the report to. */
const PHASE_STEP: Record<DorPhase, { from: DorStatus; to: DorStatus; outOfOrder: string }> = {
  complete: { from: 'draft', to: 'completed', outOfOrder: DOR_MSG.alreadySigned },
  acknowledge: { from: 'completed', to: 'acknowledged', outOfOrder: DOR_MSG.mustComplete },
  review: { from: 'acknowledged', to: 'reviewed', outOfOrder: DOR_MSG.mustAcknowledge },
};
export const statusAfter = (phase: DorPhase) => PHASE_STEP[phase].to;
/** What each signer affirms by signing their step. */
export const DOR_AFFIRMATION: Record<DorPhase, string> = {
  complete: 'I observed this trainee on this shift and affirm this is my signature on these ratings.',
  acknowledge: 'I have read this report and affirm this is my signature; it does not mean I agree with every rating.',
  review: 'I have reviewed this report and affirm this is my signature.',
};

/**
 * Why a signature may not sign a step, or null: a typed signature is the signer's own full name (their account's),
 * whatever the case and spacing; a drawn one is theirs by their being signed in.
 */
export function signatureRefusal(signature: Signature, signer: { firstName: string; lastName: string }): string | null {
  const own = `${signer.firstName} ${signer.lastName}`;
  return signature.kind === 'typed' && !sameName(signature.name, own) ? DOR_MSG.typedNotSigner : null;
}

export interface DorPhaseSignature {
  by: string;
  at: string;
  signature: Signature;
}
/** The parts of a report its rules read (a row on the device or the server). */
export interface DorState {
  status: string;
  ftoId: string;
  assignment: string | null;
  noEvaluationReason: string | null;
  narrative: string | null;
  ratings: Record<string, DorRating>;
  signatures: Partial<Record<DorPhase, DorPhaseSignature>>;
}

/** The fields that stop changing once a step is signed: the FTO's at completion, the trainee's at acknowledgement. */
export function frozenField(status: string, field: string): boolean {
  const signedByFto = status !== 'draft';
  const signedByTrainee = status === 'acknowledged' || status === 'reviewed';
  return TRAINEE_FIELDS.includes(field) ? signedByTrainee : signedByFto;
}

/** Why a report is not ready for the FTO to complete it, or null: an evaluation rates every category. */
function incompleteReason(dor: DorState, categories: readonly DorCategory[]): string | null {
  if (dor.noEvaluationReason) return null;
  if (!dor.assignment) return DOR_MSG.assignmentRequired;
  const unrated = categories.filter((c) => !dor.ratings[c.code]).length;
  if (unrated > 0) return DOR_MSG.unrated(unrated);
  if (!dor.narrative) return DOR_MSG.narrativeRequired;
  return null;
}

/**
 * Why `actor` may not sign `phase` of the report, or null. Steps go in order (FTO, trainee, supervisor), and nobody
 * plays two parts: the trainee neither completes nor reviews their own report, only the trainee acknowledges it, and
 * the FTO who completed it does not review it. Permissions by role are the server's matrix, checked beside this.
 */
export function signRefusal(
  dor: DorState,
  phase: DorPhase,
  actorId: string,
  traineeUserId: string | null,
  categories: readonly DorCategory[],
): SignRefusal | null {
  const step = PHASE_STEP[phase];
  if (dor.signatures[phase]) return { kind: 'order', message: DOR_MSG.alreadySigned };
  if (dor.status !== step.from) return { kind: 'order', message: step.outOfOrder };
  const party = partyRefusal(dor, phase, actorId, traineeUserId);
  if (party) return { kind: 'party', message: party };
  const incomplete = phase === 'complete' ? incompleteReason(dor, categories) : null;
  return incomplete ? { kind: 'incomplete', message: incomplete } : null;
}
/** Out of order (or signed already), the wrong person for the step, or a report not ready to complete. */
export interface SignRefusal {
  kind: 'order' | 'party' | 'incomplete';
  message: string;
}

function partyRefusal(dor: DorState, phase: DorPhase, actorId: string, traineeUserId: string | null) {
  const isTrainee = actorId === traineeUserId;
  if (phase === 'acknowledge') return isTrainee ? null : DOR_MSG.onlyTrainee;
  if (isTrainee) return DOR_MSG.ownReport;
  return phase === 'review' && dor.signatures.complete?.by === actorId ? DOR_MSG.twoParts : null;
}
