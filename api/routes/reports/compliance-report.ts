/**
 * Compliance records and summary (GET /api/reports/compliance, /api/reports/compliance-summary).
 *
 * Rules:
 * - Accreditation requirement -> one CoAEMSP record: requirement = title; program = its program, else 'All EMS
 *   programs'. Status (percentage): completed -> compliant (100); in_progress -> pending_review (50);
 *   needs_improvement -> at_risk (50); overdue -> non_compliant (0); pending -> non_compliant (0) once its due date has
 *   passed, else pending_review (0). lastReview = completion day; nextReview = due date, else completion + 1 year for
 *   annual items. Responsible = label of the role required. Description, source and confidence = the requirement's;
 *   no notes.
 * - RAM assessments of the latest year present -> CoAEMSP 'RAM: <area>', percentage = the value chosen (0 if none):
 *   >= 80 compliant (CoAEMSP's resource-assessment threshold), >= 70 at_risk, below 70 non_compliant once assessed
 *   (status completed), else pending_review. lastReview = assessment day; nextReview = a year later. Responsible:
 *   Director. Description, source and confidence = the area's; notes = the improvement plan.
 * - Each program with visible students -> '<standard of its type>' 'Student competency tracking (<reference family>)',
 *   percentage = rounded mean progress of its active students: >= 80 compliant, >= 60 at_risk, else non_compliant;
 *   pending_review (0) with no active students. Responsible: the program director's name, else 'Director'.
 *   lastReview = the latest activity of those students. Notes = the number of active students; no description,
 *   source or confidence (the figure is computed here, from the records).
 * - Priority: high when non_compliant or the next review is within 30 days (or past); medium when at_risk or it is
 *   within 90 days; else low.
 * - Summary: counts per status; overallCompliance = rounded mean percentage of all records, 0 when there are none.
 * - By standard (GET /api/reports/compliance-by-standard): the summary of each standard's records, CoAEMSP, NFPA,
 *   POST in that order, each listed even without records (totalRequirements 0). The records carry only their
 *   current state (lastReview is the latest review, not a history), so there is no figure per past date.
 */
import type { StudentFigures } from '#api/domain/student-figures.ts';
import type { ProgramRow, StudentRow } from '#api/domain/student-summary.ts';
import { addYears } from '#schema/dates.ts';
import {
  COMPLIANCE_STANDARDS,
  type Confidence,
  type ProgramType,
  type Role,
  ROLE_LABELS,
  STANDARD_BY_PROGRAM_TYPE,
} from '#schema/enums.ts';
import { plural } from '#schema/plural.ts';
import {
  ALL_EMS_PROGRAMS,
  competencyComplianceStatus,
  compliancePriority,
  type ComplianceRecord,
  type ComplianceSummary,
  isActiveStudent,
  ramComplianceStatus,
  requirementCompliance,
  STANDARD_FAMILY_BY_PROGRAM_TYPE,
  type StandardCompliance,
} from '#schema/reports.ts';
import type * as t from '#schema/tables.ts';

export type RequirementRow = typeof t.accreditationRequirements.$inferSelect;
export type RamRow = typeof t.ramAssessments.$inferSelect;

export interface ComplianceInput {
  requirements: RequirementRow[];
  ramAssessments: RamRow[];
  programs: Map<string, ProgramRow>;
  /** Visible students, with their summaries. */
  students: StudentRow[];
  summaries: Map<string, StudentFigures>;
  /** Names of program directors, by user id. */
  userNames: Map<string, string>;
}

type Unprioritised = Omit<ComplianceRecord, 'priority'>;

const day = (value: string | null) => value?.slice(0, 10) ?? null;
const DIRECTOR = ROLE_LABELS.director;

export const programLabel = (programs: Map<string, ProgramRow>, programId: string | null) =>
  (programId && programs.get(programId)?.name) || ALL_EMS_PROGRAMS;

/** Only the standards seed writes an item's confidence, always one of CONFIDENCE_LEVELS. */
const provenance = (r: { source: string | null; confidence: string }) => ({
  source: r.source,
  confidence: r.confidence as Confidence,
});

