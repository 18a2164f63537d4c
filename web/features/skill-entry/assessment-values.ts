/** How a judgement field's value reads on screen (History, the notice of a change not kept). */
import type { AssessmentField } from '#schema/assessment-fields.ts';
import { SKILL_STATUS_LABELS, type SkillStatus } from '#schema/enums.ts';
import { formatDate } from '#web/lib/format.ts';

/** A judgement field's value as its form shows it: a status by its label, a date as dates are shown. */
export function shownValue(field: AssessmentField, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'cleared';
  if (field === 'statusOverride') return SKILL_STATUS_LABELS[value as SkillStatus] ?? String(value);
  if (field === 'progressOverride') return `${String(value)}%`;
  if (field === 'nextAssessmentDate') return formatDate(String(value));
  return String(value);
}
