/**
 * The report and dashboard calls' answers as zod schemas (the OpenAPI document and its test read them) and their
 * types. Apart from schema/reports.ts, whose rules the first screens import, so zod stays out of those screens.
 */
import { z } from 'zod';

import type { FieldTraining } from './dor-progress.ts';
import {
  COMPLIANCE_PRIORITIES,
  COMPLIANCE_STANDARDS,
  COMPLIANCE_STATUSES,
  CONFIDENCE_LEVELS,
  GRADUATION_STATUSES,
  type ProgramType,
  PROGRESS_REPORT_STATUSES,
} from './enums.ts';
import type { BookFigures } from './fire-task-book.ts';

/** A fire candidate's task book on the progress report: JPRs signed of those required, and where the book stands. */
const bookProgressSchema = z.strictObject({
  signed: z.number().int(),
  required: z.number().int(),
  state: z.enum(['started', 'verified', 'certified', 'not_started']) satisfies z.ZodType<BookFigures['state']>,
});

/** A police recruit's field training on the progress report (schema/dor-progress.ts fieldTrainingOf). */
const fieldTrainingSchema = z.strictObject({
  phase: z.number().int().nullable(),
  phases: z.number().int(),
  week: z.number().int().nullable(),
  share: z.number().nullable(),
  minShare: z.number().nullable(),
  mayAdvance: z.boolean(),
  signed: z.strictObject({ fto: z.number().int(), trainee: z.number().int(), supervisor: z.number().int() }),
}) satisfies z.ZodType<FieldTraining>;

export const progressReportSchema = z.strictObject({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  programId: z.string(),
  programName: z.string(),
  programType: z.string(),
  enrollmentDate: z.string(),
  expectedGraduation: z.string(),
  overallProgress: z.number(),
  skillsCompleted: z.number().int(),
  skillsTotal: z.number().int(),
  /** Attempts counting toward the minimums, and those logged but awaiting verification (never counted). */
  verifiedAttempts: z.number().int(),
  unverifiedAttempts: z.number().int(),
  /** Clinical + field hours (TOTAL_HOURS_LABEL). */
  clinicalHours: z.number(),
  requiredHours: z.number(),
  lastActivity: z.string().nullable(),
  status: z.enum(PROGRESS_REPORT_STATUSES),
  gpa: z.number().nullable(),
  /** A fire candidate's task book (schema/fire-task-book.ts candidateBooks); absent for other students. */
  taskBook: bookProgressSchema.optional(),
  /** A police recruit's Daily Observation Reports in figures; absent for other students. */
  fieldTraining: fieldTrainingSchema.optional(),
});
export type ProgressReport = z.infer<typeof progressReportSchema>;

export const programSummarySchema = z.strictObject({
  programId: z.string(),
  programName: z.string(),
  programType: z.string(),
  totalStudents: z.number().int(),
  averageProgress: z.number(),
  completionRate: z.number(),
  averageGPA: z.number().nullable(),
  onTrackStudents: z.number().int(),
  atRiskStudents: z.number().int(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

export const graduationCandidateSchema = z.strictObject({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  programName: z.string(),
  expectedGraduation: z.string(),
  daysRemaining: z.number().int(),
  overallProgress: z.number(),
  skillsCompleted: z.number().int(),
  skillsTotal: z.number().int(),
  /** Clinical + field hours (TOTAL_HOURS_LABEL). */
  clinicalHours: z.number(),
  requiredHours: z.number(),
  gpa: z.number().nullable(),
  status: z.enum(GRADUATION_STATUSES),
  remainingRequirements: z.array(z.string()),
  certificationsEarned: z.array(z.string()),
});
export type GraduationCandidate = z.infer<typeof graduationCandidateSchema>;

export const graduationStatsSchema = z.strictObject({
  totalCandidates: z.number().int(),
  readyToGraduate: z.number().int(),
  needsAttention: z.number().int(),
  onSchedule: z.number().int(),
  delayed: z.number().int(),
  /** FIGURES.graduatingThisMonth (schema/figures.ts). */
  thisMonthGraduates: z.number().int(),
});
export type GraduationStats = z.infer<typeof graduationStatsSchema>;

export const complianceRecordSchema = z.strictObject({
  id: z.string(),
  programName: z.string(),
  standardType: z.enum(COMPLIANCE_STANDARDS),
  requirement: z.string(),
  /** What the requirement asks, as the accreditation item or RAM area describes it. */
  description: z.string().nullable(),
  status: z.enum(COMPLIANCE_STATUSES),
  compliancePercentage: z.number(),
  lastReview: z.string().nullable(),
  nextReview: z.string().nullable(),
  responsiblePerson: z.string(),
  notes: z.string().nullable(),
  /** Where the requirement's wording comes from, and how far it can be trusted; null for figures computed here. */
  source: z.string().nullable(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  priority: z.enum(COMPLIANCE_PRIORITIES),
});
export type ComplianceRecord = z.infer<typeof complianceRecordSchema>;

export const complianceSummarySchema = z.strictObject({
  totalRequirements: z.number().int(),
  compliant: z.number().int(),
  atRisk: z.number().int(),
  nonCompliant: z.number().int(),
  pendingReview: z.number().int(),
  overallCompliance: z.number(),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

export const dashboardStatsSchema = z.strictObject({
  activeStudents: z.number().int(),
  pendingReviews: z.number().int(),
  /**
   * Two different figures (schema/figures.ts): staff get FIGURES.averageRequirementCompliance, a student
   * FIGURES.yourSkillProgress. The field keeps its name so answers saved on devices still read.
   */
  complianceRate: z.number(),
  graduations: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const activityEntrySchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  actorName: z.string(),
  command: z.string(),
  tableName: z.string(),
  recordId: z.string(),
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const deadlineSchema = z.strictObject({
  id: z.string(),
  date: z.string(),
  kind: z.enum(['assessment', 'graduation', 'accreditation']),
  title: z.string(),
  detail: z.string(),
});
export type Deadline = z.infer<typeof deadlineSchema>;

/** One week of GET /api/reports/progress-trend: average overall progress per program type (null with no students). */
export const progressTrendPointSchema = z.strictObject({
  /** The last day of the week, YYYY-MM-DD. */
  weekEnding: z.string(),
  averageProgress: z.strictObject({
    ems: z.number().nullable(),
    fire: z.number().nullable(),
    police: z.number().nullable(),
  }),
  students: z.strictObject({ ems: z.number().int(), fire: z.number().int(), police: z.number().int() }),
}) satisfies z.ZodType<{ averageProgress: Record<ProgramType, number | null>; students: Record<ProgramType, number> }>;
export type ProgressTrendPoint = z.infer<typeof progressTrendPointSchema>;

/** GET /api/reports/compliance-by-standard: the compliance summary of each standard's records. */
export const standardComplianceSchema = z.strictObject({
  standard: z.enum(COMPLIANCE_STANDARDS),
  summary: complianceSummarySchema,
});
export type StandardCompliance = z.infer<typeof standardComplianceSchema>;
