/**
 * The Reports tab's six CSV reports, built from the device's records; every SMC figure is the one model's
 * (schema/smc.ts), as the contact panel and the server show it. Each returns its columns (so an empty report
 * still has a header) and rows keyed by those columns. Figures use the shared progress and graduation rules.
 */
import {
  ATTEMPT_SETTING_LABELS,
  ATTEMPT_SETTINGS,
  CONFIDENCE_LABELS,
  SKILL_STATUS_LABELS,
  type SkillStatus,
} from '#schema/enums.ts';
import { hoursRemaining } from '#schema/progress.ts';
import { requirementsMet } from '#schema/reports.ts';
import { skillMinimum } from '#schema/skill-figures.ts';
import { byLevelThenSmcNumber } from '#schema/skill-order.ts';
import {
  isContactTableItem,
  type SmcFigures,
  type SmcItem,
  smcItems,
  smcTableLabel,
  smcTableLabelOf,
} from '#schema/smc.ts';
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

/** Every SMC item's figures as report columns, the same in each report that prints one (schema/smc.ts). */
const SMC_COLUMNS = [
  'Table',
  'Item',
  'SMC Matrix Number',
  'Minimum',
  'Minimum Source',
  'Minimum Confidence',
  'Count',
  'Attempted',
  'Successful',
  '% Successful',
  'Met',
  'Awaiting Verification',
  ...ATTEMPT_SETTINGS.flatMap((s) => [
    `${ATTEMPT_SETTING_LABELS[s]} Verified`,
    `${ATTEMPT_SETTING_LABELS[s]} Awaiting`,
  ]),
];

function smcColumns(item: SmcItem, level: string): Record<string, string | number> {
  const row: Record<string, string | number> = {
    Table: smcTableLabel(item.table, level),
    Item: item.label,
    'SMC Matrix Number': item.reference ?? '',
    Minimum: item.minimum,
    'Minimum Source': item.minimumSource.source,
    'Minimum Confidence': CONFIDENCE_LABELS[item.minimumSource.confidence],
    Count: item.count,
    Attempted: item.attempted,
    Successful: item.successful,
    '% Successful': item.percentSuccessful ?? '',
    Met: yesNo(item.met),
    'Awaiting Verification': item.awaiting.successful,
  };
  for (const s of ATTEMPT_SETTINGS) {
    row[`${ATTEMPT_SETTING_LABELS[s]} Verified`] = item.bySetting[s].verified.successful;
    row[`${ATTEMPT_SETTING_LABELS[s]} Awaiting`] = item.bySetting[s].awaiting.successful;
  }
  return row;
}

const OTHER_SKILLS = 'Other skills';

/**
 * One student: the four SMC tables (the one model's figures), then the other skills of their level with their status.
 * The catalogue's old contact-count items (T1, T2, team leads) are not listed: the contact tables count those.
 */
export function individualStudentReport(
  s: ReportStudent,
  skills: readonly SkillRow[],
  smc: SmcFigures,
  today: string,
): Report {
  const skillById = new Map(skills.map((k) => [k.id, k]));
  const columns = [
    ...SMC_COLUMNS,
    'Domain',
    'Status',
    'Progress %',
    'Last Attempt Date',
    'Next Assessment Date',
    'Notes',
  ];
  const skillColumns = (id: string | null) => {
    const p = id ? s.progress.get(id) : undefined;
    const k = id ? skillById.get(id) : undefined;
    return {
      Domain: k ? domainOf(k) : '',
      Status: k ? statusLabel(p) : '',
      'Progress %': k ? (p?.progressPercentage ?? 0) : '',
      'Last Attempt Date': p?.lastAttemptDate ?? '',
      'Next Assessment Date': p?.nextAssessmentDate ?? '',
      Notes: p?.notes ?? '',
    };
  };
  const smcRows = smcItems(smc).map((item) => ({ ...smcColumns(item, smc.level), ...skillColumns(item.skillId) }));
  const counted = new Set(smc.motor.map((i) => i.skillId));
  const otherRows = levelSkillsOf(s, skillById)
    .filter((k) => !counted.has(k.id) && !isContactTableItem(k))
    .map((k) => {
      const p = s.progress.get(k.id);
      const minimum = skillMinimum(s.summary.program?.skillMinimums, k).total;
      const row: Record<string, string | number> = Object.fromEntries(SMC_COLUMNS.map((c) => [c, '']));
      return Object.assign(row, {
        Table: OTHER_SKILLS,
        Item: k.name,
        'SMC Matrix Number': k.smcMatrixNumber ?? '',
        Minimum: minimum,
        Count: p?.successfulAttempts ?? 0,
        Attempted: p?.attempts ?? 0,
        Successful: p?.successfulAttempts ?? 0,
        Met: yesNo(p?.status === 'completed'),
        ...skillColumns(k.id),
      });
    });
  return {
    fileName: `student-report-${slug(s.student.studentId)}-${today}.csv`,
    columns,
    rows: [...smcRows, ...otherRows],
  };
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

/** One row per student and item of some SMC tables, from the one model (schema/smc.ts). */
function smcTableReport(
  students: readonly ReportStudent[],
  smcOf: ReadonlyMap<string, SmcFigures>,
  table: 'pathology' | 'motor',
  today: string,
): Report {
  const figures = students.flatMap((s) => {
    const smc = smcOf.get(s.student.id);
    return smc ? [{ s, smc }] : [];
  });
  const rows = figures.flatMap(({ s, smc }) =>
    smc[table].map((item) => ({ ...studentColumns(s), ...smcColumns(item, smc.level) })),
  );
  const title = smcTableLabelOf(
    table,
    figures.map(({ smc }) => smc.level),
  );
  return {
    fileName: `${fileStem(title)}-${today}.csv`,
    columns: ['Student', 'Student ID', 'Level', ...SMC_COLUMNS],
    rows,
  };
}

/** A file name from a table's title: an EMT cohort's file says what it holds, not an SMC table it is not. */
const fileStem = (title: string) =>
  title
    .toLowerCase()
    .replace(/^table/, 'smc-table')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** CoAEMSP SMC Table 2 (patient contacts by pathology): each student's verified contacts per category. */
export const smcTable2Report = (
  students: readonly ReportStudent[],
  smcOf: ReadonlyMap<string, SmcFigures>,
  today: string,
) => smcTableReport(students, smcOf, 'pathology', today);

/** CoAEMSP SMC Table 3 (motor skills): each student's attempts and successes on each motor skill of their level. */
export const smcTable3Report = (
  students: readonly ReportStudent[],
  smcOf: ReadonlyMap<string, SmcFigures>,
  today: string,
) => smcTableReport(students, smcOf, 'motor', today);

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
