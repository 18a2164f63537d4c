/**
 * The judgement fields of a skill's summary that several devices may edit (status and progress overrides, notes, next
 * assessment date), and how their edits merge: by clock stamp, field by field. Kept free of zod, so the sync engine
 * that loads with the first screen can use them without loading every write's schema.
 */
import { mergeStamped, type StampsOf } from './field-stamps.ts';

export const ASSESSMENT_FIELDS = ['statusOverride', 'progressOverride', 'notes', 'nextAssessmentDate'] as const;
export type AssessmentField = (typeof ASSESSMENT_FIELDS)[number];
/** Who last set each judgement field, and when (the stamp). Kept on the skill's summary row. */
export type FieldStamps = StampsOf<AssessmentField>;

/**
 * Applies the judgement fields whose stamp is later than the one kept for that field (the later save wins, whenever
 * it arrives); the others are left as they are. Returns the fields to write, the stamps to keep and the fields whose
 * change lost to a later save (kept by the caller as superseded values, so what the user typed is not lost).
 */
export const mergeAssessment = <C extends Partial<Record<AssessmentField, unknown>>>(
  stamps: FieldStamps | null | undefined,
  changes: C,
  stamp: string,
  by: string,
) => mergeStamped(ASSESSMENT_FIELDS, stamps, changes, stamp, by);

/** One judgement field's change, as the skill's history shows it. */
export interface AssessmentChange {
  /** When the change was saved on its device (its clock stamp), else when it reached the server. */
  at: string;
  byName: string;
  field: AssessmentField;
  before: unknown;
  after: unknown;
  /** A save that lost to a later one on another device: `after` is what its user typed, `before` the value that stands. */
  superseded?: boolean;
}
