/** What the report screen shows and sends: labels, the changes of a save, the step a user may sign next. */
import {
  categoryOfField,
  DOR_FLAGS,
  DOR_PHASES,
  DOR_SCORES,
  DOR_TEXT_FIELDS,
  type DorCategory,
  type DorChanges,
  type DorPhase,
  type DorRating,
  type DorState,
  type DorTextField,
  frozenField,
  signRefusal,
  TRAINEE_FIELDS,
} from '#schema/dor.ts';
import type { DomainRows } from '#sync/client/db.ts';

export type DorRow = DomainRows['dors'];

export const DOR_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft: FTO writing',
  completed: 'Completed: awaiting trainee',
  acknowledged: 'Acknowledged: awaiting review',
  reviewed: 'Reviewed',
};
export const DOR_STEP_LABELS: Record<DorPhase, string> = {
  complete: 'Complete the report (FTO)',
  acknowledge: 'Acknowledge the report (trainee)',
  review: 'Review the report (supervisor)',
};
export const DOR_SIGNED_LABELS: Record<DorPhase, string> = {
  complete: 'Completed',
  acknowledge: 'Acknowledged',
  review: 'Reviewed',
};
export const DOR_SIGN_BUTTONS: Record<DorPhase, string> = {
  complete: 'Complete and sign',
  acknowledge: 'Acknowledge and sign',
  review: 'Review and sign',
};
export const DOR_FIELD_LABELS: Record<DorTextField, string> = {
  shiftStart: 'Shift start',
  shiftEnd: 'Shift end',
  assignment: 'Assignment',
  noEvaluationReason: 'Reason for no evaluation',
  narrative: 'Narrative',
  trainingPlan: "Tomorrow's training plan",
  activityLog: 'Activity log (trainee)',
};
export const RATING_OPTIONS: readonly (readonly [string, string])[] = [
  ...DOR_SCORES.map((s) => [String(s), String(s)] as const),
  ...DOR_FLAGS.map((f) => [f, f] as const),
];

/** A field's name as the screen says it: a text field's label, or the category's name. */
export function fieldLabel(field: string, categories: readonly DorCategory[]): string {
  const code = categoryOfField(field);
  if (code === null) return DOR_FIELD_LABELS[field as DorTextField] ?? field;
  return categories.find((c) => c.code === code)?.name ?? code;
}

/**
 * A superseded value as the report shows it: a text field's text, a category's rating with its comment ("2: Left out
 * the second driver"), or that the field was cleared.
 */
export function supersededText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'rating' in value) {
    const { rating, comment } = value as DorRating;
    return comment ? `${rating}: ${comment}` : String(rating);
  }
  return '(cleared)';
}

/** A rating's value as the form holds it (text), and back. */
export const ratingValue = (text: string): DorRating['rating'] =>
  (/^\d$/.test(text) ? Number(text) : text) as DorRating['rating'];

export interface DorFormValues {
  text: Record<DorTextField, string>;
  ratings: Record<string, { rating: string; comment: string }>;
}

export function formValuesOf(dor: DorRow | undefined, categories: readonly DorCategory[]): DorFormValues {
  return {
    text: Object.fromEntries(DOR_TEXT_FIELDS.map((f) => [f, dor?.[f] ?? ''])) as Record<DorTextField, string>,
    ratings: Object.fromEntries(
      categories.map((c) => {
        const r = dor?.ratings[c.code];
        return [c.code, { rating: r ? String(r.rating) : '', comment: r?.comment ?? '' }];
      }),
    ),
  };
}

/** The fields a user may change on this report now: the trainee theirs until acknowledged, staff the rest until completed. */
export function editableFields(dor: DorRow | undefined, isTrainee: boolean): (field: string) => boolean {
  return (field) => TRAINEE_FIELDS.includes(field) === isTrainee && !(dor && frozenField(dor.status, field));
}

/** What a save sends: only the fields that differ from the report as it stands, and that this user may change. */
export function changesOf(
  before: DorFormValues,
  after: DorFormValues,
  editable: (field: string) => boolean,
): DorChanges {
  const changes: DorChanges = {};
  for (const field of DOR_TEXT_FIELDS) {
    const value = after.text[field].trim();
    if (editable(field) && value !== before.text[field].trim()) changes[field] = value || null;
  }
  for (const [code, r] of Object.entries(after.ratings)) {
    const was = before.ratings[code];
    if (!r.rating || !editable(`rating:${code}`)) continue;
    if (r.rating === was?.rating && r.comment.trim() === was.comment.trim()) continue;
    (changes.ratings ??= {})[code] = { rating: ratingValue(r.rating), comment: r.comment.trim() || null };
  }
  return changes;
}

/** The step this user may sign next on the report, if any (the server's rule; the role matrix checked by the caller). */
export function nextStep(
  dor: DorRow,
  userId: string,
  traineeUserId: string | null,
  categories: readonly DorCategory[],
): { phase: DorPhase; refusal: string | null } | null {
  for (const phase of DOR_PHASES) {
    const refusal = signRefusal(dor as DorState, phase, userId, traineeUserId, categories);
    if (refusal === null) return { phase, refusal: null };
    // the step that is due, but not yet ready (a category unrated): shown with the reason
    if (refusal.kind === 'incomplete') return { phase, refusal: refusal.message };
  }
  return null;
}