function requirementRecord(r: RequirementRow, programs: Map<string, ProgramRow>, today: string): Unprioritised {
  const completedOn = day(r.completedAt);
  return {
    id: r.id,
    programName: programLabel(programs, r.programId),
    standardType: 'CoAEMSP',
    requirement: r.title,
    description: r.description,
    ...requirementCompliance(r.completionStatus, r.dueDate, today),
    lastReview: completedOn,
    nextReview: r.dueDate ?? (completedOn && r.frequency === 'annual' ? addYears(completedOn, 1) : null),
    responsiblePerson: r.roleRequired ? (ROLE_LABELS[r.roleRequired as Role] ?? r.roleRequired) : DIRECTOR,
    notes: null,
    ...provenance(r),
  };
}

function ramRecords(rows: RamRow[], programs: Map<string, ProgramRow>): Unprioritised[] {
  const latest = Math.max(...rows.map((r) => r.year));
  return rows
    .filter((r) => r.year === latest)
    .map((r) => {
      const percent = r.compliancePercentage ?? 0;
      const assessedOn = day(r.assessmentDate);
      return {
        id: r.id,
        programName: programLabel(programs, r.programId),
        standardType: 'CoAEMSP',
        requirement: `RAM: ${r.componentArea}`,
        description: r.componentDescription,
        status: ramComplianceStatus(percent, r.status),
        compliancePercentage: percent,
        lastReview: assessedOn,
        nextReview: assessedOn && addYears(assessedOn, 1),
        responsiblePerson: DIRECTOR,
        notes: r.improvementPlan,
        ...provenance(r),
      };
    });
}

function competencyRecord(program: ProgramRow, students: StudentRow[], input: ComplianceInput): Unprioritised {
  const active = students.filter(isActiveStudent);
  const progress = active.map((s) => input.summaries.get(s.id)?.progressPercentage ?? 0);
  const percent = active.length ? Math.round(progress.reduce((a, b) => a + b, 0) / active.length) : 0;
  const type = program.type as ProgramType;
  const lastActivity = active
    .map((s) => input.summaries.get(s.id)?.lastActivity ?? null)
    .reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null);
  return {
    id: `competency-${program.id}`,
    programName: program.name,
    standardType: STANDARD_BY_PROGRAM_TYPE[type] ?? 'CoAEMSP',
    requirement: `Student competency tracking (${STANDARD_FAMILY_BY_PROGRAM_TYPE[type] ?? type})`,
    description: null,
    status: active.length ? competencyComplianceStatus(percent) : 'pending_review',
    compliancePercentage: percent,
    lastReview: lastActivity,
    nextReview: null,
    responsiblePerson: (program.directorId && input.userNames.get(program.directorId)) || DIRECTOR,
    notes: plural(active.length, 'active student'),
    source: null,
    confidence: null,
  };
}

function competencyRecords(input: ComplianceInput): Unprioritised[] {
  const byProgram = new Map<string, StudentRow[]>();
  for (const s of input.students) byProgram.set(s.programId, [...(byProgram.get(s.programId) ?? []), s]);
  return [...byProgram]
    .flatMap(([programId, students]) => {
      const program = input.programs.get(programId);
      return program ? [competencyRecord(program, students, input)] : [];
    })
    .sort((a, b) => a.programName.localeCompare(b.programName));
}

export function complianceRecords(input: ComplianceInput, today: string): ComplianceRecord[] {
  return [
    ...input.requirements.map((r) => requirementRecord(r, input.programs, today)),
    ...(input.ramAssessments.length ? ramRecords(input.ramAssessments, input.programs) : []),
    ...competencyRecords(input),
  ].map((r) => ({ ...r, priority: compliancePriority(r.status, r.nextReview, today) }));
}

export function complianceSummary(records: ComplianceRecord[]): ComplianceSummary {
  const count = (status: string) => records.filter((r) => r.status === status).length;
  const total = records.reduce((sum, r) => sum + r.compliancePercentage, 0);
  return {
    totalRequirements: records.length,
    compliant: count('compliant'),
    atRisk: count('at_risk'),
    nonCompliant: count('non_compliant'),
    pendingReview: count('pending_review'),
    overallCompliance: records.length ? Math.round(total / records.length) : 0,
  };
}

export function complianceByStandard(records: ComplianceRecord[]): StandardCompliance[] {
  return COMPLIANCE_STANDARDS.map((standard) => ({
    standard,
    summary: complianceSummary(records.filter((r) => r.standardType === standard)),
  }));
}
