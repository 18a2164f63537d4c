import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { ROLES } from '#schema/enums.ts';
import { ERR, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
beforeEach(() => {
  h = testApp();
});

const REFUSED = ['student', 'instructor', 'preceptor', 'clinical_coordinator'] as const;
const managementForm = (over: Record<string, unknown> = {}) => ({
  name: 'Paramedic 2026',
  type: 'ems',
  description: 'Full-time cohort',
  duration: 48,
  requiredHours: 500,
  directorId: h.users.director.id,
  ...over,
});
const dataManagementForm = (over: Record<string, unknown> = {}) => ({
  name: 'Fire Academy',
  type: 'Fire',
  description: 'Recruit academy',
  duration: '16 weeks',
  credits: 12,
  capacity: 30,
  prerequisites: 'CPAT',
  certifications: 'Firefighter I, Hazmat Operations',
  ...over,
});
const programs = async () => (await h.as('director', 'GET', '/api/programs')).json();
const members = async (programId: string) => (await h.as('director', 'GET', `/api/programs/${programId}/users`)).json();
function addStudent(programId: string, over: Partial<typeof t.students.$inferInsert> = {}) {
  return asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@x.org',
      phone: '1',
      studentCode: `S-${Math.random()}`,
      programId,
      enrollmentDate: '2026-01-01',
      expectedGraduation: '2026-12-01',
      ...over,
    }),
  );
}

describe('GET /api/programs', () => {
  it('lists programs by name with director name and head counts, for every role', async () => {
    const fire = h.program({ name: 'FF I', type: 'fire' }, [
      { userId: h.users.instructor.id, assignedRole: 'instructor' },
    ]);
    const ems = await (await h.as('director', 'POST', '/api/programs', managementForm())).json();
    addStudent(fire.id);
    addStudent(fire.id, { isActive: false });
    asSystem(h.db, 'fixture', (ctx) => ctx.remove(t.students, addStudent(fire.id)));
    for (const role of ROLES) {
      const res = await h.as(role, 'GET', '/api/programs');
      expect(res.status).toBe(200);
      expect((await res.json()).map((p: { name: string }) => p.name)).toEqual(['FF I', 'Paramedic 2026']);
    }
    const [ff, para] = await programs();
    expect(ff).toMatchObject({
      id: fire.id,
      type: 'fire',
      studentCount: 2,
      memberCount: 1,
      directorName: null,
      duration: null,
    });
    expect(para).toMatchObject({
      id: ems.id,
      duration: 48,
      durationWeeks: 48,
      requiredHours: 500,
      directorId: h.users.director.id,
      directorName: 'Test director',
      studentCount: 0,
      memberCount: 0,
      certifications: [],
    });
    expect(para).not.toHaveProperty('deletedAt');
    expect((await h.as(null, 'GET', '/api/programs')).status).toBe(401);
  });
});

