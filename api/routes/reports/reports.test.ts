import { and, eq, max } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { fromToday, logHours, recordProgress, school } from './test-fixtures.ts';

let h: TestApp;
let s: Awaited<ReturnType<typeof school>>;
let anaProgress: { updatedAt: string };

// Ana has Perform CPR – Adult completed (100) and Insert OPA at 40 of the 35 EMT skills, and 8 clinical + 4 field hours.
beforeEach(async () => {
  h = testApp({ standards: true });
  s = await school(h);
  anaProgress = await recordProgress(h, 'preceptor', {
    studentId: s.ana.id,
    skillId: s.skillId('Perform CPR – Adult'),
    status: 'completed',
    progressPercentage: 100,
  });
  await recordProgress(h, 'preceptor', {
    studentId: s.ana.id,
    skillId: s.skillId('Insert OPA'),
    status: 'in_progress',
    progressPercentage: 40,
  });
  logHours(h, s.ana.id, 8, fromToday(-30));
  logHours(h, s.ana.id, 4, fromToday(-20), 'field');
});

const get = async (role: Role | null, path: string) => {
  const res = await h.as(role, 'GET', path);
  expect(res.status).toBe(200);
  return res.json();
};
const ids = (rows: { studentId: string }[]) => rows.map((r) => r.studentId).sort();

describe('GET /api/reports/progress', () => {
  it("reports each visible student's figures and status", async () => {
    const reports = await get('director', '/api/reports/progress');
    expect(reports).toEqual([
      {
        id: s.ana.id,
        studentId: 'S-001',
        studentName: 'Ana Lopez',
        programId: s.ems.id,
        programName: 'EMT Fall',
        programType: 'ems',
        enrollmentDate: fromToday(-100),
        expectedGraduation: fromToday(100),
        overallProgress: 4, // (100 + 40) / 35 = 4.0
        skillsCompleted: 1,
        skillsTotal: 35,
        verifiedAttempts: 2, // one attempt in each of the two progress records a preceptor entered
        unverifiedAttempts: 0,
        clinicalHours: 12,
        requiredHours: 48,
        lastActivity: anaProgress.updatedAt.slice(0, 10), // the progress record is newer than the hours
        status: 'behind', // halfway through, so 50% expected; 4 < 50 - 25
        gpa: 3.4,
      },
      {
        id: s.ben.id,
        studentId: 'F-001',
        studentName: 'Ben Ruiz',
        programId: s.fire.id,
        programName: 'FF I',
        programType: 'fire',
        enrollmentDate: fromToday(-10),
        expectedGraduation: fromToday(300),
        overallProgress: 0,
        skillsCompleted: 0,
        skillsTotal: 30,
        verifiedAttempts: 0,
        unverifiedAttempts: 0,
        clinicalHours: 0,
        requiredHours: 10,
        lastActivity: null,
        status: 'on_track', // 10 of 310 days passed: 3.2% expected, 0 >= 3.2 - 10
        gpa: null,
        taskBook: { signed: 0, required: 30, state: 'not_started' }, // no book yet: every FF I JPR still to sign
      },
    ]);
  });

  it('shows each role only the students it may see', async () => {
    for (const role of ['director', 'administration', 'clinical_coordinator'] as const) {
      expect(ids(await get(role, '/api/reports/progress'))).toEqual(['F-001', 'S-001']);
    }
    expect(ids(await get('instructor', '/api/reports/progress'))).toEqual(['S-001']);
    expect(ids(await get('preceptor', '/api/reports/progress'))).toEqual(['S-001']);
    expect(ids(await get('student', '/api/reports/progress'))).toEqual(['S-001']);
  });

  it('leaves out deleted students', async () => {
    await h.as('director', 'DELETE', `/api/students/${s.ben.id}`);
    expect(ids(await get('director', '/api/reports/progress'))).toEqual(['S-001']);
  });
});

describe('GET /api/reports/program-summaries', () => {
  it('summarises each program with visible students', async () => {
    expect(await get('director', '/api/reports/program-summaries')).toEqual([
      {
        programId: s.ems.id,
        programName: 'EMT Fall',
        programType: 'ems',
        totalStudents: 1,
        averageProgress: 4,
        completionRate: 0,
        averageGPA: 3.4,
        onTrackStudents: 0,
        atRiskStudents: 1,
      },
      {
        programId: s.fire.id,
        programName: 'FF I',
        programType: 'fire',
        totalStudents: 1,
        averageProgress: 0,
        completionRate: 0,
        averageGPA: null,
        onTrackStudents: 1,
        atRiskStudents: 0,
      },
    ]);
    expect(
      (await get('instructor', '/api/reports/program-summaries')).map((p: { programName: string }) => p.programName),
    ).toEqual(['EMT Fall']);
  });
});

