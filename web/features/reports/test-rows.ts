/** Report answers for the tests, in the shapes the report endpoints give. */
import type {
  ComplianceRecord,
  ComplianceSummary,
  GraduationCandidate,
  GraduationStats,
  ProgramSummary,
  ProgressReport,
} from '#schema/reports.ts';

import type { StandardCompliance } from './compliance-rules.ts';
import type { ProgressTrendPoint } from './progress-rules.ts';

export function progressReport(
  over: Partial<ProgressReport> & Pick<ProgressReport, 'id' | 'studentName' | 'studentId'>,
): ProgressReport {
  return {
    programId: 'p-ems',
    programName: 'Paramedic 2026',
    programType: 'ems',
    enrollmentDate: '2026-01-05',
    expectedGraduation: '2026-12-18',
    overallProgress: 50,
    skillsCompleted: 10,
    skillsTotal: 40,
    verifiedAttempts: 30,
    unverifiedAttempts: 0,
    clinicalHours: 24,
    requiredHours: 48,
    lastActivity: '2026-06-30',
    status: 'on_track',
    gpa: 3.2,
    ...over,
  };
}

export function programSummary(
  over: Partial<ProgramSummary> & Pick<ProgramSummary, 'programId' | 'programName'>,
): ProgramSummary {
  return {
    programType: 'ems',
    totalStudents: 2,
    averageProgress: 61,
    completionRate: 50,
    averageGPA: 3.45,
    onTrackStudents: 1,
    atRiskStudents: 1,
    ...over,
  };
}

export function trendPoint(
  weekEnding: string,
  ems: number | null,
  fire: number | null,
  students = { ems: 2, fire: 1, police: 0 },
): ProgressTrendPoint {
  return { weekEnding, averageProgress: { ems, fire, police: null }, students };
}

export function complianceRecord(
  over: Partial<ComplianceRecord> & Pick<ComplianceRecord, 'id' | 'requirement'>,
): ComplianceRecord {
  return {
    programName: 'All EMS programs',
    standardType: 'CoAEMSP',
    description: null,
    status: 'pending_review',
    compliancePercentage: 0,
    lastReview: null,
    nextReview: null,
    responsiblePerson: 'Director',
    notes: null,
    source: null,
    confidence: null,
    priority: 'low',
    ...over,
  };
}

export const complianceSummaryOf = (over: Partial<ComplianceSummary> = {}): ComplianceSummary => ({
  totalRequirements: 3,
  compliant: 1,
  atRisk: 1,
  nonCompliant: 0,
  pendingReview: 1,
  overallCompliance: 58,
  ...over,
});

export const byStandard = (coaemsp: number, nfpa: number | null): StandardCompliance[] => [
  { standard: 'CoAEMSP', summary: complianceSummaryOf({ overallCompliance: coaemsp }) },
  {
    standard: 'NFPA',
    summary: complianceSummaryOf(
      nfpa === null
        ? { totalRequirements: 0, compliant: 0, atRisk: 0, pendingReview: 0, overallCompliance: 0 }
        : { overallCompliance: nfpa },
    ),
  },
  {
    standard: 'POST',
    summary: complianceSummaryOf({
      totalRequirements: 0,
      compliant: 0,
      atRisk: 0,
      pendingReview: 0,
      overallCompliance: 0,
    }),
  },
];

export function candidate(
  over: Partial<GraduationCandidate> & Pick<GraduationCandidate, 'id' | 'studentName' | 'studentId'>,
): GraduationCandidate {
  return {
    programName: 'Paramedic 2026',
    expectedGraduation: '2026-12-18',
    daysRemaining: 170,
    overallProgress: 60,
    skillsCompleted: 20,
    skillsTotal: 40,
    clinicalHours: 30,
    requiredHours: 48,
    gpa: 3.5,
    status: 'on_track',
    remainingRequirements: [],
    certificationsEarned: [],
    ...over,
  };
}

export const graduationStatsOf = (over: Partial<GraduationStats> = {}): GraduationStats => ({
  totalCandidates: 3,
  readyToGraduate: 1,
  needsAttention: 1,
  onSchedule: 1,
  delayed: 0,
  thisMonthGraduates: 2,
  ...over,
});