describe('POST /api/programs', () => {
  it('creates a program from the Program Management form', async () => {
    const res = await h.as(
      'administration',
      'POST',
      '/api/programs',
      managementForm({ directorId: 'none', description: '' }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      name: 'Paramedic 2026',
      type: 'ems',
      description: null,
      duration: 48,
      durationWeeks: 48,
      requiredHours: 500,
      directorId: null,
      directorName: null,
      credits: null,
      capacity: null,
      studentCount: 0,
      memberCount: 0,
    });
  });

  it('creates a program from the Data Management form', async () => {
    const res = await h.as('director', 'POST', '/api/programs', dataManagementForm());
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      name: 'Fire Academy',
      type: 'fire',
      durationText: '16 weeks',
      durationWeeks: null,
      credits: 12,
      capacity: 30,
      prerequisites: 'CPAT',
      certifications: ['Firefighter I', 'Hazmat Operations'],
    });
  });

  it('takes a program type as code or label in any case on either form, and answers the code', async () => {
    const sent: [Record<string, unknown>, string][] = [
      [managementForm({ type: 'EMS' }), 'ems'],
      [managementForm({ type: 'ems' }), 'ems'],
      [managementForm({ type: 'Police' }), 'police'],
      [dataManagementForm({ type: 'ems' }), 'ems'],
      [dataManagementForm({ type: 'EMS' }), 'ems'],
      [dataManagementForm({ type: 'FIRE' }), 'fire'],
    ];
    const ids: string[] = [];
    for (const [body, type] of sent) {
      const res = await h.as('director', 'POST', '/api/programs', body);
      expect(res.status, String(body.type)).toBe(201);
      const created = await res.json();
      expect(created.type).toBe(type);
      ids.push(created.id);
    }
    const changed = await h.as('director', 'PUT', `/api/programs/${ids[0]}`, { type: 'Fire' });
    expect((await changed.json()).type).toBe('fire');
    expect((await programs()).map((p: { type: string }) => p.type).sort()).toEqual([
      'ems',
      'ems',
      'ems',
      'fire',
      'fire',
      'police',
    ]);
  });

  it("answers each form's spec messages and creates nothing", async () => {
    const pm = await h.as('director', 'POST', '/api/programs', { name: '', duration: 0 });
    expect(pm.status).toBe(400);
    expect((await pm.json()).fields).toEqual({
      name: MSG.programNameRequired,
      type: MSG.programTypeRequired,
      duration: MSG.durationWeeksMin,
      requiredHours: MSG.requiredHoursMin,
    });
    const dm = await h.as('director', 'POST', '/api/programs', { type: 'Navy', duration: '', credits: 0, capacity: 0 });
    expect((await dm.json()).fields).toEqual({
      name: MSG.programNameRequired,
      type: MSG.programTypeRequired,
      description: MSG.descriptionRequired,
      duration: MSG.durationRequired,
      credits: MSG.creditsMin,
      capacity: MSG.capacityMin,
    });
    expect(await programs()).toEqual([]);
  });

  it('accepts only a director or administrator as director', async () => {
    for (const directorId of [h.users.instructor.id, 'no-such-user']) {
      const res = await h.as('director', 'POST', '/api/programs', managementForm({ directorId }));
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({ directorId: 'Choose a director or administrator' });
    }
    expect(await programs()).toEqual([]);
    const ok = await h.as(
      'director',
      'POST',
      '/api/programs',
      managementForm({ directorId: h.users.administration.id }),
    );
    expect((await ok.json()).directorName).toBe('Test administration');
  });

  it('is refused to every role but director and administration, creating nothing', async () => {
    for (const role of REFUSED) expect((await h.as(role, 'POST', '/api/programs', managementForm())).status).toBe(403);
    expect(await programs()).toEqual([]);
    expect((await h.as(null, 'POST', '/api/programs', managementForm())).status).toBe(401);
  });
});

describe('PUT/PATCH /api/programs/:id', () => {
  it('changes only the fields sent', async () => {
    const p = await (await h.as('director', 'POST', '/api/programs', dataManagementForm())).json();
    const res = await h.as('administration', 'PATCH', `/api/programs/${p.id}`, { capacity: 40, durationWeeks: 16 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      capacity: 40,
      duration: 16,
      credits: 12,
      description: 'Recruit academy',
      certifications: ['Firefighter I', 'Hazmat Operations'],
    });
    const put = await h.as('director', 'PUT', `/api/programs/${p.id}`, {
      name: 'Fire Academy II',
      directorId: h.users.director.id,
    });
    expect(await put.json()).toMatchObject({ name: 'Fire Academy II', directorName: 'Test director', capacity: 40 });
  });

  it('validates, refuses other roles, answers 404 for unknown ids and 401 signed out, changing nothing', async () => {
    const p = await (await h.as('director', 'POST', '/api/programs', managementForm())).json();
    const bad = await h.as('director', 'PATCH', `/api/programs/${p.id}`, {
      name: '',
      requiredHours: 0,
      directorId: h.users.student.id,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ name: MSG.programNameRequired, requiredHours: MSG.requiredHoursMin });
    const badDirector = await h.as('director', 'PATCH', `/api/programs/${p.id}`, { directorId: h.users.student.id });
    expect((await badDirector.json()).fields).toEqual({ directorId: 'Choose a director or administrator' });
    for (const role of REFUSED)
      expect((await h.as(role, 'PATCH', `/api/programs/${p.id}`, { name: 'X' })).status).toBe(403);
    expect((await programs())[0]).toMatchObject({
      name: 'Paramedic 2026',
      requiredHours: 500,
      directorId: h.users.director.id,
    });
    expect((await h.as('director', 'PUT', '/api/programs/no-such-id', { name: 'X' })).status).toBe(404);
    expect((await h.as(null, 'PATCH', `/api/programs/${p.id}`, { name: 'X' })).status).toBe(401);
  });
});

