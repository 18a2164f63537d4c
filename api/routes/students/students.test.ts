import { beforeEach, describe, expect, it } from 'vitest';
import { MSG, ERR } from '../../../schema/messages.ts';
import { testApp, type TestApp } from '../../test/helpers.ts';

let h: TestApp;
let emsId: string;
let fireId: string;

const student = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.org', phone: '555-0100', studentId: 'S-001',
  programId: emsId, enrollmentDate: '2026-01-10', expectedGraduation: '2026-12-15', emsCertificationLevel: 'emt', ...over,
});

beforeEach(() => {
  h = testApp({ standards: true });
  emsId = h.program({ name: 'EMT Fall', type: 'ems', requiredHours: 48 }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]).id;
  fireId = h.program({ name: 'FF I', type: 'fire', certificationLevel: 'firefighter_1' }).id;
});

describe('POST /api/students', () => {
  it('creates a student with computed progress fields', async () => {
    const res = await h.as('director', 'POST', '/api/students', student());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ studentId: 'S-001', programName: 'EMT Fall', progressPercentage: 0, skillsCompleted: 0, totalSkills: 35, requiredHours: 48, isActive: true });
  });

  it('answers the spec messages for missing fields and changes nothing', async () => {
    const res = await h.as('director', 'POST', '/api/students', { email: 'nope' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toMatchObject({
      firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired, phone: MSG.phoneRequired,
      studentId: MSG.studentIdRequired, programId: MSG.programRequired, email: MSG.emailInvalid,
      enrollmentDate: MSG.enrollmentDateRequired, expectedGraduation: MSG.expectedGraduationRequired,
    });
    expect(await (await h.as('director', 'GET', '/api/students')).json()).toEqual([]);
  });

  it('refuses a duplicate student ID with 409', async () => {
    await h.as('director', 'POST', '/api/students', student());
    const res = await h.as('director', 'POST', '/api/students', student({ email: 'b@example.org' }));
    expect(res.status).toBe(409);
    expect((await res.json()).fields.studentId).toBe(ERR.studentCodeTaken);
  });

  it('lets an instructor add students only to their own programs', async () => {
    expect((await h.as('instructor', 'POST', '/api/students', student())).status).toBe(201);
    expect((await h.as('instructor', 'POST', '/api/students', student({ studentId: 'S-2', programId: fireId }))).status).toBe(403);
    expect((await h.as('student', 'POST', '/api/students', student({ studentId: 'S-3' }))).status).toBe(403);
    expect((await h.as('preceptor', 'POST', '/api/students', student({ studentId: 'S-4' }))).status).toBe(403);
  });

  it('is 401 signed out', async () => {
    expect((await h.as(null, 'POST', '/api/students', student())).status).toBe(401);
    expect((await h.as(null, 'GET', '/api/students')).status).toBe(401);
  });
});

describe('GET /api/students', () => {
  it('shows each role only the students it may see', async () => {
    await h.as('director', 'POST', '/api/students', student({ email: 'student@test.local' }));
    await h.as('director', 'POST', '/api/students', student({ studentId: 'F-1', email: 'f@example.org', programId: fireId }));
    const codes = async (role: Parameters<TestApp['as']>[0]) =>
      (await (await h.as(role, 'GET', '/api/students')).json()).map((s: { studentId: string }) => s.studentId).sort();
    expect(await codes('director')).toEqual(['F-1', 'S-001']);
    expect(await codes('clinical_coordinator')).toEqual(['F-1', 'S-001']);
    expect(await codes('instructor')).toEqual(['S-001']);
    expect(await codes('preceptor')).toEqual(['S-001']);
    // the student account is linked by e-mail and sees only its own record
    expect(await codes('student')).toEqual(['S-001']);
  });

  it('hides another student by id (404, not 403, so ids cannot be probed)', async () => {
    const other = await (await h.as('director', 'POST', '/api/students', student({ programId: fireId }))).json();
    expect((await h.as('student', 'GET', `/api/students/${other.id}`)).status).toBe(404);
    expect((await h.as('instructor', 'GET', `/api/students/${other.id}`)).status).toBe(404);
    expect((await h.as('director', 'GET', `/api/students/${other.id}`)).status).toBe(200);
  });
});

describe('progress figures', () => {
  it('averages progress over the level\'s skills, a missing record counting as 0, and sums hours', async () => {
    const s = await (await h.as('director', 'POST', '/api/students', student())).json();
    const skills = await (await h.as('director', 'GET', '/api/skills?programType=ems&certificationLevel=emt')).json();
    expect(skills).toHaveLength(35);
    await h.as('preceptor', 'POST', '/api/student-skills', {
      studentId: s.id, skillId: skills[0].id, status: 'completed', progressPercentage: 100, attempts: 2, successfulAttempts: 2,
    });
    await h.as('preceptor', 'POST', '/api/student-skills', {
      studentId: s.id, skillId: skills[1].id, status: 'in_progress', progressPercentage: 40, attempts: 1, successfulAttempts: 0,
    });
    const got = await (await h.as('director', 'GET', `/api/students/${s.id}`)).json();
    expect(got.progressPercentage).toBe(Math.round(140 / 35));
    expect(got.skillsCompleted).toBe(1);
  });
});

describe('PATCH and DELETE /api/students/:id', () => {
  it('updates fields, validates, and deletes only for director and administration', async () => {
    const s = await (await h.as('director', 'POST', '/api/students', student())).json();
    const patched = await h.as('instructor', 'PATCH', `/api/students/${s.id}`, { phone: '555-0199' });
    expect((await patched.json()).phone).toBe('555-0199');
    const bad = await h.as('director', 'PATCH', `/api/students/${s.id}`, { firstName: '' });
    expect((await bad.json()).fields.firstName).toBe(MSG.firstNameRequired);
    expect((await h.as('instructor', 'DELETE', `/api/students/${s.id}`)).status).toBe(403);
    expect((await h.as('administration', 'DELETE', `/api/students/${s.id}`)).status).toBe(200);
    expect((await h.as('director', 'GET', `/api/students/${s.id}`)).status).toBe(404);
    expect((await h.as('director', 'DELETE', `/api/students/${s.id}`)).status).toBe(404);
  });
});

describe('partial updates', () => {
  it('leave fields they do not send unchanged (no defaults re-applied)', async () => {
    const s = await (await h.as('director', 'POST', '/api/students', student({ emsCertificationLevel: 'paramedic', isActive: false }))).json();
    const patched = await (await h.as('director', 'PATCH', `/api/students/${s.id}`, { phone: '555-0142' })).json();
    expect(patched).toMatchObject({ phone: '555-0142', emsCertificationLevel: 'paramedic', isActive: false });
  });

  it('refuse to create a second record with an id that exists (409, not a crash)', async () => {
    const id = crypto.randomUUID();
    expect((await h.as('director', 'POST', '/api/students', student({ id }))).status).toBe(201);
    expect((await h.as('director', 'POST', '/api/students', student({ id, studentId: 'S-9', email: 'z@example.org' }))).status).toBe(409);
  });
});
