import type { AssessmentField } from '../../../schema/skill-attempt.ts';

/** What the screens call each judgement field. */
export const ASSESSMENT_FIELD_LABELS: Record<AssessmentField, string> = {
  statusOverride: 'Status',
  progressOverride: 'Progress %',
  notes: 'Notes',
  nextAssessmentDate: 'Next Assessment Date',
};
