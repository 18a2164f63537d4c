import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { fromToday, logHours, recordProgress, school } from '../reports/test-fixtures.ts';

let h: TestApp;
let s: Awaited<ReturnType<typeof school>>;

beforeEach(async () => {
  h = testApp({ standards: true });
  s = await school(h);
});

const get = async (role: Role | null, path: string) => {
  const res = await h.as(role, 'GET', path);
  expect(res.status).toBe(200);
  return res.json();
};

function fileRequests() {
  asSystem(h.db, 'fixture', (ctx) => {
    ctx.insert(t.requests, {
      kind: 'program-join',
      userId: h.users.student.id,
      programId: s.ems.id,
      requestedRole: 'student',
      justification: 'I want to enroll',
    });
    ctx.insert(t.requests, {
      kind: 'role-change',
      userId: h.users.instructor.id,
      programId: s.ems.id,
      requestedRole: 'director',
      justification: 'More duties here',
    });
    ctx.insert(t.requests, {
      kind: 'program-join',
      userId: h.users.student.id,
      programId: s.fire.id,
      requestedRole: 'student',
      status: 'approved',
    });
  });
}

describe('GET /api/dashboard/stats', () => {
  beforeEach(async () => {
    await recordProgress(h, 'preceptor', {
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
    // Dee graduated today; Eve is inactive
    await s.addStudent({
      firstName: 'Dee',
      email: 'dee@example.org',
      studentId: 'S-004',
      graduationDate: fromToday(0),
    });
    await s.addStudent({ firstName: 'Eve', email: 'eve@example.org', studentId: 'S-005', isActive: false });
    asSystem(h.db, 'fixture', (ctx) => {
      const report = ctx.tx
        .select()
        .from(t.accreditationRequirements)
        .where(eq(t.accreditationRequirements.title, 'CoAEMSP Annual Report'))
        .get()!;
      ctx.update(t.accreditationRequirements, report, {
        completionStatus: 'completed',
        completedAt: new Date().toISOString(),
      });
    });
    fileRequests();
  });

  it('gives staff the overall compliance and every pending request to review', async () => {
    const stats = await get('director', '/api/dashboard/stats');
    expect(stats).toEqual({
      activeStudents: 2, // Ana and Ben
      pendingReviews: 2, // the approved request is not pending
      // 35 records: the completed annual report (100), EMT Fall's competency (Ana at (100 + 40) / 35 = 4), all else 0:
      // 104 / 35 = 2.97
      complianceRate: 3,
      graduations: 1, // Dee, this academic year
    });
    expect((await get('director', '/api/reports/compliance-summary')).overallCompliance).toBe(3);
    expect((await get('clinical_coordinator', '/api/dashboard/stats')).pendingReviews).toBe(2);
  });

  it('scopes the figures to the caller', async () => {
    expect(await get('instructor', '/api/dashboard/stats')).toMatchObject({
      activeStudents: 1, // Ana; Ben is in FF I
      pendingReviews: 1, // the instructor's own role-change request
      graduations: 1,
    });
    expect((await get('preceptor', '/api/dashboard/stats')).pendingReviews).toBe(0);
    expect(await get('student', '/api/dashboard/stats')).toEqual({
      activeStudents: 1,
      pendingReviews: 1,
      complianceRate: 4,
      graduations: 0, // a student's rate is their own progress
    });
  });
});

describe('GET /api/dashboard/activity', () => {
  beforeEach(async () => {
    await recordProgress(h, 'preceptor', {
      studentId: s.ana.id,
      skillId: s.skillId('Perform CPR – Adult'),
      status: 'completed',
      progressPercentage: 100,
    });
    await recordProgress(h, 'director', {
      studentId: s.ben.id,
      skillId: s.skillId('Use SCBA during emergency operations', 'firefighter_1'),
      status: 'in_progress',
      progressPercentage: 30,
    });
    logHours(h, s.ana.id, 8, '2026-03-02');
  });

  const summaries = async (role: Role) =>
    (await get(role, '/api/dashboard/activity')).map((e: { summary: string }) => e.summary);

  it('shows directors the latest 10 writes, latest first, in words', async () => {
    const entries = await get('director', '/api/dashboard/activity');
    expect(entries).toHaveLength(10);
    expect(entries.slice(0, 3).map((e: { summary: string }) => e.summary)).toEqual([
      'Ana Lopez: 8 clinical hours logged for 2026-03-02',
      'Ben Ruiz: Use SCBA during emergency operations marked In Progress',
      'Ana Lopez: Perform CPR – Adult marked Completed',
    ]);
    // an hours entry is its own audit entry, listed as the command that logs hours (schema/audit.ts EVIDENCE_SOURCES)
    expect(entries[0]).toMatchObject({ actorName: 'System', tableName: 'clinical_hours', command: 'logClinicalHours' });
    expect(entries[2]).toMatchObject({
      actorName: 'Test preceptor',
      tableName: 'student_skills',
      command: 'recordSkillProgress',
    });
    expect(entries[3].summary).toBe('Added student Ben Ruiz');
    // ids are places in the trail (time, source, row), which sort as text
    expect(entries[0].id > entries[1].id).toBe(true);
  });

  it('shows others their own writes and the progress and hours of students they see', async () => {
    const ana = [
      'Ana Lopez: 8 clinical hours logged for 2026-03-02',
      'Ana Lopez: Perform CPR – Adult marked Completed',
    ];
    expect(await summaries('student')).toEqual(ana);
    expect(await summaries('instructor')).toEqual(ana);
    expect(await summaries('preceptor')).toEqual(ana);
    expect(await summaries('clinical_coordinator')).toEqual([
      'Ana Lopez: 8 clinical hours logged for 2026-03-02',
      'Ben Ruiz: Use SCBA during emergency operations marked In Progress',
      'Ana Lopez: Perform CPR – Adult marked Completed',
    ]);
  });
});

describe('GET /api/dashboard/deadlines', () => {
  beforeEach(async () => {
    await recordProgress(h, 'preceptor', {
      studentId: s.ana.id,
      skillId: s.skillId('Perform CPR – Adult'),
      status: 'in_progress',
      progressPercentage: 50,
      nextAssessmentDate: fromToday(5),
    });
    await recordProgress(h, 'preceptor', {
      studentId: s.ana.id,
      skillId: s.skillId('Insert OPA'),
      status: 'in_progress',
      progressPercentage: 50,
      nextAssessmentDate: fromToday(61),
    });
    await recordProgress(h, 'director', {
      studentId: s.ben.id,
      skillId: s.skillId('Use SCBA during emergency operations', 'firefighter_1'),
      status: 'in_progress',
      progressPercentage: 30,
      nextAssessmentDate: fromToday(6),
    });
    await s.addStudent({
      firstName: 'Cara',
      email: 'cara@example.org',
      studentId: 'S-002',
      expectedGraduation: fromToday(60),
    });
    asSystem(h.db, 'fixture', (ctx) => {
      const req = (title: string) =>
        ctx.tx.select().from(t.accreditationRequirements).where(eq(t.accreditationRequirements.title, title)).get()!;
      ctx.update(t.accreditationRequirements, req('Graduate Surveys'), { dueDate: fromToday(20) });
      ctx.update(t.accreditationRequirements, req('Employer Surveys'), {
        dueDate: fromToday(3),
        completionStatus: 'completed',
      });
    });
  });

  const cpr = { date: fromToday(5), kind: 'assessment', title: 'Perform CPR – Adult assessment', detail: 'Ana Lopez' };
  const scba = {
    date: fromToday(6),
    kind: 'assessment',
    title: 'Use SCBA during emergency operations assessment',
    detail: 'Ben Ruiz',
  };
  const surveys = { date: fromToday(20), kind: 'accreditation', title: 'Graduate Surveys', detail: 'All EMS programs' };
  const cara = {
    date: fromToday(60),
    kind: 'graduation',
    title: 'Cara Lopez expected to graduate',
    detail: 'EMT Fall',
  };

  it('lists the next 60 days soonest first', async () => {
    expect(await get('director', '/api/dashboard/deadlines')).toMatchObject([cpr, scba, surveys, cara]);
  });

  it('keeps each role to its students, and accreditation to staff', async () => {
    expect(await get('instructor', '/api/dashboard/deadlines')).toMatchObject([cpr, surveys, cara]);
    expect(await get('student', '/api/dashboard/deadlines')).toMatchObject([cpr]);
  });
});

describe('signed out', () => {
  it('answers 401 on every dashboard call', async () => {
    for (const path of ['stats', 'activity', 'deadlines']) {
      expect((await h.as(null, 'GET', `/api/dashboard/${path}`)).status).toBe(401);
    }
  });
});
