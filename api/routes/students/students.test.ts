import { beforeEach, describe, expect, it } from 'vitest';

import { type TestApp, testApp } from '#api/test/helpers.ts';
import { ERR, MSG } from '#schema/messages.ts';

let h: TestApp;
let emsId: string;
let fireId: string;

const student = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.org',
  phone: '555-0100',
  studentId: 'S-001',
  programId: emsId,
  enrollmentDate: '2026-01-10',
  expectedGraduation: '2026-12-15',
  emsCertificationLevel: 'emt',
  ...over,
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
    expect(body).toMatchObject({
      studentId: 'S-001',
      programName: 'EMT Fall',
      progressPercentage: 0,
      skillsCompleted: 0,
      totalSkills: 35,
      requiredHours: 48,
      isActive: true,
    });
  });

  it('answers the spec messages for missing fields and changes nothing', async () => {
    const res = await h.as('director', 'POST', '/api/students', { email: 'nope' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toMatchObject({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      phone: MSG.phoneRequired,
      studentId: MSG.studentIdRequired,
      programId: MSG.programRequired,
      email: MSG.emailInvalid,
      enrollmentDate: MSG.enrollmentDateRequired,
      expectedGraduation: MSG.expectedGraduationRequired,
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
    expect(
      (await h.as('instructor', 'POST', '/api/students', student({ studentId: 'S-2', programId: fireId }))).status,
    ).toBe(403);
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
    await h.as(
      'director',
      'POST',
      '/api/students',
      student({ email: 'student@test.local', userId: h.users.student.id }),
    );
    await h.as(
      'director',
      'POST',
      '/api/students',
      student({ studentId: 'F-1', email: 'f@example.org', programId: fireId }),
    );
    const codes = async (role: Parameters<TestApp['as']>[0]) =>
      (await (await h.as(role, 'GET', '/api/students')).json()).map((s: { studentId: string }) => s.studentId).sort();
    expect(await codes('director')).toEqual(['F-1', 'S-001']);
    expect(await codes('clinical_coordinator')).toEqual(['F-1', 'S-001']);
    expect(await codes('instructor')).toEqual(['S-001']);
    expect(await codes('preceptor')).toEqual(['S-001']);
    // the student account staff linked sees only its own record
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
  it("averages progress over the level's skills, a missing record counting as 0, and sums hours", async () => {
    const s = await (await h.as('director', 'POST', '/api/students', student())).json();
    const skills = await (await h.as('director', 'GET', '/api/skills?programType=ems&certificationLevel=emt')).json();
    expect(skills).toHaveLength(35);
    await h.as('preceptor', 'POST', '/api/student-skills', {
      studentId: s.id,
      skillId: skills[0].id,
      status: 'completed',
      progressPercentage: 100,
      attempts: 2,
      successfulAttempts: 2,
    });
    await h.as('preceptor', 'POST', '/api/student-skills', {
      studentId: s.id,
      skillId: skills[1].id,
      status: 'in_progress',
      progressPercentage: 40,
      attempts: 1,
      successfulAttempts: 0,
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
    const s = await (
      await h.as('director', 'POST', '/api/students', student({ emsCertificationLevel: 'paramedic', isActive: false }))
    ).json();
    const patched = await (await h.as('director', 'PATCH', `/api/students/${s.id}`, { phone: '555-0142' })).json();
    expect(patched).toMatchObject({ phone: '555-0142', emsCertificationLevel: 'paramedic', isActive: false });
  });

  it('refuse to create a second record with an id that exists (409, not a crash)', async () => {
    const id = crypto.randomUUID();
    expect((await h.as('director', 'POST', '/api/students', student({ id }))).status).toBe(201);
    expect(
      (await h.as('director', 'POST', '/api/students', student({ id, studentId: 'S-9', email: 'z@example.org' })))
        .status,
    ).toBe(409);
  });
});

describe('GET /api/students filters and pages', () => {
  const names = async (path: string) =>
    ((await (await h.as('director', 'GET', path)).json()) as { lastName: string }[]).map((s) => s.lastName);

  beforeEach(async () => {
    const people = [
      ['Ana', 'Zamora'],
      ['Ben', 'adams'],
      ['Cy', 'Moss'],
      ['Di', 'Baker'],
      ['Ed', '50%_off'],
    ];
    for (const [i, [firstName, lastName]] of people.entries()) {
      await h.as(
        'director',
        'POST',
        '/api/students',
        student({
          firstName,
          lastName,
          studentId: `S-${i}`,
          email: `s${i}@example.org`,
          programId: i % 2 ? fireId : emsId,
          isActive: i !== 2,
        }),
      );
    }
  });

  it('sorts by last then first name regardless of case, pages with limit and offset, and says the total', async () => {
    expect(await names('/api/students')).toEqual(['50%_off', 'adams', 'Baker', 'Moss', 'Zamora']);
    const page = await h.as('director', 'GET', '/api/students?limit=2&offset=2');
    expect(page.headers.get('x-total-count')).toBe('5');
    expect(((await page.json()) as { lastName: string }[]).map((s) => s.lastName)).toEqual(['Baker', 'Moss']);
    expect(await names('/api/students?limit=2&offset=10')).toEqual([]);
  });

  it('filters by program, program type, active and text, which matches % and _ as letters', async () => {
    expect(await names(`/api/students?programId=${fireId}`)).toEqual(['adams', 'Baker']);
    expect(await names('/api/students?programType=ems')).toEqual(['50%_off', 'Moss', 'Zamora']);
    expect(await names('/api/students?active=false')).toEqual(['Moss']);
    expect(await names('/api/students?search=ADA')).toEqual(['adams']);
    expect(await names('/api/students?search=s3@example')).toEqual(['Baker']);
    expect(await names('/api/students?search=%25_')).toEqual(['50%_off']);
    expect(await names('/api/students?search=_')).toEqual(['50%_off']);
    const scoped = await h.as('instructor', 'GET', `/api/students?programId=${fireId}`);
    expect(await scoped.json()).toEqual([]);
    expect(scoped.headers.get('x-total-count')).toBe('0');
  });

  it('answers 400 naming a bad page parameter', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=ten', 'offset=-1', 'active=maybe']) {
      const res = await h.as('director', 'GET', `/api/students?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await res.json()).fields), query).toEqual([query.split('=')[0]]);
    }
  });
});

describe('figures in the list stay current after every kind of write', () => {
  it('follows progress, hours, a level change, a skill leaving the catalogue and a program change', async () => {
    const s = await (await h.as('director', 'POST', '/api/students', student())).json();
    const listed = async () =>
      ((await (await h.as('director', 'GET', '/api/students')).json()) as Record<string, unknown>[])[0];
    const skills = await (await h.as('director', 'GET', '/api/skills?programType=ems&certificationLevel=emt')).json();
    expect(await listed()).toMatchObject({ skillsCompleted: 0, totalSkills: 35, clinicalHours: 0, requiredHours: 48 });

    await h.as('preceptor', 'POST', '/api/student-skills', {
      studentId: s.id,
      skillId: skills[0].id,
      status: 'completed',
      progressPercentage: 100,
      attempts: 1,
      successfulAttempts: 1,
    });
    expect(await listed()).toMatchObject({ skillsCompleted: 1, progressPercentage: Math.round(100 / 35) });

    const hours = await h.as('preceptor', 'POST', '/api/clinical-hours', {
      studentId: s.id,
      hoursCompleted: 6,
      date: '2026-03-01',
      hourType: 'clinical',
    });
    expect(hours.status).toBe(201);
    expect(await listed()).toMatchObject({ clinicalHours: 6, totalHours: 6 });

    await h.as('director', 'PATCH', `/api/students/${s.id}`, { emsCertificationLevel: 'paramedic' });
    expect(await listed()).toMatchObject({ certificationLevel: 'paramedic', skillsCompleted: 0 });
    await h.as('director', 'PATCH', `/api/students/${s.id}`, { emsCertificationLevel: 'emt' });
    expect(await listed()).toMatchObject({ skillsCompleted: 1, totalSkills: 35 });

    expect((await h.as('director', 'DELETE', `/api/skills/${skills[1].id}`)).status).toBe(200);
    expect(await listed()).toMatchObject({ skillsCompleted: 1, totalSkills: 34 });

    expect(
      (await h.as('director', 'PUT', `/api/programs/${emsId}`, { requiredHours: 60, name: 'EMT Winter' })).status,
    ).toBe(200);
    expect(await listed()).toMatchObject({ requiredHours: 60, programName: 'EMT Winter' });
  });
});

describe('linking a student record to an account', () => {
  const RECRUIT = 'recruit@example.org';
  const ownRecords = async () =>
    (await (await h.as('student', 'GET', '/api/students')).json()).map((s: { studentId: string }) => s.studentId);
  const everything = () =>
    ['users', 'students', 'programs', 'program_members', 'sessions'].map((table) =>
      h.db.$client.prepare(`select * from ${table} order by rowid`).all(),
    );

  it("reproduced: a student cannot claim a recruit's record by taking the recruit's e-mail", async () => {
    await h.login('student');
    const before = everything();
    const taken = await h.as('student', 'PUT', `/api/users/${h.users.student.id}`, {
      firstName: 'Test',
      lastName: 'student',
      email: RECRUIT,
      role: 'student',
    });
    expect(taken.status).toBe(400);
    expect((await taken.json()).fields).toEqual({ currentPassword: MSG.currentPasswordRequired });
    expect(everything()).toEqual(before);

    const enrolled = await (await h.as('director', 'POST', '/api/students', student({ email: RECRUIT }))).json();
    expect(enrolled.userId).toBeNull();
    expect(await ownRecords()).toEqual([]);
    const account = await h.as('director', 'POST', '/api/users', {
      firstName: 'Ana',
      lastName: 'Lopez',
      email: RECRUIT,
      role: 'student',
      password: 'recruit password',
    });
    expect(account.status).toBe(201);
    const linked = await h.as('director', 'PATCH', `/api/students/${enrolled.id}`, {
      userId: (await account.json()).id,
    });
    expect((await linked.json()).userId).not.toBeNull();
    expect(await ownRecords()).toEqual([]);
  });

  it('never links by a matching e-mail, even one the account holds, on create or update: only the student account staff choose', async () => {
    const created = await (
      await h.as('director', 'POST', '/api/students', student({ email: 'student@test.local' }))
    ).json();
    expect(created.userId).toBeNull();
    const patched = await (
      await h.as('director', 'PATCH', `/api/students/${created.id}`, { email: 'student@test.local', userId: null })
    ).json();
    expect(patched.userId).toBeNull();
    expect(await ownRecords()).toEqual([]);

    const notStudent = await h.as('director', 'PATCH', `/api/students/${created.id}`, {
      userId: h.users.instructor.id,
    });
    expect(notStudent.status).toBe(400);
    expect((await notStudent.json()).fields).toEqual({ userId: 'Not a student account' });
    const chosen = await h.as('instructor', 'PATCH', `/api/students/${created.id}`, { userId: h.users.student.id });
    expect((await chosen.json()).userId).toBe(h.users.student.id);
    expect(await ownRecords()).toEqual(['S-001']);
  });
});