describe('GET /api/reports/progress-trend', () => {
  type Point = { weekEnding: string; averageProgress: Record<string, number | null>; students: Record<string, number> };
  const series = (points: Point[], type: string) => points.map((p) => p.averageProgress[type]);

  it("averages each program type's students week by week, today's point as the progress report", async () => {
    const points: Point[] = await get('director', '/api/reports/progress-trend');
    expect(points.map((p) => p.weekEnding)).toEqual(Array.from({ length: 12 }, (_, i) => fromToday(-7 * (11 - i))));
    // Ana's progress was recorded today: 0 until today's point, then (100 + 40) / 35 = 4
    expect(series(points, 'ems')).toEqual([...Array(11).fill(0), 4]);
    // Ben enrolled 10 days ago: counted from the week ending 7 days ago
    expect(series(points, 'fire')).toEqual([...Array(10).fill(null), 0, 0]);
    expect(points.map((p) => p.students.fire)).toEqual([...Array(10).fill(0), 1, 1]);
    expect(series(points, 'police')).toEqual(Array(12).fill(null));
  });

  it('places progress entered after the fact in the week of its attempt', async () => {
    await recordProgress(h, 'preceptor', {
      studentId: s.ana.id,
      skillId: s.skillId('Joint Immobilization'),
      status: 'in_progress',
      progressPercentage: 80,
      lastAttemptDate: fromToday(-20),
    });
    const points: Point[] = await get('director', '/api/reports/progress-trend');
    // Joint Immobilization 80 from an attempt 20 days ago: 80 / 35 = 2.3 from the week ending 14 days ago;
    // today (100 + 40 + 80) / 35 = 6.3
    expect(series(points, 'ems')).toEqual([...Array(9).fill(0), 2, 2, 6]);
    const emsReports = (await get('director', '/api/reports/progress')).filter(
      (r: { programType: string }) => r.programType === 'ems',
    );
    expect(points.at(-1)!.averageProgress.ems).toBe(emsReports[0].overallProgress);
  });

  it('counts only the students the caller may see', async () => {
    for (const role of ['instructor', 'student'] as const) {
      const points: Point[] = await get(role, '/api/reports/progress-trend');
      expect(series(points, 'ems')).toEqual([...Array(11).fill(0), 4]);
      expect(series(points, 'fire')).toEqual(Array(12).fill(null));
    }
  });
});

describe('GET /api/reports/graduation and /graduation-stats', () => {
  const lastOfPreviousMonth = () => {
    const today = fromToday(0);
    const first = `${today.slice(0, 8)}01`;
    return new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  };

  beforeEach(async () => {
    // Cara: every EMT skill completed and 48 hours, expected to graduate today
    const cara = await s.addStudent({
      firstName: 'Cara',
      email: 'cara@example.org',
      studentId: 'S-002',
      expectedGraduation: fromToday(0),
    });
    for (const skill of s.skills.filter((k) => k.programType === 'ems' && k.certificationLevel === 'emt')) {
      await recordProgress(h, 'director', {
        studentId: cara.id,
        skillId: skill.id,
        status: 'completed',
        progressPercentage: 100,
      });
    }
    logHours(h, cara.id, 48, fromToday(-1));
    // Fay: expected at the end of last month, not done
    await s.addStudent({
      firstName: 'Fay',
      email: 'fay@example.org',
      studentId: 'S-003',
      enrollmentDate: fromToday(-200),
      expectedGraduation: lastOfPreviousMonth(),
    });
    // Dee graduated today; Eve is inactive: neither is a candidate
    await s.addStudent({
      firstName: 'Dee',
      email: 'dee@example.org',
      studentId: 'S-004',
      graduationDate: fromToday(0),
    });
    await s.addStudent({ firstName: 'Eve', email: 'eve@example.org', studentId: 'S-005', isActive: false });
  });

  it('lists active candidates with status, remaining requirements and certifications earned', async () => {
    const candidates = await get('director', '/api/reports/graduation');
    expect(candidates.map((c: { studentId: string }) => c.studentId)).toEqual(['S-003', 'S-002', 'S-001', 'F-001']);
    const [fay, cara, ana, ben] = candidates;
    expect(fay).toMatchObject({ status: 'delayed' });
    expect(fay.daysRemaining).toBeLessThan(0);
    expect(cara).toMatchObject({
      studentName: 'Cara Lopez',
      programName: 'EMT Fall',
      daysRemaining: 0,
      overallProgress: 100,
      skillsCompleted: 35,
      skillsTotal: 35,
      clinicalHours: 48,
      requiredHours: 48,
      status: 'ready',
      remainingRequirements: [],
      certificationsEarned: ['EMT - Emergency Medical Technician'],
    });
    expect(ana).toMatchObject({
      id: s.ana.id,
      daysRemaining: 100,
      gpa: 3.4,
      status: 'needs_attention',
      certificationsEarned: [],
    });
    // 34 skills not completed, then 48 - 12 hours
    expect(ana.remainingRequirements).toHaveLength(35);
    expect(ana.remainingRequirements).not.toContain('Complete Perform CPR – Adult');
    expect(ana.remainingRequirements).toContain('Complete Insert OPA');
    expect(ana.remainingRequirements.at(-1)).toBe('36 clinical + field hours remaining');
    expect(ben).toMatchObject({
      status: 'on_track',
      remainingRequirements: expect.arrayContaining(['10 clinical + field hours remaining']),
    });
  });

  it("counts the candidates per status and this month's graduates", async () => {
    expect(await get('director', '/api/reports/graduation-stats')).toEqual({
      totalCandidates: 4,
      readyToGraduate: 1,
      needsAttention: 1,
      onSchedule: 1,
      delayed: 1,
      thisMonthGraduates: 2, // Cara expected today + Dee graduated today; Fay is delayed
    });
    // Dee is also the dashboard's graduation: both count graduation dates by one rule
    expect(await get('director', '/api/dashboard/stats')).toMatchObject({ graduations: 1 });
    // the instructor sees EMT Fall only; the student their own record
    expect(await get('instructor', '/api/reports/graduation-stats')).toMatchObject({
      totalCandidates: 3,
      onSchedule: 0,
      thisMonthGraduates: 2,
    });
    expect(await get('student', '/api/reports/graduation-stats')).toEqual({
      totalCandidates: 1,
      readyToGraduate: 0,
      needsAttention: 1,
      onSchedule: 0,
      delayed: 0,
      thisMonthGraduates: 0,
    });
    expect(ids(await get('student', '/api/reports/graduation'))).toEqual(['S-001']);
  });
});

