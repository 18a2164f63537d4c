import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { ERR, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
beforeEach(() => {
  h = testApp();
});

const instructor = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ivy',
  lastName: 'Ng',
  email: 'ivy@example.org',
  phone: '555-0102',
  employeeId: 'E-100',
  title: 'Lead Instructor',
  department: 'Emergency Medical Services',
  hireDate: '2024-02-01',
  programTypes: ['ems', 'fire'],
  certifications: ['Paramedic', 'ACLS', 'BLS', 'PALS'],
  specialties: ['Airway'],
  experience: '10 years',
  education: 'BSc',
  notes: 'Nights',
  ...over,
});
const create = async (over: Record<string, unknown> = {}) =>
  (await h.as('director', 'POST', '/api/instructors', instructor(over))).json();
const list = async () => (await h.as('director', 'GET', '/api/instructors')).json();
const userRole = async (id: string) =>
  (await (await h.as('director', 'GET', '/api/users')).json()).find((u: { id: string }) => u.id === id)?.role;

/** Gives the signed-in test instructor an instructor profile, as if created with it. */
function profileForTestInstructor() {
  asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.instructors, {
      id: h.users.instructor.id,
      employeeId: 'E-7',
      title: 'Instructor',
      department: 'Fire Science',
      programTypes: ['fire'],
      hireDate: '2023-01-01',
    }),
  );
}

describe('POST /api/instructors', () => {
  it('creates the account and profile in one step and answers the Instructor entity', async () => {
    const res = await h.as('director', 'POST', '/api/instructors', instructor());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: body.id,
      firstName: 'Ivy',
      lastName: 'Ng',
      email: 'ivy@example.org',
      phone: '555-0102',
      employeeId: 'E-100',
      title: 'Lead Instructor',
      department: 'Emergency Medical Services',
      programTypes: ['ems', 'fire'],
      certifications: ['Paramedic', 'ACLS', 'BLS', 'PALS'],
      specialties: ['Airway'],
      experience: '10 years',
      education: 'BSc',
      hireDate: '2024-02-01',
      isActive: true,
      isPreceptor: false,
      notes: 'Nights',
      createdAt: body.createdAt,
      updatedAt: body.updatedAt,
      studentsSupervised: 0,
      totalStudents: 0,
      averageRating: null,
      programs: [],
    });
    expect(await userRole(body.id)).toBe('instructor');
  });

  it('makes a preceptor account when isPreceptor is set', async () => {
    const body = await create({ isPreceptor: true, isActive: false });
    expect(body).toMatchObject({ isPreceptor: true, isActive: false });
    expect(await userRole(body.id)).toBe('preceptor');
  });

  it('answers the spec messages and creates nothing', async () => {
    const res = await h.as('director', 'POST', '/api/instructors', { email: 'bad', programTypes: [] });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailInvalid,
      phone: MSG.phoneRequired,
      employeeId: MSG.employeeIdRequired,
      title: MSG.jobTitleRequired,
      department: MSG.departmentRequired,
      hireDate: MSG.hireDateRequired,
      programTypes: MSG.programTypesRequired,
    });
    expect(await list()).toEqual([]);
  });

  it('refuses an e-mail already in use with 409', async () => {
    const res = await h.as('administration', 'POST', '/api/instructors', instructor({ email: 'student@test.local' }));
    expect(res.status).toBe(409);
    expect((await res.json()).fields).toEqual({ email: ERR.emailTaken });
    expect(await list()).toEqual([]);
  });

  it('is refused to every role but director and administration, creating nothing', async () => {
    for (const role of ['student', 'instructor', 'preceptor', 'clinical_coordinator'] as const) {
      expect((await h.as(role, 'POST', '/api/instructors', instructor())).status).toBe(403);
    }
    expect(await list()).toEqual([]);
    expect((await h.as(null, 'POST', '/api/instructors', instructor())).status).toBe(401);
  });
});

describe('GET /api/instructors', () => {
  it('counts supervised students of their programs and students they have recorded for', async () => {
    const ivy = await create();
    const other = await create({ email: 'ole@example.org', lastName: 'Berg', employeeId: 'E-2' });
    const ems = h.program({ name: 'EMT Spring', type: 'ems' }, [{ userId: ivy.id, assignedRole: 'instructor' }]);
    const fire = h.program({ name: 'FF I', type: 'fire' }, [{ userId: ivy.id, assignedRole: 'instructor' }]);
    const base = {
      phone: '1',
      emsCertificationLevel: 'emt',
      enrollmentDate: '2026-01-01',
      expectedGraduation: '2026-12-01',
    };
    const [a, b, , gone] = asSystem(h.db, 'fixture', (ctx) => [
      ctx.insert(t.students, {
        ...base,
        firstName: 'A',
        lastName: 'A',
        email: 'a@x.org',
        studentCode: 'A',
        programId: ems.id,
      }),
      ctx.insert(t.students, {
        ...base,
        firstName: 'B',
        lastName: 'B',
        email: 'b@x.org',
        studentCode: 'B',
        programId: fire.id,
      }),
      ctx.insert(t.students, {
        ...base,
        firstName: 'C',
        lastName: 'C',
        email: 'c@x.org',
        studentCode: 'C',
        programId: ems.id,
        isActive: false,
      }),
      ctx.insert(t.students, {
        ...base,
        firstName: 'D',
        lastName: 'D',
        email: 'd@x.org',
        studentCode: 'D',
        programId: ems.id,
      }),
    ]);
    asSystem(h.db, 'fixture', (ctx) => {
      ctx.remove(t.students, gone);
      ctx.insert(t.studentSkills, { studentId: a.id, skillId: 's1', instructorId: ivy.id });
      ctx.insert(t.studentSkills, { studentId: a.id, skillId: 's2', instructorId: ivy.id });
      ctx.insert(t.clinicalHours, { studentId: a.id, date: '2026-02-01', hoursCompleted: 4, recordedBy: ivy.id });
      ctx.insert(t.clinicalHours, { studentId: b.id, date: '2026-02-01', hoursCompleted: 4, recordedBy: ivy.id });
      ctx.insert(t.studentSkills, { studentId: b.id, skillId: 's1', instructorId: other.id });
    });

    const [berg, ng] = await list();
    expect(ng).toMatchObject({
      id: ivy.id,
      studentsSupervised: 2,
      totalStudents: 2,
      averageRating: null,
      programs: [
        { id: ems.id, name: 'EMT Spring' },
        { id: fire.id, name: 'FF I' },
      ],
    });
    expect(berg).toMatchObject({ id: other.id, studentsSupervised: 0, totalStudents: 1, programs: [] });
  });

  it('is readable by every staff role, refused to students and 401 signed out', async () => {
    await create();
    for (const role of ['instructor', 'preceptor', 'administration', 'director', 'clinical_coordinator'] as const) {
      const res = await h.as(role, 'GET', '/api/instructors');
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveLength(1);
    }
    expect((await h.as('student', 'GET', '/api/instructors')).status).toBe(403);
    expect((await h.as(null, 'GET', '/api/instructors')).status).toBe(401);
  });
});

