import { describe, expect, it } from 'vitest';

import { toCsv } from '#schema/csv.ts';
import { DEFAULT_CONTACT_RULES } from '#schema/patient-contact.ts';
import { studentSmc } from '#schema/smc.ts';
import { programRow, progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';

import {
  cohortProgressReport,
  competencyMatrixReport,
  graduationReadinessReport,
  individualStudentReport,
  type ReportStudent,
  smcTable2Report,
  smcTable3Report,
} from './reports.ts';

const TODAY = '2026-11-21';
const skills = [
  skillRow('emt-b', {
    name: 'Insert OPA',
    certificationLevel: 'emt',
    smcMotorSkillName: 'Airway adjunct',
    minimumAttempts: 2,
  }),
  skillRow('emt-a', { name: 'Assess vitals', certificationLevel: 'emt', competencyDomain: 'Patient Assessment' }),
  skillRow('pm-1', {
    name: 'Pediatric patients',
    certificationLevel: 'paramedic',
    smcMatrixNumber: 'T1-10',
    smcPathologyCategory: 'Pediatric',
  }),
  skillRow('pm-2', {
    name: 'Trauma patients',
    certificationLevel: 'paramedic',
    smcMatrixNumber: 'T1-2',
    smcPathologyCategory: 'Trauma',
  }),
  skillRow('pm-3', {
    name: 'IV access',
    certificationLevel: 'paramedic',
    smcMatrixNumber: 'T3-1',
    smcMotorSkillName: 'IV access',
    minimumAttempts: 3,
  }),
];

function reportStudent(
  id: string,
  level: string,
  progress: ReturnType<typeof progressRow>[],
  over: Partial<ReportStudent['summary']> = {},
  student = {},
): ReportStudent {
  const skillIds = skills.filter((k) => k.certificationLevel === level).map((k) => k.id);
  return {
    student: studentRow(id, { firstName: 'Ana', lastName: id, emsCertificationLevel: level, ...student }),
    summary: {
      program: programRow('p1', { name: 'Paramedic 2026' }),
      level,
      skillIds,
      progressPercentage: 0,
      skillsCompleted: 0,
      totalSkills: skillIds.length,
      clinicalHours: 0,
      fieldHours: 0,
      totalHours: 0,
      requiredHours: 100,
      ...over,
    },
    progress: new Map(progress.map((p) => [p.skillId, p])),
  };
}

const emt = reportStudent(
  'Emt',
  'emt',
  [
    progressRow('Emt', 'emt-b', {
      status: 'completed',
      progressPercentage: 100,
      attempts: 3,
      successfulAttempts: 2,
      notes: 'good',
    }),
  ],
  { progressPercentage: 50, skillsCompleted: 1, clinicalHours: 20, fieldHours: 5, totalHours: 25, requiredHours: 48 },
);
const medic = reportStudent(
  'Medic',
  'paramedic',
  [
    progressRow('Medic', 'pm-1', { status: 'completed', progressPercentage: 100 }),
    progressRow('Medic', 'pm-3', { status: 'in_progress', attempts: 4, successfulAttempts: 3 }),
  ],
  { progressPercentage: 100, skillsCompleted: 3, totalHours: 480, requiredHours: 480 },
);
const medic2 = reportStudent('Other', 'paramedic', [], {}, { isActive: false });

/** The Medic's SMC, worked by hand: 2 verified trauma contacts (field, clinical) and one awaiting; IV 3 of 4. */
const contact = (setting: string, verified: boolean, primaryImpression = 'Trauma-Head') => ({
  setting,
  ageYears: 40,
  ageMonths: 0,
  primaryImpression,
  teamLead: false,
  verifiedBy: verified ? 'staff' : null,
});
const ivAttempt = (id: string, setting: string, outcome: string, verified = true) => ({
  id,
  skillId: 'pm-3',
  kind: 'attempt',
  setting,
  outcome,
  participation: 'performed',
  attemptsDelta: 1,
  successfulDelta: outcome === 'successful' ? 1 : 0,
  attemptedAt: '2026-10-01T10:00:00Z',
  verifiedBy: verified ? 'staff' : null,
});
const medicSmc = studentSmc({
  student: medic.student,
  program: programRow('p1', { type: 'ems', certificationLevel: 'paramedic' }),
  skills,
  contacts: [contact('field', true), contact('clinical', true), contact('field', false)],
  attempts: [
    ivAttempt('a1', 'lab', 'successful'),
    ivAttempt('a2', 'lab', 'successful'),
    ivAttempt('a3', 'clinical', 'successful'),
    ivAttempt('a4', 'clinical', 'unsuccessful'),
    ivAttempt('a5', 'clinical', 'successful', false),
  ],
  voidedAttemptIds: new Set(),
});
const emtSmc = studentSmc({
  student: emt.student,
  program: programRow('p1', { type: 'ems', certificationLevel: 'emt' }),
  skills,
  contacts: [],
  attempts: [],
  voidedAttemptIds: new Set(),
});
const smcOf = new Map([
  [medic.student.id, medicSmc],
  [emt.student.id, emtSmc],
]);

describe('individual student report', () => {
  it("prints the student's SMC tables by setting, then their other skills; never the old T1/T2 items", () => {
    const report = individualStudentReport(medic, skills, medicSmc, TODAY);
    expect(report.fileName).toBe('student-report-stu-medic-2026-11-21.csv');
    const trauma = report.rows.find((r) => r.Table === 'Table 2: Pathologies' && r.Item === 'Trauma');
    expect(trauma).toMatchObject({
      Minimum: 27,
      Count: 2,
      Met: 'No',
      'Awaiting Verification': 1,
      'Field Verified': 1,
      'Field Awaiting': 1,
      'Clinical Verified': 1,
      'Minimum Confidence': 'Unverified – check before relying on it',
    });
    expect(String(trauma?.['Minimum Source'])).toMatch(/^Program-set default/);
    expect(report.rows.find((r) => r.Item === 'Establish IV access' || r.Item === 'IV access')).toMatchObject({
      Table: 'Table 3: Motor skills',
      'SMC Matrix Number': 'T3-1',
      Minimum: 3,
      Count: 3,
      Attempted: 4,
      Successful: 3,
      '% Successful': 75,
      Met: 'Yes',
      'Lab Verified': 2,
      'Clinical Verified': 1,
      'Clinical Awaiting': 1,
      Status: 'In Progress',
    });
    expect(report.rows.some((r) => r.Item === 'Trauma patients' || r.Item === 'Pediatric patients')).toBe(false);
    for (const row of report.rows) expect(Object.keys(row)).toEqual(report.columns);
  });

  it('lists the other skills of the level with their status, a missing record as not started', () => {
    const report = individualStudentReport(emt, skills, emtSmc, TODAY);
    expect(report.rows.filter((r) => r.Table === 'Other skills')).toEqual([
      expect.objectContaining({ Item: 'Assess vitals', Domain: 'Patient Assessment', Status: 'Not Started', Count: 0 }),
    ]);
    // an EMT's skills table by the level's own title: "Table 3" is the paramedic SMC's
    expect(report.rows.find((r) => r.Item === 'Airway adjunct')).toMatchObject({
      Table: 'Skills (program-set minimums)',
      Status: 'Completed',
      Notes: 'good',
    });
  });
});

describe('cohort progress report', () => {
  it('has one row per student with progress, skills and hours', () => {
    const report = cohortProgressReport([emt, medic2], TODAY);
    expect(report.rows).toEqual([
      {
        Student: 'Ana Emt',
        'Student ID': 'STU-Emt',
        Level: 'EMT',
        Program: 'Paramedic 2026',
        'Overall Progress %': 50,
        'Skills Completed': 1,
        'Total Skills': 2,
        'Clinical Hours': 20,
        'Field Hours': 5,
        'Required Hours': 48,
        Active: 'Yes',
      },
      expect.objectContaining({ Student: 'Ana Other', Level: 'Paramedic', Active: 'No' }),
    ]);
  });

  it('keeps its header with no students', () => {
    const report = cohortProgressReport([], TODAY);
    expect(toCsv(report.rows, report.columns)).toBe(report.columns.join(','));
  });
});

describe('competency matrix report', () => {
  it("has a column per skill of the students' levels and each student's status, empty where not their level", () => {
    const report = competencyMatrixReport([emt, medic], skills, TODAY);
    expect(report.columns).toEqual([
      'Student',
      'Student ID',
      'Level',
      'EMT: Assess vitals',
      'EMT: Insert OPA',
      'Paramedic T1-2: Trauma patients',
      'Paramedic T1-10: Pediatric patients',
      'Paramedic T3-1: IV access',
    ]);
    expect(report.rows[0]).toMatchObject({
      'EMT: Insert OPA': 'Completed',
      'EMT: Assess vitals': 'Not Started',
      'Paramedic T3-1: IV access': '',
    });
    expect(report.rows[1]).toMatchObject({
      'EMT: Insert OPA': '',
      'Paramedic T1-10: Pediatric patients': 'Completed',
      'Paramedic T3-1: IV access': 'In Progress',
    });
  });

  it('keeps two skills of one name apart', () => {
    const twins = [skillRow('x1', { name: 'Same' }), skillRow('x2', { name: 'Same' })];
    const s = { ...emt, summary: { ...emt.summary, skillIds: ['x1', 'x2'] } };
    expect(competencyMatrixReport([s], twins, TODAY).columns).toEqual([
      'Student',
      'Student ID',
      'Level',
      'EMT: Same',
      'EMT: Same (2)',
    ]);
  });
});

describe('SMC Table 2 report', () => {
  it("gives each student's verified contacts per pathology, the same figures as their individual report", () => {
    const report = smcTable2Report([emt, medic, medic2], smcOf, TODAY);
    const medicTrauma = report.rows.find((r) => r.Student === 'Ana Medic' && r.Item === 'Trauma');
    const individual = individualStudentReport(medic, skills, medicSmc, TODAY).rows.find((r) => r.Item === 'Trauma');
    expect(medicTrauma).toMatchObject({ Count: 2, Minimum: 27, Met: 'No', 'Field Verified': 1, 'Field Awaiting': 1 });
    const smcColumns = report.columns.slice(3);
    expect(smcColumns.map((c) => medicTrauma?.[c])).toEqual(smcColumns.map((c) => individual?.[c]));
    expect(report.rows.filter((r) => r.Student === 'Ana Medic').map((r) => r.Item)).toEqual(
      Object.keys(DEFAULT_CONTACT_RULES.pathologyMinimums),
    );
    // a student whose figures were not read is left out, not shown as zeros
    expect(report.rows.some((r) => r.Student === 'Ana Other')).toBe(false);
  });

  it("names the file by the table's title at the cohort's levels: an EMT cohort's is no SMC table", () => {
    expect(smcTable2Report([medic, medic2], smcOf, TODAY).fileName).toBe(`smc-table-2-pathologies-${TODAY}.csv`);
    expect(smcTable2Report([emt], smcOf, TODAY).fileName).toBe(`patient-contacts-by-pathology-${TODAY}.csv`);
    expect(smcTable3Report([emt], smcOf, TODAY).fileName).toBe(`skills-program-set-minimums-${TODAY}.csv`);
    expect(smcTable3Report([medic], smcOf, TODAY).fileName).toBe(`smc-table-3-motor-skills-${TODAY}.csv`);
  });
});

describe('SMC Table 3 motor skills report', () => {
  it("gives each student's attempts and successes on the motor skills of their level against the minimum", () => {
    const report = smcTable3Report([emt, medic], smcOf, TODAY);
    expect(report.rows).toEqual([
      expect.objectContaining({ Student: 'Ana Emt', Item: 'Airway adjunct', Minimum: 2, Attempted: 0, Met: 'No' }),
      expect.objectContaining({
        Student: 'Ana Medic',
        'SMC Matrix Number': 'T3-1',
        Item: 'IV access',
        Minimum: 3,
        Attempted: 4,
        Successful: 3,
        Met: 'Yes',
      }),
    ]);
  });
});

describe('graduation readiness report', () => {
  it('is ready only with every skill done and the hours logged', () => {
    const report = graduationReadinessReport([emt, medic], TODAY);
    expect(report.rows).toEqual([
      expect.objectContaining({
        Student: 'Ana Emt',
        'Overall Progress %': 50,
        'Hours Logged': 25,
        'Required Hours': 48,
        'Hours Remaining': 23,
        Ready: 'No',
      }),
      expect.objectContaining({
        Student: 'Ana Medic',
        'Overall Progress %': 100,
        'Hours Logged': 480,
        'Required Hours': 480,
        'Hours Remaining': 0,
        Ready: 'Yes',
      }),
    ]);
    const shortOfHours = { ...medic, summary: { ...medic.summary, totalHours: 479 } };
    expect(graduationReadinessReport([shortOfHours], TODAY).rows[0]).toMatchObject({
      Ready: 'No',
      'Hours Remaining': 1,
    });
  });
});
