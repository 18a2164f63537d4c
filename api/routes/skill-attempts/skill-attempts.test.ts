import { beforeEach, describe, expect, it, vi } from 'vitest';

import { runCommand } from '#api/commands/command.ts';
import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import { addDays, latestToday } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import { formatHlc } from '#schema/hlc.ts';
import { ERR, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import { CORRECTION_NOTE } from '../student-skills/student-skills.commands.ts';
import { editSkillAssessment } from './skill-attempts.commands.ts';

let h: TestApp;
let studentId: string;
let otherStudentId: string;
let skillId: string;

beforeEach(() => {
  h = testApp();
  const program = h.program({ name: 'EMT Fall', type: 'ems', certificationLevel: 'emt' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]);
  asSystem(h.db, 'fixture', (ctx) => {
    const student = (code: string, userId: string | null) =>
      ctx.insert(t.students, {
        userId,
        firstName: 'Ana',
        lastName: code,
        email: `${code}@example.org`,
        phone: '1',
        studentCode: code,
        programId: program.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    studentId = student('S-1', h.users.student.id);
    otherStudentId = student('S-2', null);
    skillId = ctx.insert(t.skills, {
      code: 'k1',
      name: 'Insert OPA',
      category: 'Airway',
      programType: 'ems',
      certificationLevel: 'emt',
      minimumAttempts: 3,
    }).id;
  });
});

const attempt = (over: Record<string, unknown> = {}) => ({
  studentId,
  skillId,
  attemptedAt: '2026-03-02T09:00:00.000Z',
  setting: 'clinical',
  outcome: 'successful',
  ...over,
});
const log = async (role: Role, over: Record<string, unknown> = {}) => {
  const res = await h.as(role, 'POST', '/api/skill-attempts', attempt(over));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string } };
};
const voidIt = async (role: Role, attemptId: string, reason = 'Logged for the wrong student') => {
  const res = await h.as(role, 'POST', `/api/skill-attempts/${attemptId}/void`, { reason });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const summary = async (role: Role = 'director', student = studentId) => {
  const rows = (await (await h.as(role, 'GET', `/api/student-skills?studentId=${student}`)).json()) as Record<
    string,
    unknown
  >[];
  return rows.find((r) => r.skillId === skillId);
};
const history = async (role: Role = 'director') =>
  (await (await h.as(role, 'GET', `/api/skill-attempts?studentId=${studentId}&skillId=${skillId}`)).json()) as {
    id: string;
    kind: string;
    voided: { reason: string } | null;
  }[];

describe('POST /api/skill-attempts', () => {
  it('appends each attempt and derives the figures from them: counts, by setting, last attempt, status', async () => {
    await log('preceptor', { attemptedAt: '2026-03-01T09:00:00.000Z', setting: 'lab' });
    await log('instructor', { outcome: 'unsuccessful' });
    const third = await log('preceptor', { attemptedAt: '2026-03-03T09:00:00.000Z' });
    expect(third.status).toBe(201);
    expect(third.body).toMatchObject({ recordedBy: h.users.preceptor.id, verifiedBy: h.users.preceptor.id });
    expect(await summary()).toMatchObject({
      attempts: 3,
      successfulAttempts: 2,
      lastAttemptDate: '2026-03-03',
      attemptsBySetting: {
        lab: { attempts: 1, successful: 1 },
        clinical: { attempts: 2, successful: 1 },
        simulation: { attempts: 0, successful: 0 },
        field: { attempts: 0, successful: 0 },
      },
      status: 'in_progress',
      progressPercentage: 67,
    });
    await log('preceptor');
    expect(await summary()).toMatchObject({ attempts: 4, successfulAttempts: 3, status: 'completed' });
    expect((await history()).map((a) => a.id)).toContain(third.body.id);
    expect(await history()).toHaveLength(4);
  });

  it('never takes the recorder from the client', async () => {
    const { body } = await log('preceptor', { recordedBy: h.users.director.id, verifiedBy: h.users.director.id });
    expect(body).toMatchObject({ recordedBy: h.users.preceptor.id, verifiedBy: h.users.preceptor.id });
  });

  it("keeps a student's own attempt out of the counts until it is verified, and lets them log only their own", async () => {
    const own = await log('student');
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ recordedBy: h.users.student.id, verifiedBy: null });
    expect(await summary('student')).toMatchObject({ attempts: 0, pendingAttempts: 1, status: 'in_progress' });
    const before = fingerprint(h.db);
    const other = await log('student', { studentId: otherStudentId });
    expect(other).toMatchObject({ status: 400, body: { fields: { studentId: 'Student not found' } } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('keeps an observed attempt apart from the performed ones', async () => {
    await log('preceptor', { participation: 'observed' });
    expect(await summary()).toMatchObject({ attempts: 0, observedAttempts: 1, status: 'not_started' });
  });

  it('refuses bad input with the message and changes nothing', async () => {
    const before = fingerprint(h.db);
    const noSetting = await log('preceptor', { setting: undefined });
    expect(noSetting.status).toBe(400);
    expect(noSetting.body).toMatchObject({ fields: { setting: MSG.settingRequired } });
    expect((await log('preceptor', { outcome: 'maybe' })).body).toMatchObject({
      fields: { outcome: MSG.outcomeRequired },
    });
    expect((await log('preceptor', { skillId: 'nope' })).body).toMatchObject({
      fields: { skillId: 'Skill not found' },
    });
    expect((await log('preceptor', { patientContactId: 'nope' })).body).toMatchObject({
      fields: { patientContactId: 'Patient contact not found' },
    });
    expect((await log('clinical_coordinator')).status).toBe(403);
    for (const attemptedAt of [`${addDays(latestToday(new Date()), 2)}T09:00:00.000Z`, '2029-03-02T09:00:00.000Z']) {
      expect((await log('preceptor', { attemptedAt })).body).toMatchObject({
        fields: { attemptedAt: MSG.dateNotFuture },
      });
    }
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('POST /api/skill-attempts/:id/void', () => {
  it('takes the attempt out of the figures and keeps it in the history with the reason; a second void changes nothing', async () => {
    await log('preceptor', { attemptedAt: '2026-03-01T09:00:00.000Z' });
    const latest = await log('preceptor', { attemptedAt: '2026-03-05T09:00:00.000Z' });
    const first = await voidIt('preceptor', latest.body.id);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ attemptId: latest.body.id, voidedBy: h.users.preceptor.id });
    expect(await summary()).toMatchObject({ attempts: 1, successfulAttempts: 1, lastAttemptDate: '2026-03-01' });
    const before = fingerprint(h.db);
    const again = await voidIt('instructor', latest.body.id, 'Another device voided it too');
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, reason: 'Logged for the wrong student' } });
    expect(fingerprint(h.db)).toBe(before);
    const entries = await history();
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.id === latest.body.id)?.voided).toMatchObject({
      reason: 'Logged for the wrong student',
    });
  });

  it('lets the recorder and staff void, not a preceptor or student who did not record it', async () => {
    const byInstructor = await log('instructor');
    expect((await voidIt('preceptor', byInstructor.body.id)).status).toBe(403);
    expect((await voidIt('student', byInstructor.body.id)).status).toBe(403);
    expect((await voidIt('clinical_coordinator', byInstructor.body.id)).status).toBe(201);
    const own = await log('student');
    expect((await voidIt('student', own.body.id)).status).toBe(201);
    expect(await summary()).toMatchObject({ attempts: 0, pendingAttempts: 0 });
  });

  it('needs a reason, and answers 404 for an attempt the caller may not see', async () => {
    const { body } = await log('preceptor');
    const before = fingerprint(h.db);
    expect((await voidIt('preceptor', body.id, ' ')).body).toMatchObject({
      fields: { reason: MSG.voidReasonRequired },
    });
    expect((await voidIt('preceptor', 'no-such-attempt')).status).toBe(404);
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe("POST /api/student-skills (the spec's absolute record) on the log", () => {
  const record = (values: Record<string, unknown>) =>
    h.as('instructor', 'POST', '/api/student-skills', { studentId, skillId, ...values });

  it('refuses counts that are fractions, missing, or more successes than attempts, with the field message, and changes nothing', async () => {
    const before = fingerprint(h.db);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ attempts: 2.5, successfulAttempts: 1 }, { attempts: MSG.wholeNumber }],
      [{ attempts: '', successfulAttempts: 0 }, { attempts: MSG.attemptsMin }],
      [{ attempts: 1, successfulAttempts: 3 }, { successfulAttempts: MSG.successfulAttemptsRange }],
    ];
    for (const [counts, fields] of cases) {
      const res = await record({ status: 'in_progress', progressPercentage: 50, ...counts });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual(fields);
    }
    expect(fingerprint(h.db)).toBe(before);
  });

  it('turns the difference into one correction and never removes an attempt', async () => {
    await log('preceptor');
    await log('preceptor', { outcome: 'unsuccessful' });
    const res = await record({ status: 'in_progress', progressPercentage: 67, attempts: 5, successfulAttempts: 2 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ attempts: 5, successfulAttempts: 2, status: 'in_progress' });
    const entries = await history();
    expect(entries.filter((e) => e.kind === 'attempt')).toHaveLength(2);
    expect(entries.filter((e) => e.kind === 'correction')).toEqual([
      expect.objectContaining({ attemptsDelta: 3, successfulDelta: 1, notes: CORRECTION_NOTE }),
    ]);
  });

  it('keeps a posted status or percentage that differs from the derived one as an override, and clears one that agrees', async () => {
    await record({ status: 'needs_improvement', progressPercentage: 20, attempts: 1, successfulAttempts: 1 });
    expect(await summary()).toMatchObject({
      status: 'needs_improvement',
      statusOverride: 'needs_improvement',
      progressPercentage: 20,
      progressOverride: 20,
    });
    await record({ status: 'in_progress', progressPercentage: 33, attempts: 1, successfulAttempts: 1 });
    expect(await summary()).toMatchObject({ statusOverride: null, progressOverride: null, progressPercentage: 33 });
    await log('preceptor');
    await log('preceptor');
    expect(await summary()).toMatchObject({ status: 'completed', progressPercentage: 100 });
  });
});

describe('editSkillAssessment: judgement fields, the later save wins', () => {
  const edit = (role: Role, stamp: string, changes: Record<string, unknown>) =>
    runCommand(h.db, editSkillAssessment, { id: h.users[role].id, role }, { studentId, skillId, stamp, changes });
  const at = (ms: number, node: string) => formatHlc(Date.parse('2026-03-02T10:00:00.000Z') + ms, 0, node);

  it('keeps the later save of each field whatever order they arrive in, and who made it', async () => {
    edit('instructor', at(2000, 'instructor-phone'), { statusOverride: 'completed', notes: 'Good airway control' });
    edit('preceptor', at(0, 'preceptor-phone'), {
      statusOverride: 'needs_improvement',
      nextAssessmentDate: '2026-04-01',
    });
    expect(await summary()).toMatchObject({
      status: 'completed',
      statusOverride: 'completed',
      notes: 'Good airway control',
      nextAssessmentDate: '2026-04-01',
      fieldStamps: {
        statusOverride: { stamp: at(2000, 'instructor-phone'), by: h.users.instructor.id },
        nextAssessmentDate: { stamp: at(0, 'preceptor-phone'), by: h.users.preceptor.id },
      },
    });
    edit('preceptor', at(3000, 'preceptor-phone'), { statusOverride: null });
    expect(await summary()).toMatchObject({ statusOverride: null, status: 'not_started' });
  });

  it("does not let a device clock set far ahead win over everyone's later saves", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const now = Date.parse('2026-03-02T10:00:00.000Z');
      vi.setSystemTime(now);
      edit('preceptor', formatHlc(now + 365 * 86_400_000, 0, 'fast-clock'), { notes: 'From the future' });
      vi.setSystemTime(now + 10 * 60_000);
      edit('instructor', formatHlc(now + 10 * 60_000, 0, 'honest'), { notes: 'Ten minutes later' });
    } finally {
      vi.useRealTimers();
    }
    expect(await summary()).toMatchObject({ notes: 'Ten minutes later' });
  });

  it('lists every judgement change newest first, with who saved it and when, for those who see the student', async () => {
    edit('preceptor', at(0, 'preceptor-phone'), { statusOverride: 'needs_improvement', notes: 'Rushed the sizing' });
    edit('instructor', at(5000, 'instructor-phone'), { statusOverride: null });
    const history = async (role: Role, student = studentId) =>
      h.as(role, 'GET', `/api/student-skills/history?studentId=${student}&skillId=${skillId}`);
    const res = await history('student');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        at: '2026-03-02T10:00:05.000Z',
        byName: 'Test instructor',
        field: 'statusOverride',
        before: 'needs_improvement',
        after: null,
      },
      {
        at: '2026-03-02T10:00:00.000Z',
        byName: 'Test preceptor',
        field: 'statusOverride',
        before: null,
        after: 'needs_improvement',
      },
      {
        at: '2026-03-02T10:00:00.000Z',
        byName: 'Test preceptor',
        field: 'notes',
        before: null,
        after: 'Rushed the sizing',
      },
    ]);
    expect((await history('student', otherStudentId)).status).toBe(404);
    expect((await history('preceptor', 'no-such-student')).status).toBe(404);
  });

  it('is refused to students', () => {
    expect(() => edit('student', at(0, 'student-phone'), { notes: 'I am great' })).toThrow(/permission/);
  });

  it('refuses a pushed percentage that is a fraction or over 100 with the field message (400), and changes nothing', async () => {
    const before = fingerprint(h.db);
    const mutation = (id: number, progressOverride: number) => ({
      id,
      name: 'editSkillAssessment',
      createdAt: '2026-03-02T10:00:00.000Z',
      args: { studentId, skillId, stamp: at(id, 'instructor-phone'), changes: { progressOverride } },
    });
    const res = await h.as('instructor', 'POST', '/api/sync/push', {
      pushVersion: 1,
      clientGroupId: 'g1',
      clientId: 'c1',
      mutations: [mutation(1, 2.5), mutation(2, 101)],
    });
    const refused = (id: number, message: string) => ({
      id,
      status: 'rejected',
      code: '400',
      message: ERR.invalidInput,
      fields: { progressOverride: message },
    });
    expect(((await res.json()) as { results: unknown[] }).results).toEqual([
      refused(1, MSG.wholeNumber),
      refused(2, MSG.progressRange),
    ]);
    expect(fingerprint(h.db)).toBe(before);
  });
});
