import { describe, expect, it } from 'vitest';

import {
  complianceByStandard,
  complianceRecords,
  complianceSummary,
  type RamRow,
  type RequirementRow,
} from './compliance-report.ts';
import { program, student, summary } from './test-fixtures.ts';

const today = '2026-07-01';
const stamp = {
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  deletedAt: null,
};
const paramedic = program({ id: 'p1', name: 'Paramedic 2026', type: 'ems', directorId: 'u-dir' });
const academy = program({ id: 'p2', name: 'FF Academy', type: 'fire' });
const police = program({ id: 'p3', name: 'Police Academy', type: 'police' });

function requirement(id: string, completionStatus: string, over: Partial<RequirementRow> = {}): RequirementRow {
  return {
    ...stamp,
    id,
    programId: null,
    title: `Requirement ${id}`,
    description: null,
    frequency: null,
    roleRequired: 'director',
    standardReference: null,
    requirementType: 'self_reporting',
    documents: [],
    completionStatus,
    dueDate: null,
    completedAt: null,
    confidence: 'verbatim',
    source: `Source ${id}`,
    ...over,
  };
}
function ram(
  id: string,
  year: number,
  status: string,
  compliancePercentage: number | null,
  over: Partial<RamRow> = {},
): RamRow {
  return {
    ...stamp,
    id,
    programId: null,
    year,
    componentArea: `Area ${id}`,
    componentDescription: null,
    status,
    compliancePercentage,
    improvementPlan: null,
    assessmentDate: compliancePercentage === null ? null : '2026-02-01T12:00:00.000Z',
    confidence: 'uncertain',
    source: `RAM ${id}`,
    ...over,
  };
}

const input = {
  requirements: [
    requirement('r1', 'completed', {
      completedAt: '2026-03-15T10:00:00.000Z',
      frequency: 'annual',
      description: 'Submit the Annual Report each year.',
    }),
    requirement('r2', 'in_progress', { dueDate: '2026-07-20' }),
    requirement('r3', 'needs_improvement', { dueDate: '2026-09-01' }),
    requirement('r4', 'overdue'),
    requirement('r5', 'pending', { dueDate: '2026-06-30' }),
    requirement('r6', 'pending', {
      programId: 'p1',
      roleRequired: 'administration',
      confidence: 'uncertain',
      source: 'fee schedule',
    }),
    requirement('r7', 'pending', { dueDate: '2026-09-15' }),
  ],
  ramAssessments: [
    ram('m0', 2025, 'completed', 50),
    ram('m1', 2026, 'completed', 85, { componentDescription: 'Program faculty and staff.' }),
    ram('m2', 2026, 'completed', 75, { improvementPlan: 'Add lab hours' }),
    ram('m3', 2026, 'completed', 60),
    ram('m4', 2026, 'pending', null),
  ],
  programs: new Map([paramedic, academy, police].map((p) => [p.id, p])),
  students: [
    student({ id: 's1', firstName: 'Ana', programId: 'p1' }),
    student({ id: 's2', firstName: 'Ben', programId: 'p1' }),
    student({ id: 's3', firstName: 'Cy', programId: 'p1', graduationDate: '2026-05-01' }),
    student({ id: 'f1', firstName: 'Fay', programId: 'p2' }),
    student({ id: 'q1', firstName: 'Quin', programId: 'p3', isActive: false }),
  ],
  summaries: new Map([
    ['s1', summary({ progressPercentage: 90, lastActivity: '2026-06-20' })],
    ['s2', summary({ progressPercentage: 70, lastActivity: '2026-06-28' })],
    ['s3', summary({ progressPercentage: 10, lastActivity: '2026-06-30' })],
    ['f1', summary({ progressPercentage: 50 })],
    ['q1', summary({ progressPercentage: 100 })],
  ]),
  userNames: new Map([['u-dir', 'Dana Reyes']]),
};