describe('GET /api/reports/compliance and /compliance-summary', () => {
  beforeEach(() => {
    asSystem(h.db, 'fixture', (ctx) => {
      ctx.update(t.programs, s.ems, { directorId: h.users.director.id });
      const req = (title: string) =>
        ctx.tx.select().from(t.accreditationRequirements).where(eq(t.accreditationRequirements.title, title)).get()!;
      ctx.update(t.accreditationRequirements, req('CoAEMSP Annual Report'), {
        completionStatus: 'completed',
        completedAt: `${fromToday(-10)}T09:00:00.000Z`,
      });
      ctx.update(t.accreditationRequirements, req('Graduate Surveys'), { dueDate: fromToday(10) });
      ctx.update(t.accreditationRequirements, req('Annual accreditation fee'), { programId: s.fire.id });
      const latest = ctx.tx
        .select({ year: max(t.ramAssessments.year) })
        .from(t.ramAssessments)
        .get()!.year!;
      const faculty = ctx.tx
        .select()
        .from(t.ramAssessments)
        .where(and(eq(t.ramAssessments.year, latest), eq(t.ramAssessments.componentArea, 'Faculty')))
        .get()!;
      ctx.update(t.ramAssessments, faculty, {
        status: 'completed',
        compliancePercentage: 85,
        assessmentDate: `${fromToday(-5)}T12:00:00.000Z`,
      });
    });
  });

  const byRequirement = (records: { requirement: string }[], requirement: string) =>
    records.find((r) => r.requirement === requirement);

  it("builds records from requirements, the latest RAM year and each program's students", async () => {
    const records = await get('director', '/api/reports/compliance');
    expect(records).toHaveLength(35); // 23 requirements + 10 RAM areas + 2 programs
    expect(byRequirement(records, 'CoAEMSP Annual Report')).toMatchObject({
      programName: 'All EMS programs',
      standardType: 'CoAEMSP',
      status: 'compliant',
      compliancePercentage: 100,
      lastReview: fromToday(-10),
      responsiblePerson: 'Director',
      priority: 'low',
    });
    expect(byRequirement(records, 'Graduate Surveys')).toMatchObject({
      status: 'pending_review',
      nextReview: fromToday(10),
      priority: 'high',
    });
    expect(byRequirement(records, 'Annual accreditation fee')).toMatchObject({
      programName: 'FF I',
      responsiblePerson: 'Administration',
    });
    expect(byRequirement(records, 'Outcome: Retention')!).toMatchObject({
      description: expect.stringMatching(/^Report student retention/),
      notes: null,
      source: 'coaemsp.org annual report pages',
      confidence: 'uncertain',
    });
    expect(byRequirement(records, 'RAM: Faculty')).toMatchObject({
      status: 'compliant',
      compliancePercentage: 85,
      lastReview: fromToday(-5),
    });
    expect(byRequirement(records, 'RAM: Curriculum')).toMatchObject({
      status: 'pending_review',
      compliancePercentage: 0,
    });
    expect(byRequirement(records, 'Student competency tracking (CoAEMSP SMC)')).toMatchObject({
      id: `competency-${s.ems.id}`,
      programName: 'EMT Fall',
      standardType: 'CoAEMSP',
      compliancePercentage: 4,
      status: 'non_compliant',
      responsiblePerson: 'Test director',
      priority: 'high',
      notes: '1 active student',
    });
    expect(byRequirement(records, 'Student competency tracking (NFPA 1001)')).toMatchObject({
      programName: 'FF I',
      standardType: 'NFPA',
      compliancePercentage: 0,
      status: 'non_compliant',
      responsiblePerson: 'Director',
    });
  });

  it('summarises the records', async () => {
    expect(await get('director', '/api/reports/compliance-summary')).toEqual({
      totalRequirements: 35,
      compliant: 2, // the annual report and RAM Faculty
      atRisk: 0,
      nonCompliant: 2, // both programs' competency tracking
      pendingReview: 31, // 22 requirements + 9 RAM areas
      overallCompliance: 5, // (100 + 85 + 4 + 0) / 35 = 5.4
    });
  });

  it('summarises the records per standard', async () => {
    const byStandard = await get('director', '/api/reports/compliance-by-standard');
    expect(
      byStandard.map((s: { standard: string; summary: { totalRequirements: number; overallCompliance: number } }) => [
        s.standard,
        s.summary.totalRequirements,
        s.summary.overallCompliance,
      ]),
    ).toEqual([
      ['CoAEMSP', 34, 6], // 23 requirements + 10 RAM areas + EMT Fall: (100 + 85 + 4) / 34 = 5.6
      ['NFPA', 1, 0], // FF I
      ['POST', 0, 0],
    ]);
    const instructor = await get('instructor', '/api/reports/compliance-by-standard');
    expect(instructor.map((s: { summary: { totalRequirements: number } }) => s.summary.totalRequirements)).toEqual([
      33, 0, 0,
    ]);
  });

  it('limits an instructor to their programs and general requirements', async () => {
    const records = await get('instructor', '/api/reports/compliance');
    expect(records).toHaveLength(33); // 22 general requirements + 10 RAM areas + EMT Fall
    expect(byRequirement(records, 'Annual accreditation fee')).toBeUndefined();
    expect(byRequirement(records, 'Student competency tracking (NFPA 1001)')).toBeUndefined();
    expect((await get('instructor', '/api/reports/compliance-summary')).totalRequirements).toBe(33);
  });

  it('is refused to students', async () => {
    expect((await h.as('student', 'GET', '/api/reports/compliance')).status).toBe(403);
    expect((await h.as('student', 'GET', '/api/reports/compliance-summary')).status).toBe(403);
    expect((await h.as('student', 'GET', '/api/reports/compliance-by-standard')).status).toBe(403);
  });
});