describe('DELETE /api/programs/:id', () => {
  it('refuses while students are enrolled, then removes the program and its assignments', async () => {
    const p = h.program({ name: 'EMT', type: 'ems' }, [{ userId: h.users.instructor.id, assignedRole: 'instructor' }]);
    const s = addStudent(p.id);
    const refused = await h.as('director', 'DELETE', `/api/programs/${p.id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("Move or remove the program's students first");
    expect(await programs()).toHaveLength(1);
    expect((await h.as('director', 'DELETE', `/api/students/${s.id}`)).status).toBe(200);
    const res = await h.as('administration', 'DELETE', `/api/programs/${p.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: p.id });
    expect(await programs()).toEqual([]);
    expect((await h.as('director', 'GET', `/api/programs/${p.id}/users`)).status).toBe(404);
    // the instructor's membership went with it
    const [row] = h.db.select().from(t.programMembers).all();
    expect(row.deletedAt).not.toBeNull();
    expect((await h.as('director', 'DELETE', `/api/programs/${p.id}`)).status).toBe(404);
  });

  it('is refused to every role but director and administration and 401 signed out', async () => {
    const p = h.program({ name: 'EMT', type: 'ems' });
    for (const role of REFUSED) expect((await h.as(role, 'DELETE', `/api/programs/${p.id}`)).status).toBe(403);
    expect((await h.as(null, 'DELETE', `/api/programs/${p.id}`)).status).toBe(401);
    expect(await programs()).toHaveLength(1);
  });
});

describe('program assignments', () => {
  let programId: string;
  beforeEach(() => {
    programId = h.program({ name: 'EMT', type: 'ems' }).id;
  });
  const assign = (body: Record<string, unknown>, role: Parameters<TestApp['as']>[0] = 'director') =>
    h.as(role, 'POST', `/api/programs/${programId}/users`, body);

  it('assigns a user with a role (instructor by default) and lists the assignment with the person', async () => {
    const res = await assign({ userId: h.users.preceptor.id, assignedRole: 'preceptor' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      id: created.id,
      userId: h.users.preceptor.id,
      assignedRole: 'preceptor',
      createdAt: created.createdAt,
      user: {
        id: h.users.preceptor.id,
        firstName: 'Test',
        lastName: 'preceptor',
        email: 'preceptor@test.local',
        role: 'preceptor',
      },
    });
    expect(
      (await (await assign({ userId: h.users.clinical_coordinator.id }, 'administration')).json()).assignedRole,
    ).toBe('instructor');
    expect((await members(programId)).map((m: { userId: string }) => m.userId)).toEqual([
      h.users.clinical_coordinator.id,
      h.users.preceptor.id,
    ]);
    expect((await programs())[0].memberCount).toBe(2);
  });

  it('answers the spec messages, an unknown user, a repeat assignment and an unknown program', async () => {
    const missing = await assign({ assignedRole: 'janitor' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toEqual({ userId: MSG.userRequired, assignedRole: MSG.roleRequired });
    const unknown = await assign({ userId: 'no-such-user' });
    expect((await unknown.json()).fields).toEqual({ userId: 'User not found' });
    await assign({ userId: h.users.instructor.id });
    const again = await assign({ userId: h.users.instructor.id, assignedRole: 'director' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(ERR.alreadyAssigned);
    expect(await members(programId)).toHaveLength(1);
    expect(
      (await h.as('director', 'POST', '/api/programs/no-such-id/users', { userId: h.users.instructor.id })).status,
    ).toBe(404);
  });

  it('is refused to every role but director and administration, assigning nobody', async () => {
    for (const role of REFUSED) expect((await assign({ userId: h.users.student.id }, role)).status).toBe(403);
    expect(await members(programId)).toEqual([]);
    expect((await assign({ userId: h.users.student.id }, null)).status).toBe(401);
  });

  it('shows assignments to staff only', async () => {
    await assign({ userId: h.users.instructor.id });
    for (const role of ['instructor', 'preceptor', 'clinical_coordinator', 'administration'] as const) {
      expect(await (await h.as(role, 'GET', `/api/programs/${programId}/users`)).json()).toHaveLength(1);
    }
    expect((await h.as('student', 'GET', `/api/programs/${programId}/users`)).status).toBe(403);
    expect((await h.as('director', 'GET', '/api/programs/no-such-id/users')).status).toBe(404);
    expect((await h.as(null, 'GET', `/api/programs/${programId}/users`)).status).toBe(401);
  });

  it('removes an assignment, which may then be made again', async () => {
    const created = await (await assign({ userId: h.users.instructor.id })).json();
    const path = `/api/programs/${programId}/users/${h.users.instructor.id}`;
    for (const role of REFUSED) expect((await h.as(role, 'DELETE', path)).status).toBe(403);
    expect(await members(programId)).toHaveLength(1);
    expect((await h.as(null, 'DELETE', path)).status).toBe(401);
    const res = await h.as('administration', 'DELETE', path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: created.id });
    expect(await members(programId)).toEqual([]);
    expect((await h.as('director', 'DELETE', path)).status).toBe(404);
    expect((await h.as('director', 'DELETE', `/api/programs/no-such-id/users/${h.users.instructor.id}`)).status).toBe(
      404,
    );
    expect((await assign({ userId: h.users.instructor.id })).status).toBe(201);
  });
});