describe('complianceRecords', () => {
  const records = complianceRecords(input, today);
  const of = (id: string) => records.find((r) => r.id === id)!;

  it('maps accreditation requirements by completion status', () => {
    expect(of('r1')).toEqual({
      id: 'r1',
      programName: 'All EMS programs',
      standardType: 'CoAEMSP',
      requirement: 'Requirement r1',
      description: 'Submit the Annual Report each year.',
      status: 'compliant',
      compliancePercentage: 100,
      lastReview: '2026-03-15',
      nextReview: '2027-03-15', // annual: a year after completion
      responsiblePerson: 'Director',
      notes: null,
      source: 'Source r1',
      confidence: 'verbatim',
      priority: 'low', // 257 days ahead
    });
    expect(of('r2')).toMatchObject({
      status: 'pending_review',
      compliancePercentage: 50,
      nextReview: '2026-07-20',
      priority: 'high',
    }); // 19 days
    expect(of('r3')).toMatchObject({ status: 'at_risk', compliancePercentage: 50, priority: 'medium' });
    expect(of('r4')).toMatchObject({
      status: 'non_compliant',
      compliancePercentage: 0,
      nextReview: null,
      priority: 'high',
    });
    expect(of('r5')).toMatchObject({ status: 'non_compliant', compliancePercentage: 0, priority: 'high' }); // due yesterday
    expect(of('r6')).toMatchObject({
      programName: 'Paramedic 2026',
      status: 'pending_review',
      compliancePercentage: 0,
      responsiblePerson: 'Administration',
      notes: null, // source and confidence have their own fields, not the notes
      source: 'fee schedule',
      confidence: 'uncertain',
      priority: 'low',
    });
    expect(of('r7')).toMatchObject({ status: 'pending_review', priority: 'medium' }); // due in 76 days
  });

  it("rates the latest year's RAM areas against the 80% threshold", () => {
    expect(records.some((r) => r.id === 'm0')).toBe(false);
    expect(of('m1')).toEqual({
      id: 'm1',
      programName: 'All EMS programs',
      standardType: 'CoAEMSP',
      requirement: 'RAM: Area m1',
      description: 'Program faculty and staff.',
      status: 'compliant',
      compliancePercentage: 85,
      lastReview: '2026-02-01',
      nextReview: '2027-02-01',
      responsiblePerson: 'Director',
      notes: null,
      source: 'RAM m1',
      confidence: 'uncertain',
      priority: 'low',
    });
    expect(of('m2')).toMatchObject({
      status: 'at_risk',
      compliancePercentage: 75,
      notes: 'Add lab hours',
      priority: 'medium',
    });
    expect(of('m3')).toMatchObject({ status: 'non_compliant', compliancePercentage: 60, priority: 'high' });
    expect(of('m4')).toMatchObject({
      status: 'pending_review',
      compliancePercentage: 0,
      lastReview: null,
      nextReview: null,
      priority: 'low',
    });
  });

  it("rates each program by its active students' average progress", () => {
    expect(of('competency-p1')).toEqual({
      id: 'competency-p1',
      programName: 'Paramedic 2026',
      standardType: 'CoAEMSP',
      requirement: 'Student competency tracking (CoAEMSP SMC)',
      description: null,
      status: 'compliant',
      compliancePercentage: 80, // (90 + 70) / 2; Cy has graduated
      lastReview: '2026-06-28',
      nextReview: null,
      responsiblePerson: 'Dana Reyes',
      notes: '2 active students',
      source: null, // computed from the students' records, not from research
      confidence: null,
      priority: 'low',
    });
    expect(of('competency-p2')).toMatchObject({
      standardType: 'NFPA',
      requirement: 'Student competency tracking (NFPA 1001)',
      status: 'non_compliant',
      compliancePercentage: 50,
      responsiblePerson: 'Director',
      priority: 'high',
    });
    expect(of('competency-p3')).toMatchObject({
      standardType: 'POST',
      status: 'pending_review',
      compliancePercentage: 0,
      notes: '0 active students',
    });
  });
});

describe('complianceSummary', () => {
  it('counts statuses and averages the percentages', () => {
    expect(complianceSummary(complianceRecords(input, today))).toEqual({
      totalRequirements: 14, // 7 requirements + 4 RAM areas of 2026 + 3 programs
      compliant: 3, // r1, m1, p1
      atRisk: 2, // r3, m2
      nonCompliant: 4, // r4, r5, m3, p2
      pendingReview: 5, // r2, r6, r7, m4, p3
      // 100+50+50+0+0+0+0 (requirements) + 85+75+60+0 (RAM) + 80+50+0 (programs) = 550; 550 / 14 = 39.3
      overallCompliance: 39,
    });
  });

  it('is all zero without records', () => {
    expect(complianceSummary([])).toEqual({
      totalRequirements: 0,
      compliant: 0,
      atRisk: 0,
      nonCompliant: 0,
      pendingReview: 0,
      overallCompliance: 0,
    });
  });
});

describe('complianceByStandard', () => {
  it("summarises each standard's records", () => {
    expect(complianceByStandard(complianceRecords(input, today))).toEqual([
      {
        standard: 'CoAEMSP',
        summary: {
          totalRequirements: 12, // 7 requirements + 4 RAM areas + Paramedic 2026
          compliant: 3,
          atRisk: 2,
          nonCompliant: 3,
          pendingReview: 4,
          overallCompliance: 42, // (200 + 220 + 80) / 12 = 41.7
        },
      },
      {
        standard: 'NFPA',
        summary: {
          totalRequirements: 1,
          compliant: 0,
          atRisk: 0,
          nonCompliant: 1,
          pendingReview: 0,
          overallCompliance: 50,
        },
      },
      {
        standard: 'POST',
        summary: {
          totalRequirements: 1,
          compliant: 0,
          atRisk: 0,
          nonCompliant: 0,
          pendingReview: 1,
          overallCompliance: 0,
        },
      },
    ]);
  });

  it('lists every standard even without records', () => {
    expect(complianceByStandard([]).map((s) => [s.standard, s.summary.totalRequirements])).toEqual([
      ['CoAEMSP', 0],
      ['NFPA', 0],
      ['POST', 0],
    ]);
  });
});