describe('signed out', () => {
  it('answers 401 on every report', async () => {
    for (const path of [
      'progress',
      'program-summaries',
      'progress-trend',
      'graduation',
      'graduation-stats',
      'compliance',
      'compliance-summary',
      'compliance-by-standard',
    ]) {
      expect((await h.as(null, 'GET', `/api/reports/${path}`)).status).toBe(401);
    }
  });
});

describe('kept report answers', () => {
  it('follow every write, and are computed again the next day', async () => {
    const ana = async () =>
      (
        (await get('director', '/api/reports/progress')) as {
          studentId: string;
          overallProgress: number;
          status: string;
        }[]
      ).find((r) => r.studentId === 'S-001')!;
    expect((await ana()).overallProgress).toBe(4);
    await recordProgress(h, 'preceptor', {
      studentId: s.ana.id,
      skillId: s.skillId('Insert OPA'),
      status: 'completed',
      progressPercentage: 100,
    });
    expect((await ana()).overallProgress).toBe(6); // (100 + 100) / 35 = 5.7
    const summaries = await get('director', '/api/reports/program-summaries');
    expect(summaries.find((p: { programId: string }) => p.programId === s.ems.id)).toMatchObject({
      averageProgress: 6,
    });

    // Ben has done nothing 10 of 310 days in: on track today; 29 days on, the same data is no longer on track
    const ben = async () =>
      ((await get('director', '/api/reports/progress')) as { studentId: string; status: string }[]).find(
        (r) => r.studentId === 'F-001',
      )!;
    expect((await ben()).status).toBe('on_track');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 29 * 86_400_000);
      expect((await ben()).status).not.toBe('on_track');
    } finally {
      vi.useRealTimers();
    }
  });
});
