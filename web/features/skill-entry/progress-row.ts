/**
 * The figures and judgement of one student's skill that the progress dialog and its tabs (assessment form, history)
 * show. Its own file so the dialog and its tabs need not import each other.
 */
import type { DomainRows } from '#sync/client/db.ts';

export type Progress = Partial<
  Pick<
    DomainRows['studentSkills'],
    | 'status'
    | 'progressPercentage'
    | 'attempts'
    | 'successfulAttempts'
    | 'pendingAttempts'
    | 'nextAssessmentDate'
    | 'notes'
    | 'statusOverride'
    | 'progressOverride'
    | 'fieldStamps'
  >
>;
