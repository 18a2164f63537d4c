/**
 * Report rules shared by the server's reports and the app's screens: the shapes the report and dashboard calls
 * answer, progress and graduation status, compliance status and priority.
 * Dates are calendar days written YYYY-MM-DD (dates.ts); `today` is the day the figures are computed for.
 */
import { daysBetween } from './dates.ts';
import {
  COMPLIANCE_PRIORITIES,
  COMPLIANCE_STANDARDS,
  COMPLIANCE_STATUSES,
  GRADUATION_STATUSES,
  type ProgramType,
  PROGRESS_REPORT_STATUSES,
} from './enums.ts';
import type { Deadline } from './reports-answer.ts';

export type {
  ActivityEntry,
  ComplianceRecord,
  ComplianceSummary,
  DashboardStats,
  Deadline,
  GraduationCandidate,
  GraduationStats,
  ProgramSummary,
  ProgressReport,
  ProgressTrendPoint,
  StandardCompliance,
} from './reports-answer.ts';

export type ProgressReportStatus = (typeof PROGRESS_REPORT_STATUSES)[number];
export type GraduationStatus = (typeof GRADUATION_STATUSES)[number];
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export type CompliancePriority = (typeof COMPLIANCE_PRIORITIES)[number];
export type ComplianceStandard = (typeof COMPLIANCE_STANDARDS)[number];

/**
 * The name of a student's clinical and field hours added up: the total their program's required hours are measured
 * against, which reports must not call clinical hours alone.
 */
export const TOTAL_HOURS_LABEL = 'Clinical + field hours';

export type DeadlineKind = Deadline['kind'];

// ---- students ----

/** The spec's derived display status: a student with a graduation date is Graduated, else Active if isActive. */
export const isActiveStudent = (s: { isActive: boolean; graduationDate: string | null }) =>
  s.isActive && !s.graduationDate;

/**
 * Graduated within the period: the graduation date falls in it. One rule for the dashboard's Graduations (the
 * academic year) and the graduates in the Graduation report's month, so those are always among the year's.
 */
export const graduatedWithin = (s: { graduationDate: string | null }, period: { start: string; end: string }) =>
  !!s.graduationDate && s.graduationDate >= period.start && s.graduationDate <= period.end;

export interface ProgressFacts {
  overallProgress: number;
  hours: number;
  requiredHours: number;
  enrollmentDate: string;
  expectedGraduation: string;
}

/** Every skill of the level done and the program's hours logged. */
export const requirementsMet = (f: ProgressFacts) => f.overallProgress >= 100 && f.hours >= f.requiredHours;

/** Progress a student should have reached by `today`: the share of enrollment-to-graduation that has passed, 0-100. */
export function expectedProgress(enrollmentDate: string, expectedGraduation: string, today: string): number {
  const span = daysBetween(enrollmentDate, expectedGraduation);
  const elapsed = daysBetween(enrollmentDate, today);
  // a program that starts and ends on one day is fully due from that day on
  const share = span > 0 ? elapsed / span : elapsed >= 0 ? 1 : 0;
  return 100 * Math.min(1, Math.max(0, share));
}

/** Points below the expected progress a student may be and still count as on track, or as at risk. */
const ON_TRACK_MARGIN = 10;
const AT_RISK_MARGIN = 25;

export function progressStatus(f: ProgressFacts, today: string): ProgressReportStatus {
  if (requirementsMet(f)) return 'completed';
  const expected = expectedProgress(f.enrollmentDate, f.expectedGraduation, today);
  if (f.overallProgress >= expected - ON_TRACK_MARGIN) return 'on_track';
  if (f.overallProgress >= expected - AT_RISK_MARGIN) return 'at_risk';
  return 'behind';
}

export function graduationStatus(f: ProgressFacts, today: string): GraduationStatus {
  if (requirementsMet(f)) return 'ready';
  if (f.expectedGraduation < today) return 'delayed';
  const progress = progressStatus(f, today);
  return progress === 'at_risk' || progress === 'behind' ? 'needs_attention' : 'on_track';
}

// ---- compliance ----

/** The standards each program type's student competencies are tracked against (the skills' reference family). */
export const STANDARD_FAMILY_BY_PROGRAM_TYPE: Record<ProgramType, string> = {
  ems: 'CoAEMSP SMC',
  fire: 'NFPA 1001',
  police: 'POST',
};
/** Accreditation items not tied to one program apply to every EMS program (they are CoAEMSP's). */
export const ALL_EMS_PROGRAMS = 'All EMS programs';

/** CoAEMSP's resource-assessment threshold: a RAM area at 80% or more meets it; 70-79 needs watching. */
const RAM_COMPLIANT_PERCENT = 80;
const RAM_AT_RISK_PERCENT = 70;
/** Average progress of a program's active students: 80% or more compliant, 60-79 at risk. */
const COMPETENCY_COMPLIANT_PERCENT = 80;
const COMPETENCY_AT_RISK_PERCENT = 60;

export function ramComplianceStatus(percent: number, assessmentStatus: string): ComplianceStatus {
  if (percent >= RAM_COMPLIANT_PERCENT) return 'compliant';
  if (percent >= RAM_AT_RISK_PERCENT) return 'at_risk';
  return assessmentStatus === 'completed' ? 'non_compliant' : 'pending_review';
}

export function competencyComplianceStatus(percent: number): ComplianceStatus {
  if (percent >= COMPETENCY_COMPLIANT_PERCENT) return 'compliant';
  if (percent >= COMPETENCY_AT_RISK_PERCENT) return 'at_risk';
  return 'non_compliant';
}

/** An accreditation requirement's completion status as a compliance status and percentage. */
export function requirementCompliance(
  completionStatus: string,
  dueDate: string | null,
  today: string,
): { status: ComplianceStatus; compliancePercentage: number } {
  switch (completionStatus) {
    case 'completed':
      return { status: 'compliant', compliancePercentage: 100 };
    case 'in_progress':
      return { status: 'pending_review', compliancePercentage: 50 };
    case 'needs_improvement':
      return { status: 'at_risk', compliancePercentage: 50 };
    case 'overdue':
      return { status: 'non_compliant', compliancePercentage: 0 };
    default:
      return { status: dueDate && dueDate < today ? 'non_compliant' : 'pending_review', compliancePercentage: 0 };
  }
}

/** Days ahead within which a review makes a record high, or medium, priority. */
const HIGH_PRIORITY_DAYS = 30;
const MEDIUM_PRIORITY_DAYS = 90;

export function compliancePriority(
  status: ComplianceStatus,
  nextReview: string | null,
  today: string,
): CompliancePriority {
  const daysLeft = nextReview ? daysBetween(today, nextReview) : Infinity;
  if (status === 'non_compliant' || daysLeft <= HIGH_PRIORITY_DAYS) return 'high';
  if (status === 'at_risk' || daysLeft <= MEDIUM_PRIORITY_DAYS) return 'medium';
  return 'low';
}
