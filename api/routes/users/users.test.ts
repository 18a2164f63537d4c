import { beforeEach, describe, expect, it } from 'vitest';

import { COMMANDS } from '#api/commands/registry.ts';
import { TEST_PASSWORD, type TestApp, testApp } from '#api/test/helpers.ts';
import { type Role, ROLES } from '#schema/enums.ts';
import { ERR, MSG } from '#schema/messages.ts';
import { handlePush } from '#sync/server/push.ts';

let h: TestApp;
beforeEach(() => {
  h = testApp();
});

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Rita',
  lastName: 'Moreno',
  email: 'Rita@Example.org',
  role: 'instructor',
  phone: '555-0101',
  department: 'Fire Science',
  certifications: ['Fire Instructor I'],
  specialties: ['Hazmat'],
  ...over,
});
const listUsers = async (role: Role = 'director') => (await h.as(role, 'GET', '/api/users')).json();
const signIn = (email: string, password: string) =>
  h.app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
const FULL_KEYS = [
  'certifications',
  'createdAt',
  'department',
  'email',
  'firstName',
  'id',
  'isActive',
  'lastName',
  'phone',
  'profileImageUrl',
  'role',
  'specialties',
  'updatedAt',
];

describe('GET /api/users', () => {
  it('lists every account with contact details for staff, sorted by last name, without password hashes', async () => {
    for (const role of ROLES.filter((r) => r !== 'student')) {
      const users = await listUsers(role);
      expect(users.map((u: { lastName: string }) => u.lastName)).toEqual([...ROLES].sort());
      expect(Object.keys(users[0]).sort()).toEqual(FULL_KEYS);
    }
    const director = (await listUsers()).find((u: { role: string }) => u.role === 'director');
    expect(director).toMatchObject({
      id: h.users.director.id,
      email: 'director@test.local',
      firstName: 'Test',
      lastName: 'director',
      isActive: true,
      certifications: [],
      specialties: [],
      phone: null,
    });
  });

  it('shows students names, roles and whether an account is active only, and their own account in full', async () => {
    const users = await listUsers('student');
    expect(users).toHaveLength(6);
    expect(users.find((u: { id: string }) => u.id === h.users.director.id)).toEqual({
      id: h.users.director.id,
      firstName: 'Test',
      lastName: 'director',
      role: 'director',
      isActive: true,
    });
    const own = users.find((u: { id: string }) => u.id === h.users.student.id);
    expect(Object.keys(own).sort()).toEqual(FULL_KEYS);
  });

  it('is 401 signed out', async () => {
    expect((await h.as(null, 'GET', '/api/users')).status).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates an account whose password signs in, and answers it without the hash', async () => {
    const res = await h.as('director', 'POST', '/api/users', newUser({ password: 'long enough pw' }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(FULL_KEYS);
    expect(body).toMatchObject({
      email: 'rita@example.org',
      firstName: 'Rita',
      role: 'instructor',
      department: 'Fire Science',
      certifications: ['Fire Instructor I'],
      specialties: ['Hazmat'],
      isActive: true,
    });
    expect((await signIn('rita@example.org', 'long enough pw')).status).toBe(200);
    expect(await listUsers()).toHaveLength(7);
  });

  it('creates an account without a password that cannot sign in yet', async () => {
    const res = await h.as('administration', 'POST', '/api/users', newUser({ role: 'student', phone: '' }));
    expect(res.status).toBe(201);
    expect((await res.json()).phone).toBeNull();
    expect((await signIn('rita@example.org', '')).status).toBe(400);
    expect((await signIn('rita@example.org', 'anything at all')).status).toBe(401);
  });

  it('hashes a password only in this route (off the main thread): the command, run by any other path, refuses one', async () => {
    const pushed = handlePush(
      h.db,
      { id: h.users.director.id, role: 'director' },
      {
        pushVersion: 1,
        clientGroupId: 'g',
        clientId: 'c',
        mutations: [{ id: 1, name: 'createUser', args: newUser({ password: 'long enough pw' }), createdAt: '' }],
      },
      COMMANDS,
    );
    expect(pushed.results).toEqual([
      {
        id: 1,
        status: 'rejected',
        code: '400',
        message: ERR.invalidInput,
        fields: { password: ERR.passwordOnlyByUsersRoute },
      },
    ]);
    expect(await listUsers()).toHaveLength(6);
    expect((await h.as('student', 'POST', '/api/users', newUser({ password: 'long enough pw' }))).status).toBe(403);
    expect(await listUsers()).toHaveLength(6);
  });

  it('answers the spec messages and creates nothing', async () => {
    const res = await h.as('director', 'POST', '/api/users', { email: 'nope', role: 'janitor', password: 'short' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailInvalid,
      role: MSG.roleRequired,
      password: MSG.passwordTooShort,
    });
    expect(await listUsers()).toHaveLength(6);
  });

  it('refuses an e-mail already in use, whatever its case, with 409', async () => {
    const res = await h.as('director', 'POST', '/api/users', newUser({ email: 'Preceptor@Test.Local' }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: ERR.emailTaken, fields: { email: ERR.emailTaken } });
    expect(await listUsers()).toHaveLength(6);
  });

  it('is refused to every role but director and administration, creating nothing', async () => {
    for (const role of ['student', 'instructor', 'preceptor', 'clinical_coordinator'] as const) {
      const res = await h.as(role, 'POST', '/api/users', newUser());
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe(ERR.forbidden);
    }
    expect(await listUsers()).toHaveLength(6);
    expect((await h.as(null, 'POST', '/api/users', newUser())).status).toBe(401);
  });
});

describe('PUT /api/users/:id', () => {
  const profile = (over: Record<string, unknown> = {}) => ({
    firstName: 'Sam',
    lastName: 'Lee',
    email: 'sam@example.org',
    role: 'student',
    ...over,
  });
  const userById = async (id: string) => (await listUsers()).find((u: { id: string }) => u.id === id);

  it('lets users edit their own names and e-mail and answers the current-user shape', async () => {
    const res = await h.as(
      'student',
      'PUT',
      `/api/users/${h.users.student.id}`,
      profile({ currentPassword: TEST_PASSWORD }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: h.users.student.id,
      email: 'sam@example.org',
      firstName: 'Sam',
      lastName: 'Lee',
      role: 'student',
      profileImageUrl: null,
    });
    expect((await signIn('sam@example.org', 'correct horse battery')).status).toBe(200);
  });

  it('refuses a role change by anyone but director and administration, changing nothing', async () => {
    const res = await h.as('student', 'PUT', `/api/users/${h.users.student.id}`, profile({ role: 'director' }));
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(ERR.ownRoleChange);
    const res2 = await h.as(
      'instructor',
      'PUT',
      `/api/users/${h.users.instructor.id}`,
      profile({ role: 'administration' }),
    );
    expect((await res2.json()).error).toBe(ERR.ownRoleChange);
    expect(await userById(h.users.student.id)).toMatchObject({
      firstName: 'Test',
      role: 'student',
      email: 'student@test.local',
    });
    expect((await userById(h.users.instructor.id)).role).toBe('instructor');
  });

  it('keeps the role when none is sent', async () => {
    const res = await h.as('director', 'PUT', `/api/users/${h.users.director.id}`, {
      firstName: 'Dana',
      lastName: 'Park',
      email: 'director@test.local',
    });
    expect(await res.json()).toMatchObject({ firstName: 'Dana', role: 'director' });
  });

  it("lets director and administration edit others' profiles and roles, and no one else", async () => {
    for (const role of ['instructor', 'preceptor', 'clinical_coordinator', 'student'] as const) {
      const refused = await h.as(
        role,
        'PUT',
        `/api/users/${h.users.director.id}`,
        profile({ email: `${role}@x.org`, role: 'director' }),
      );
      expect(refused.status).toBe(403);
    }
    expect(await userById(h.users.director.id)).toMatchObject({ firstName: 'Test', email: 'director@test.local' });
    const res = await h.as(
      'administration',
      'PUT',
      `/api/users/${h.users.clinical_coordinator.id}`,
      profile({ email: 'cc@example.org', role: 'preceptor' }),
    );
    expect(res.status).toBe(200);
    expect(await userById(h.users.clinical_coordinator.id)).toMatchObject({
      firstName: 'Sam',
      email: 'cc@example.org',
      role: 'preceptor',
    });
    const own = await h.as(
      'director',
      'PUT',
      `/api/users/${h.users.director.id}`,
      profile({ email: 'director@test.local', role: 'administration' }),
    );
    expect((await own.json()).role).toBe('administration');
  });

  it('answers the spec messages, 409 for a taken e-mail, 404 for an unknown user and 401 signed out', async () => {
    const bad = await h.as('student', 'PUT', `/api/users/${h.users.student.id}`, {
      firstName: ' ',
      email: 'x',
      role: 'king',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailInvalid,
      role: MSG.roleRequired,
    });
    const taken = await h.as(
      'student',
      'PUT',
      `/api/users/${h.users.student.id}`,
      profile({ email: 'director@test.local', currentPassword: TEST_PASSWORD }),
    );
    expect(taken.status).toBe(409);
    expect((await taken.json()).fields).toEqual({ email: ERR.emailTaken });
    expect((await userById(h.users.student.id)).email).toBe('student@test.local');
    expect((await h.as('director', 'PUT', '/api/users/no-such-user', profile())).status).toBe(404);
    expect((await h.as(null, 'PUT', `/api/users/${h.users.student.id}`, profile())).status).toBe(401);
  });
});

/** Headers a page of the app sends with a write (the server refuses cross-site writes). */
const FROM_THE_APP = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0];
const send = (cookie: string, method: string, path: string, body?: unknown) =>
  h.app.request(path, {
    method,
    headers: { ...FROM_THE_APP, cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const currentUser = async (cookie: string) => {
  const res = await send(cookie, 'GET', '/api/auth/user');
  return res.status === 200 ? (await res.json()).role : res.status;
};
const ownProfile = (role: Role, over: Record<string, unknown> = {}) => ({
  firstName: 'Test',
  lastName: role,
  email: `${role}@test.local`,
  role,
  ...over,
});
/** Every account and session, as stored. */
const accounts = () =>
  ['users', 'sessions', 'audit_log'].map((table) =>
    h.db.$client.prepare(`select * from ${table} order by rowid`).all(),
  );

describe('a role change by hand ends the sessions it affects', () => {
  it("ends every session of the user whose role changed, and no one else's", async () => {
    const other = cookieOf(await signIn('student@test.local', TEST_PASSWORD));
    await h.login('student');
    expect(
      (await h.as('director', 'PUT', `/api/users/${h.users.student.id}`, ownProfile('student', { firstName: 'Sam' })))
        .status,
    ).toBe(200);
    expect(await currentUser(other)).toBe('student');
    const res = await h.as(
      'director',
      'PUT',
      `/api/users/${h.users.student.id}`,
      ownProfile('student', { role: 'instructor' }),
    );
    expect(res.status).toBe(200);
    expect((await h.as('student', 'GET', '/api/auth/user')).status).toBe(401);
    expect(await currentUser(other)).toBe(401);
    expect((await h.as('director', 'GET', '/api/auth/user')).status).toBe(200);
    expect((await h.as('instructor', 'GET', '/api/auth/user')).status).toBe(200);
    expect(await currentUser(cookieOf(await signIn('student@test.local', TEST_PASSWORD)))).toBe('instructor');
  });

  it('a lead changing their own role keeps the session they did it from and ends their others', async () => {
    const other = cookieOf(await signIn('director@test.local', TEST_PASSWORD));
    const res = await h.as(
      'director',
      'PUT',
      `/api/users/${h.users.director.id}`,
      ownProfile('director', { role: 'administration' }),
    );
    expect(res.status).toBe(200);
    expect(await currentUser(await h.login('director'))).toBe('administration');
    expect(await currentUser(other)).toBe(401);
  });
});

describe("changing one's own e-mail", () => {
  const move = (over: Record<string, unknown> = {}) =>
    h.as(
      'student',
      'PUT',
      `/api/users/${h.users.student.id}`,
      ownProfile('student', { email: 'recruit@example.org', ...over }),
    );

  it('needs the current password: missing or wrong, it answers 400 under the field and changes nothing; right, it changes', async () => {
    await h.login('student');
    const before = accounts();
    const missing = await move();
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toEqual({ currentPassword: MSG.currentPasswordRequired });
    const empty = await move({ currentPassword: '' });
    expect((await empty.json()).fields).toEqual({ currentPassword: MSG.currentPasswordRequired });
    const wrong = await move({ currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fields).toEqual({ currentPassword: MSG.currentPasswordWrong });
    expect(accounts()).toEqual(before);
    expect((await signIn('student@test.local', TEST_PASSWORD)).status).toBe(200);
    // a name change alone needs none; with the right one the address changes
    expect(
      (await h.as('student', 'PUT', `/api/users/${h.users.student.id}`, ownProfile('student', { firstName: 'Sam' })))
        .status,
    ).toBe(200);
    const right = await move({ currentPassword: TEST_PASSWORD });
    expect(right.status).toBe(200);
    expect((await right.json()).email).toBe('recruit@example.org');
  });

  it('without the password, nobody learns whether an account has the address', async () => {
    const res = await move({ email: 'director@test.local' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ currentPassword: MSG.currentPasswordRequired });
  });

  it('a sync push cannot change it, even with a password, even were updateProfile an offline mutation', async () => {
    await h.login('student');
    const before = accounts();
    const mutation = (currentPassword?: string) => ({
      id: 1,
      name: 'updateProfile',
      createdAt: new Date().toISOString(),
      args: {
        id: h.users.student.id,
        changes: ownProfile('student', { email: 'recruit@example.org', currentPassword }),
      },
    });
    const pushed = await h.as('student', 'POST', '/api/sync/push', {
      pushVersion: 1,
      clientGroupId: 'g1',
      clientId: 'c1',
      mutations: [mutation()],
    });
    expect((await pushed.json()).results).toEqual([expect.objectContaining({ id: 1, status: 'rejected' })]);
    // the command itself refuses, whatever registry a push draws on
    const direct = handlePush(
      h.db,
      { id: h.users.student.id, role: 'student' },
      { pushVersion: 1, clientGroupId: 'g2', clientId: 'c2', mutations: [mutation(TEST_PASSWORD)] },
      COMMANDS,
    );
    expect(direct.results).toEqual([
      expect.objectContaining({
        id: 1,
        status: 'rejected',
        code: '400',
        fields: { currentPassword: MSG.currentPasswordRequired },
      }),
    ]);
    expect(accounts()[0]).toEqual(before[0]);
  });

  it('is limited to five attempts a user in 15 minutes (429 with Retry-After), changing nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await move({ currentPassword: `guess number ${i}` })).status).toBe(400);
    const before = accounts();
    for (const currentPassword of ['guess number 5', TEST_PASSWORD]) {
      const res = await move({ currentPassword });
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ error: ERR.tooManyEmailChanges });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    }
    expect(accounts()).toEqual(before);
    // the limit is the user's, and only for e-mail changes
    expect(
      (await h.as('student', 'PUT', `/api/users/${h.users.student.id}`, ownProfile('student', { firstName: 'Sam' })))
        .status,
    ).toBe(200);
    const other = await h.as(
      'instructor',
      'PUT',
      `/api/users/${h.users.instructor.id}`,
      ownProfile('instructor', { email: 'ivy@example.org', currentPassword: TEST_PASSWORD }),
    );
    expect(other.status).toBe(200);
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes the account and its memberships and signs it out at once', async () => {
    const program = h.program({ name: 'EMT', type: 'ems' }, [{ userId: h.users.student.id, assignedRole: 'student' }]);
    expect((await h.as('student', 'GET', '/api/users')).status).toBe(200);
    const res = await h.as('director', 'DELETE', `/api/users/${h.users.student.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: h.users.student.id });
    expect((await listUsers()).map((u: { role: string }) => u.role)).not.toContain('student');
    expect(await (await h.as('director', 'GET', `/api/programs/${program.id}/users`)).json()).toEqual([]);
    expect((await h.as('student', 'GET', '/api/users')).status).toBe(401);
    expect((await signIn('student@test.local', 'correct horse battery')).status).toBe(401);
    expect((await h.as('director', 'DELETE', `/api/users/${h.users.student.id}`)).status).toBe(404);
  });

  it("removes an instructor's profile with the account", async () => {
    const created = await (
      await h.as('director', 'POST', '/api/instructors', {
        firstName: 'Ivy',
        lastName: 'Ng',
        email: 'ivy@example.org',
        phone: '555-0102',
        employeeId: 'E-1',
        title: 'Lead',
        department: 'Fire Science',
        hireDate: '2024-02-01',
        programTypes: ['fire'],
      })
    ).json();
    expect((await h.as('instructor', 'DELETE', `/api/users/${created.id}`)).status).toBe(200);
    expect(await (await h.as('director', 'GET', '/api/instructors')).json()).toEqual([]);
  });

  it('lets an instructor delete only instructor and preceptor accounts', async () => {
    expect((await h.as('instructor', 'DELETE', `/api/users/${h.users.preceptor.id}`)).status).toBe(200);
    for (const role of ['student', 'director', 'administration', 'clinical_coordinator'] as const) {
      expect((await h.as('instructor', 'DELETE', `/api/users/${h.users[role].id}`)).status).toBe(403);
    }
    expect(await listUsers()).toHaveLength(5);
  });

  it('refuses deleting oneself with 409', async () => {
    const res = await h.as('director', 'DELETE', `/api/users/${h.users.director.id}`);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(ERR.deleteSelf);
    expect((await h.as('director', 'GET', '/api/users')).status).toBe(200);
  });

  it('is refused to students, preceptors and clinical coordinators, 404 for unknown ids and 401 signed out', async () => {
    for (const role of ['student', 'preceptor', 'clinical_coordinator'] as const) {
      expect((await h.as(role, 'DELETE', `/api/users/${h.users.instructor.id}`)).status).toBe(403);
    }
    expect(await listUsers()).toHaveLength(6);
    expect((await h.as('administration', 'DELETE', '/api/users/no-such-user')).status).toBe(404);
    expect((await h.as(null, 'DELETE', `/api/users/${h.users.instructor.id}`)).status).toBe(401);
  });
});
