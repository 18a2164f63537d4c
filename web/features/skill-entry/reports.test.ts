import { describe, expect, it } from 'vitest';

import { toCsv } from '#schema/csv.ts';
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

describe('individual student report', () => {
  it("lists the student's level skills by matrix number then name, a missing record as not started", () => {
    const report = individualStudentReport(emt, skills, TODAY);
    expect(report.fileName).toBe('student-report-stu-emt-2026-11-21.csv');
    expect(report.rows).toEqual([
      expect.objectContaining({
        Skill: 'Assess vitals',
        Domain: 'Patient Assessment',
        Status: 'Not Started',
        'Progress %': 0,
        Attempts: 0,
      }),
      expect.objectContaining({
        Skill: 'Insert OPA',
        Status: 'Completed',
        'Progress %': 100,
        Attempts: 3,
        'Successful Attempts': 2,
        'Minimum Attempts': 2,
        Notes: 'good',
      }),
    ]);
    expect(Object.keys(report.rows[0])).toEqual(report.columns);
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
  it('counts, per pathology skill, the students of its level and those who completed it', () => {
    const report = smcTable2Report([emt, medic, medic2], skills, TODAY);
    expect(report.rows).toEqual([
      {
        Level: 'Paramedic',
        'SMC Matrix Number': 'T1-2',
        'Pathology Category': 'Trauma',
        Skill: 'Trauma patients',
        Minimum: 1,
        'Students at Level': 2,
        'Students Completed': 0,
        'Completion %': 0,
      },
      {
        Level: 'Paramedic',
        'SMC Matrix Number': 'T1-10',
        'Pathology Category': 'Pediatric',
        Skill: 'Pediatric patients',
        Minimum: 1,
        'Students at Level': 2,
        'Students Completed': 1,
        'Completion %': 50,
      },
    ]);
  });
});

describe('SMC Table 3 motor skills report', () => {
  it("gives each student's attempts and successes on the motor skills of their level against the minimum", () => {
    const report = smcTable3Report([emt, medic], skills, TODAY);
    expect(report.rows).toEqual([
      expect.objectContaining({
        Student: 'Ana Emt',
        'Motor Skill': 'Airway adjunct',
        'Minimum Attempts': 2,
        Attempts: 3,
        'Successful Attempts': 2,
        'Minimum Met': 'Yes',
      }),
      expect.objectContaining({
        Student: 'Ana Medic',
        'SMC Matrix Number': 'T3-1',
        'Motor Skill': 'IV access',
        'Minimum Attempts': 3,
        Attempts: 4,
        'Successful Attempts': 3,
        'Minimum Met': 'Yes',
      }),
    ]);
    expect(smcTable3Report([medic2], skills, TODAY).rows).toEqual([
      expect.objectContaining({
        'Motor Skill': 'IV access',
        Attempts: 0,
        'Successful Attempts': 0,
        'Minimum Met': 'No',
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