describe('PATCH /api/instructors/:id', () => {
  it('changes only the fields sent, on account and profile alike', async () => {
    const ivy = await create({ isPreceptor: true, isActive: false });
    const res = await h.as('administration', 'PATCH', `/api/instructors/${ivy.id}`, {
      title: 'Coordinator',
      phone: '555-0999',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      title: 'Coordinator',
      phone: '555-0999',
      certifications: ['Paramedic', 'ACLS', 'BLS', 'PALS'],
      isActive: false,
      isPreceptor: true,
      employeeId: 'E-100',
    });
    expect(await userRole(ivy.id)).toBe('preceptor');
  });

  it('switches the account between instructor and preceptor with isPreceptor', async () => {
    const ivy = await create();
    expect(
      (await (await h.as('director', 'PATCH', `/api/instructors/${ivy.id}`, { isPreceptor: true })).json()).isPreceptor,
    ).toBe(true);
    expect(await userRole(ivy.id)).toBe('preceptor');
    await h.as('director', 'PATCH', `/api/instructors/${ivy.id}`, { isPreceptor: false });
    expect(await userRole(ivy.id)).toBe('instructor');
  });

  it('keeps the flag in step when a director changes the role on the profile screen', async () => {
    const ivy = await create();
    await h.as('director', 'PUT', `/api/users/${ivy.id}`, {
      firstName: 'Ivy',
      lastName: 'Ng',
      email: 'ivy@example.org',
      role: 'preceptor',
    });
    expect((await list())[0].isPreceptor).toBe(true);
  });

  it('lets instructors edit their own profile but not their preceptor flag or active state', async () => {
    profileForTestInstructor();
    const me = `/api/instructors/${h.users.instructor.id}`;
    const res = await h.as('instructor', 'PATCH', me, { education: 'MSc', certifications: ['Fire Instructor II'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ education: 'MSc', certifications: ['Fire Instructor II'] });
    const flag = await h.as('instructor', 'PATCH', me, { isPreceptor: true, notes: 'x' });
    expect(flag.status).toBe(403);
    expect((await flag.json()).error).toBe(ERR.ownRoleChange);
    expect((await h.as('instructor', 'PATCH', me, { isActive: false })).status).toBe(403);
    expect((await list())[0]).toMatchObject({ isPreceptor: false, isActive: true, notes: null });
    expect(await userRole(h.users.instructor.id)).toBe('instructor');
  });

  it("refuses editing someone else's profile to all but director and administration", async () => {
    const ivy = await create();
    for (const role of ['student', 'instructor', 'preceptor', 'clinical_coordinator'] as const) {
      expect((await h.as(role, 'PATCH', `/api/instructors/${ivy.id}`, { title: 'Hacked' })).status).toBe(403);
    }
    expect((await list())[0].title).toBe('Lead Instructor');
  });

  it('answers the spec messages, 409 for a taken e-mail, 404 for unknown ids and 401 signed out', async () => {
    const ivy = await create();
    const bad = await h.as('director', 'PATCH', `/api/instructors/${ivy.id}`, {
      programTypes: [],
      title: '',
      hireDate: '2024-13-01',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      programTypes: MSG.programTypesRequired,
      title: MSG.jobTitleRequired,
      hireDate: MSG.hireDateRequired,
    });
    const taken = await h.as('director', 'PATCH', `/api/instructors/${ivy.id}`, { email: 'director@test.local' });
    expect(taken.status).toBe(409);
    expect((await list())[0]).toMatchObject({
      email: 'ivy@example.org',
      title: 'Lead Instructor',
      programTypes: ['ems', 'fire'],
    });
    expect((await h.as('director', 'PATCH', '/api/instructors/no-such-id', { title: 'X' })).status).toBe(404);
    // an account without an instructor profile is not an instructor
    expect((await h.as('director', 'PATCH', `/api/instructors/${h.users.preceptor.id}`, { title: 'X' })).status).toBe(
      404,
    );
    expect((await h.as(null, 'PATCH', `/api/instructors/${ivy.id}`, { title: 'X' })).status).toBe(401);
  });
});
