/**
 * The Reports tab's six CSV reports, built from the device's records. Each returns its columns (so an empty report
 * still has a header) and rows keyed by those columns. Figures use the shared progress and graduation rules.
 */
import { SKILL_STATUS_LABELS, type SkillStatus } from '#schema/enums.ts';
import { hoursRemaining } from '#schema/progress.ts';
import { requirementsMet } from '#schema/reports.ts';
import { byLevelThenSmcNumber } from '#schema/skill-order.ts';
import type { StudentSummary } from '#schema/student-summary.ts';
import type { DomainRows } from '#sync/client/db.ts';

import { domainOf } from '../ems-tracker/index.ts';
import { levelLabel } from './overview.ts';

type StudentRow = DomainRows['students'];
type SkillRow = DomainRows['skills'];
type ProgressRow = DomainRows['studentSkills'];

export interface ReportStudent {
  student: StudentRow;
  /** Progress, hours and the level's skills, by the shared summary rules. */
  summary: Pick<
    StudentSummary,
    | 'program'
    | 'level'
    | 'skillIds'
    | 'progressPercentage'
    | 'skillsCompleted'
    | 'totalSkills'
    | 'clinicalHours'
    | 'fieldHours'
    | 'totalHours'
    | 'requiredHours'
  >;
  /** The student's full progress records by skill id. */
  progress: ReadonlyMap<string, ProgressRow>;
}

