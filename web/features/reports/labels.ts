/**
 * Display labels and badge tones of the report statuses. The status values come from schema/enums.ts; the labels are
 * the spec's filter texts (section 2).
 */
import {
  COMPLIANCE_PRIORITIES,
  COMPLIANCE_STATUSES,
  GRADUATION_STATUSES,
  PROGRAM_TYPE_LABELS,
  PROGRAM_TYPES,
  type ProgramType,
  PROGRESS_REPORT_STATUSES,
} from '#schema/enums.ts';
import type { CompliancePriority, ComplianceStatus, GraduationStatus, ProgressReportStatus } from '#schema/reports.ts';
import type { Tone } from '#web/lib/format.ts';

export const PROGRESS_STATUS_LABELS: Record<ProgressReportStatus, string> = {
  on_track: 'On Track',
  at_risk: 'At Risk',
  behind: 'Behind',
  completed: 'Completed',
};
export const PROGRESS_STATUS_TONES: Record<ProgressReportStatus, Tone> = {
  on_track: 'blue',
  at_risk: 'yellow',
  behind: 'red',
  completed: 'green',
};

export const COMPLIANCE_STATUS_LABELS: Record<ComplianceStatus, string> = {
  compliant: 'Compliant',
  at_risk: 'At Risk',
  non_compliant: 'Non-Compliant',
  pending_review: 'Pending Review',
};
export const COMPLIANCE_STATUS_TONES: Record<ComplianceStatus, Tone> = {
  compliant: 'green',
  at_risk: 'yellow',
  non_compliant: 'red',
  pending_review: 'slate',
};

export const PRIORITY_LABELS: Record<CompliancePriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };
export const PRIORITY_TONES: Record<CompliancePriority, Tone> = { high: 'red', medium: 'yellow', low: 'slate' };

export const GRADUATION_STATUS_LABELS: Record<GraduationStatus, string> = {
  ready: 'Ready to Graduate',
  on_track: 'On Track',
  needs_attention: 'Needs Attention',
  delayed: 'Delayed',
};
export const GRADUATION_STATUS_TONES: Record<GraduationStatus, Tone> = {
  ready: 'green',
  on_track: 'blue',
  needs_attention: 'yellow',
  delayed: 'red',
};

export const programTypeLabel = (type: string) => PROGRAM_TYPE_LABELS[type as ProgramType] ?? type;

/** Select options: an 'All' choice, then each value with its label. */
function withAll<V extends string>(
  allText: string,
  values: readonly V[],
  labels: Record<V, string>,
): [string, string][] {
  return [['all', allText], ...values.map((v): [string, string] => [v, labels[v]])];
}

export const PROGRAM_TYPE_OPTIONS = withAll('All', PROGRAM_TYPES, PROGRAM_TYPE_LABELS);
export const PROGRESS_STATUS_OPTIONS = withAll('All', PROGRESS_REPORT_STATUSES, PROGRESS_STATUS_LABELS);
export const COMPLIANCE_STATUS_OPTIONS = withAll('All Statuses', COMPLIANCE_STATUSES, COMPLIANCE_STATUS_LABELS);
export const PRIORITY_OPTIONS = withAll('All Priorities', COMPLIANCE_PRIORITIES, PRIORITY_LABELS);
export const GRADUATION_STATUS_OPTIONS = withAll('All Statuses', GRADUATION_STATUSES, GRADUATION_STATUS_LABELS);