export interface Report {
  fileName: string;
  columns: string[];
  rows: Record<string, string | number>[];
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const statusLabel = (p: ProgressRow | undefined) =>
  SKILL_STATUS_LABELS[(p?.status ?? 'not_started') as SkillStatus] ?? p?.status ?? '';
const name = (s: StudentRow) => `${s.firstName} ${s.lastName}`;
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const studentColumns = (s: ReportStudent) => ({
  Student: name(s.student),
  'Student ID': s.student.studentId,
  Level: levelLabel(s.summary.level ?? ''),
});

function levelSkillsOf(s: ReportStudent, skillById: ReadonlyMap<string, SkillRow>): SkillRow[] {
  return s.summary.skillIds
    .map((id) => skillById.get(id))
    .filter((k): k is SkillRow => !!k)
    .sort(byLevelThenSmcNumber);
}

export function individualStudentReport(s: ReportStudent, skills: readonly SkillRow[], today: string): Report {
  const skillById = new Map(skills.map((k) => [k.id, k]));
  const columns = [
    'Skill',
    'Domain',
    'SMC Matrix Number',
    'Status',
    'Progress %',
    'Attempts',
    'Successful Attempts',
    'Minimum Attempts',
    'Last Attempt Date',
    'Next Assessment Date',
    'Notes',
  ];
  const rows = levelSkillsOf(s, skillById).map((k) => {
    const p = s.progress.get(k.id);
    return {
      Skill: k.name,
      Domain: domainOf(k),
      'SMC Matrix Number': k.smcMatrixNumber ?? '',
      Status: statusLabel(p),
      'Progress %': p?.progressPercentage ?? 0,
      Attempts: p?.attempts ?? 0,
      'Successful Attempts': p?.successfulAttempts ?? 0,
      'Minimum Attempts': k.minimumAttempts,
      'Last Attempt Date': p?.lastAttemptDate ?? '',
      'Next Assessment Date': p?.nextAssessmentDate ?? '',
      Notes: p?.notes ?? '',
    };
  });
  return { fileName: `student-report-${slug(s.student.studentId)}-${today}.csv`, columns, rows };
}

export function cohortProgressReport(students: readonly ReportStudent[], today: string): Report {
  const columns = [
    'Student',
    'Student ID',
    'Level',
    'Program',
    'Overall Progress %',
    'Skills Completed',
    'Total Skills',
    'Clinical Hours',
    'Field Hours',
    'Required Hours',
    'Active',
  ];
  const rows = students.map((s) => ({
    ...studentColumns(s),
    Program: s.summary.program?.name ?? '',
    'Overall Progress %': s.summary.progressPercentage,
    'Skills Completed': s.summary.skillsCompleted,
    'Total Skills': s.summary.totalSkills,
    'Clinical Hours': s.summary.clinicalHours,
    'Field Hours': s.summary.fieldHours,
    'Required Hours': s.summary.requiredHours,
    Active: yesNo(s.student.isActive && !s.student.graduationDate),
  }));
  return { fileName: `cohort-progress-${today}.csv`, columns, rows };
}

/** Students by skills: each cell the student's status; empty where the skill is not of the student's level. */
export function competencyMatrixReport(
  students: readonly ReportStudent[],
  skills: readonly SkillRow[],
  today: string,
): Report {
  const skillById = new Map(skills.map((k) => [k.id, k]));
  const used = [...new Set(students.flatMap((s) => s.summary.skillIds))]
    .map((id) => skillById.get(id))
    .filter((k): k is SkillRow => !!k)
    .sort(byLevelThenSmcNumber);
  const header = new Map<string, string>();
  const taken = new Set(['Student', 'Student ID', 'Level']);
  for (const k of used) {
    const base = `${levelLabel(k.certificationLevel)}${k.smcMatrixNumber ? ` ${k.smcMatrixNumber}` : ''}: ${k.name}`;
    let label = base;
    for (let n = 2; taken.has(label); n++) label = `${base} (${n})`;
    taken.add(label);
    header.set(k.id, label);
  }
  const rows = students.map((s) => {
    const mine = new Set(s.summary.skillIds);
    const row: Record<string, string | number> = studentColumns(s);
    for (const k of used) row[header.get(k.id)!] = mine.has(k.id) ? statusLabel(s.progress.get(k.id)) : '';
    return row;
  });
  return { fileName: `competency-matrix-${today}.csv`, columns: [...taken], rows };
}

/** CoAEMSP SMC Table 2 (patient contacts by pathology): per skill, how many students of its level completed it. */
export function smcTable2Report(
  students: readonly ReportStudent[],
  skills: readonly SkillRow[],
  today: string,
): Report {
  const columns = [
    'Level',
    'SMC Matrix Number',
    'Pathology Category',
    'Skill',
    'Minimum',
    'Students at Level',
    'Students Completed',
    'Completion %',
  ];
  const skillSets = students.map((s) => ({ s, ids: new Set(s.summary.skillIds) }));
  const rows = skills
    .filter((k) => k.programType === 'ems' && k.smcPathologyCategory)
    .sort(byLevelThenSmcNumber)
    .map((k) => {
      const atLevel = skillSets.filter(({ ids }) => ids.has(k.id)).map(({ s }) => s);
      const completed = atLevel.filter((s) => s.progress.get(k.id)?.status === 'completed').length;
      return {
        Level: levelLabel(k.certificationLevel),
        'SMC Matrix Number': k.smcMatrixNumber ?? '',
        'Pathology Category': k.smcPathologyCategory!,
        Skill: k.name,
        Minimum: k.minimumAttempts,
        'Students at Level': atLevel.length,
        'Students Completed': completed,
        'Completion %': atLevel.length ? Math.round((completed / atLevel.length) * 100) : 0,
      };
    });
  return { fileName: `smc-table-2-${today}.csv`, columns, rows };
}

/** CoAEMSP SMC Table 3 (motor skills): each student's attempts and successes on each motor skill of their level. */
export function smcTable3Report(
  students: readonly ReportStudent[],
  skills: readonly SkillRow[],
  today: string,
): Report {
  const motor = skills.filter((k) => k.programType === 'ems' && k.smcMotorSkillName).sort(byLevelThenSmcNumber);
  const columns = [
    'Student',
    'Student ID',
    'Level',
    'SMC Matrix Number',
    'Motor Skill',
    'Minimum Attempts',
    'Attempts',
    'Successful Attempts',
    'Minimum Met',
  ];
  const rows = students.flatMap((s) => {
    const mine = new Set(s.summary.skillIds);
    return motor
      .filter((k) => mine.has(k.id))
      .map((k) => {
        const p = s.progress.get(k.id);
        const successful = p?.successfulAttempts ?? 0;
        return {
          ...studentColumns(s),
          'SMC Matrix Number': k.smcMatrixNumber ?? '',
          'Motor Skill': k.smcMotorSkillName!,
          'Minimum Attempts': k.minimumAttempts,
          Attempts: p?.attempts ?? 0,
          'Successful Attempts': successful,
          'Minimum Met': yesNo(successful >= k.minimumAttempts),
        };
      });
  });
  return { fileName: `smc-table-3-motor-skills-${today}.csv`, columns, rows };
}

/** Ready when every skill of the level is done and the program's hours are logged (the shared requirementsMet rule). */
export function graduationReadinessReport(students: readonly ReportStudent[], today: string): Report {
  const columns = [
    'Student',
    'Student ID',
    'Level',
    'Expected Graduation',
    'Overall Progress %',
    'Skills Completed',
    'Total Skills',
    'Hours Logged',
    'Required Hours',
    'Hours Remaining',
    'Ready',
  ];
  const rows = students.map((s) => {
    const ready = requirementsMet({
      overallProgress: s.summary.progressPercentage,
      hours: s.summary.totalHours,
      requiredHours: s.summary.requiredHours,
      enrollmentDate: s.student.enrollmentDate,
      expectedGraduation: s.student.expectedGraduation,
    });
    return {
      ...studentColumns(s),
      'Expected Graduation': s.student.expectedGraduation,
      'Overall Progress %': s.summary.progressPercentage,
      'Skills Completed': s.summary.skillsCompleted,
      'Total Skills': s.summary.totalSkills,
      'Hours Logged': s.summary.totalHours,
      'Required Hours': s.summary.requiredHours,
      'Hours Remaining': hoursRemaining(s.summary.totalHours, s.summary.requiredHours),
      Ready: yesNo(ready),
    };
  });
  return { fileName: `graduation-readiness-${today}.csv`, columns, rows };
}
