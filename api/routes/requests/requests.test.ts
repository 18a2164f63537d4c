import { and, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { TEST_PASSWORD, type TestApp, testApp } from '#api/test/helpers.ts';
import { type Role, ROLES } from '#schema/enums.ts';
import { ERR, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';
import type { Cookie, PullResponse } from '#sync/protocol.ts';

let h: TestApp;
let emsId: string;
let fireId: string;
let ownStudentId: string;
let fireStudentId: string;
let siteId: string;

const JUSTIFICATION = 'I want to train with this program';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeEach(() => {
  h = testApp();
  emsId = h.program({ name: 'EMT Fall', type: 'ems' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]).id;
  fireId = h.program({ name: 'FF I', type: 'fire' }, [{ userId: h.users.instructor.id, assignedRole: 'preceptor' }]).id;
  asSystem(h.db, 'fixture', (ctx) => {
    const base = { phone: '555-0100', enrollmentDate: '2026-01-10', expectedGraduation: '2026-12-15' };
    ownStudentId = ctx.insert(t.students, {
      ...base,
      userId: h.users.student.id,
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'student@test.local',
      studentCode: 'S-001',
      programId: emsId,
      emsCertificationLevel: 'critical_care',
    }).id;
    fireStudentId = ctx.insert(t.students, {
      ...base,
      firstName: 'Bo',
      lastName: 'Kim',
      email: 'bo@example.org',
      studentCode: 'F-001',
      programId: fireId,
    }).id;
    siteId = ctx.insert(t.clinicalSites, { name: 'County General', type: 'Hospital', address: '1 Main St' }).id;
  });
});

const list = async (role: Role, kind: string) => (await h.as(role, 'GET', `/api/requests/${kind}`)).json();
const ids = async (role: Role, kind: string) => (await list(role, kind)).map((r: { id: string }) => r.id);

async function file(role: Role, kind: string, body: Record<string, unknown>) {
  const res = await h.as(role, 'POST', `/api/requests/${kind}`, body);
  expect(res.status).toBe(201);
  return res.json();
}
/** A student record the caller may not see answers as one that exists nowhere: the form's field says so, never a 403. */
async function expectUnknownStudent(response: Promise<Response>) {
  const res = await response;
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: ERR.invalidInput, fields: { studentId: 'Student not found' } });
}
const join = (role: Role = 'student', over: Record<string, unknown> = {}) =>
  file(role, 'program-join', { programId: fireId, justification: JUSTIFICATION, ...over });

/** Headers a page of the app sends with a write (the server refuses cross-site writes). */
const FROM_THE_APP = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
const send = (cookie: string, method: string, path: string, body?: unknown) =>
  h.app.request(path, {
    method,
    headers: { ...FROM_THE_APP, cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
/** A new session of the account with this e-mail (every test account has TEST_PASSWORD): its cookie. */
async function signIn(email: string) {
  const res = await h.app.request('/api/login', {
    method: 'POST',
    headers: { ...FROM_THE_APP, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

const membership = (userId: string, programId: string) =>
  h.db
    .select()
    .from(t.programMembers)
    .where(
      and(
        eq(t.programMembers.userId, userId),
        eq(t.programMembers.programId, programId),
        isNull(t.programMembers.deletedAt),
      ),
    )
    .get();

describe('program-join requests', () => {
  it('files a request for the caller with the default role', async () => {
    const body = await join('student', { userId: h.users.director.id });
    expect(body).toMatchObject({
      kind: 'program-join',
      userId: h.users.student.id,
      programId: fireId,
      programName: 'FF I',
      requestedRole: 'student',
      status: 'pending',
      justification: JUSTIFICATION,
      reviewNotes: null,
      reviewedBy: null,
      reviewerName: null,
      user: { id: h.users.student.id, firstName: 'Test', lastName: 'student', email: 'student@test.local' },
    });
  });

  it('answers the spec messages and files nothing', async () => {
    const res = await h.as('student', 'POST', '/api/requests/program-join', {
      justification: 'short',
      requestedRole: 'director',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      programId: MSG.programRequired,
      requestedRole: MSG.roleRequired,
      justification: MSG.justification,
    });
    const unknown = await h.as('student', 'POST', '/api/requests/program-join', {
      programId: 'nope',
      justification: JUSTIFICATION,
    });
    expect((await unknown.json()).fields).toEqual({ programId: 'Program not found' });
    expect(await list('director', 'program-join')).toEqual([]);
  });

  it('refuses members and a second pending request with 409', async () => {
    const member = await h.as('instructor', 'POST', '/api/requests/program-join', {
      programId: emsId,
      justification: JUSTIFICATION,
    });
    expect(member.status).toBe(409);
    expect((await member.json()).error).toBe(ERR.alreadyMember);
    await join();
    const again = await h.as('student', 'POST', '/api/requests/program-join', {
      programId: fireId,
      justification: JUSTIFICATION,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(ERR.alreadyPending);
    expect(await list('director', 'program-join')).toHaveLength(1);
  });

  it('shows reviewers every request and others their own, newest first', async () => {
    const a = await join('student');
    const b = await join('preceptor', { requestedRole: 'preceptor' });
    for (const role of ['director', 'administration', 'clinical_coordinator'] as const) {
      expect(await ids(role, 'program-join')).toEqual([b.id, a.id]);
    }
    expect(await ids('student', 'program-join')).toEqual([a.id]);
    expect(await ids('preceptor', 'program-join')).toEqual([b.id]);
    expect(await ids('instructor', 'program-join')).toEqual([]);
  });

  it('is 401 signed out and 404 for an unknown kind', async () => {
    expect((await h.as(null, 'GET', '/api/requests/program-join')).status).toBe(401);
    expect(
      (await h.as(null, 'POST', '/api/requests/program-join', { programId: fireId, justification: JUSTIFICATION }))
        .status,
    ).toBe(401);
    expect((await h.as('director', 'GET', '/api/requests/vacation')).status).toBe(404);
    expect((await h.as('student', 'POST', '/api/requests/vacation', {})).status).toBe(404);
  });
});

describe('reviewing requests', () => {
  it('approving a join request adds the membership and records the review', async () => {
    const r = await join();
    const res = await h.as('clinical_coordinator', 'POST', `/api/requests/program-join/${r.id}/approve`, {
      reviewNotes: 'Welcome',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'approved',
      reviewNotes: 'Welcome',
      reviewedBy: h.users.clinical_coordinator.id,
      reviewerName: 'Test clinical_coordinator',
      approvalLevel: 'clinical_coordinator',
    });
    expect(body.reviewedAt).toEqual(expect.any(String));
    expect(membership(h.users.student.id, fireId)).toMatchObject({ assignedRole: 'student' });
  });

  it('reviews only pending requests (409)', async () => {
    const r = await join();
    await h.as('director', 'POST', `/api/requests/program-join/${r.id}/approve`, {});
    for (const decision of ['approve', 'deny']) {
      const res = await h.as('administration', 'POST', `/api/requests/program-join/${r.id}/${decision}`, {
        reviewNotes: 'again',
      });
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe(ERR.notPending);
    }
    expect((await list('director', 'program-join'))[0]).toMatchObject({
      status: 'approved',
      approvalLevel: 'director',
      reviewNotes: null,
    });
  });

  it('denying changes only the status', async () => {
    const r = await join();
    const res = await h.as('administration', 'POST', `/api/requests/program-join/${r.id}/deny`, {
      reviewNotes: 'Program full',
    });
    expect(await res.json()).toMatchObject({
      status: 'denied',
      reviewNotes: 'Program full',
      approvalLevel: 'administration',
    });
    expect(membership(h.users.student.id, fireId)).toBeUndefined();
  });

  it('refuses a denial without a reason, and changes nothing', async () => {
    const r = await join();
    for (const body of [{}, { reviewNotes: '   ' }]) {
      const res = await h.as('director', 'POST', `/api/requests/program-join/${r.id}/deny`, body);
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({ reviewNotes: MSG.denyReasonRequired });
    }
    expect((await list('director', 'program-join'))[0]).toMatchObject({ status: 'pending', reviewNotes: null });
  });

  it('refuses other roles (403), unknown ids and other kinds (404), and changes nothing', async () => {
    const r = await join();
    for (const role of ['student', 'instructor', 'preceptor'] as const) {
      expect((await h.as(role, 'POST', `/api/requests/program-join/${r.id}/approve`, {})).status).toBe(403);
    }
    expect((await h.as('director', 'POST', '/api/requests/program-join/nope/approve', {})).status).toBe(404);
    expect((await h.as('director', 'POST', `/api/requests/role-change/${r.id}/approve`, {})).status).toBe(404);
    expect((await h.as('director', 'POST', `/api/requests/vacation/${r.id}/deny`, { reviewNotes: 'x' })).status).toBe(
      404,
    );
    expect((await h.as(null, 'POST', `/api/requests/program-join/${r.id}/approve`, {})).status).toBe(401);
    expect((await list('director', 'program-join'))[0].status).toBe('pending');
    expect(membership(h.users.student.id, fireId)).toBeUndefined();
  });

  it('does not let a reviewer approve their own access request', async () => {
    const r = await join('clinical_coordinator', { requestedRole: 'instructor' });
    expect((await h.as('clinical_coordinator', 'POST', `/api/requests/program-join/${r.id}/approve`, {})).status).toBe(
      403,
    );
    expect(membership(h.users.clinical_coordinator.id, fireId)).toBeUndefined();
    expect((await h.as('director', 'POST', `/api/requests/program-join/${r.id}/approve`, {})).status).toBe(200);
    expect(membership(h.users.clinical_coordinator.id, fireId)).toMatchObject({ assignedRole: 'instructor' });
  });
});

describe('role-change requests', () => {
  it('takes the current role from the membership, else the account', async () => {
    const inFire = await file('instructor', 'role-change', {
      programId: fireId,
      requestedRole: 'director',
      justification: JUSTIFICATION,
    });
    expect(inFire).toMatchObject({
      kind: 'role-change',
      programName: 'FF I',
      currentRole: 'preceptor',
      requestedRole: 'director',
    });
    const byDefault = await file('student', 'role-change', { programId: emsId, justification: JUSTIFICATION });
    expect(byDefault).toMatchObject({ currentRole: 'student', requestedRole: 'instructor' });
  });

  it("approval changes the user's role and their assignment in the program, and ends their open session", async () => {
    const r = await file('student', 'role-change', {
      programId: emsId,
      requestedRole: 'preceptor',
      justification: JUSTIFICATION,
    });
    expect((await (await h.as('student', 'GET', '/api/auth/user')).json()).role).toBe('student');
    expect(
      (await h.as('director', 'POST', `/api/requests/role-change/${r.id}/approve`, { reviewNotes: 'ok' })).status,
    ).toBe(200);
    expect((await h.as('student', 'GET', '/api/auth/user')).status).toBe(401);
    expect((await (await send(await signIn('student@test.local'), 'GET', '/api/auth/user')).json()).role).toBe(
      'preceptor',
    );
    expect(membership(h.users.student.id, emsId)).toMatchObject({ assignedRole: 'preceptor' });
  });

  it('approval updates an existing assignment', async () => {
    const r = await file('instructor', 'role-change', {
      programId: fireId,
      requestedRole: 'clinical_coordinator',
      justification: JUSTIFICATION,
    });
    await h.as('administration', 'POST', `/api/requests/role-change/${r.id}/approve`, {});
    expect(membership(h.users.instructor.id, fireId)).toMatchObject({ assignedRole: 'clinical_coordinator' });
    expect(
      h.db.select().from(t.programMembers).where(eq(t.programMembers.userId, h.users.instructor.id)).all(),
    ).toHaveLength(2);
  });

  it('validates and refuses unknown programs', async () => {
    const res = await h.as('student', 'POST', '/api/requests/role-change', {
      programId: 'nope',
      requestedRole: 'king',
      justification: JUSTIFICATION,
    });
    expect((await res.json()).fields).toEqual({ requestedRole: MSG.roleRequired });
    const unknown = await h.as('student', 'POST', '/api/requests/role-change', {
      programId: 'nope',
      justification: JUSTIFICATION,
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fields).toEqual({ programId: 'Program not found' });
    expect(await list('director', 'role-change')).toEqual([]);
  });
});

describe('preceptor requests (Requests screen)', () => {
  const preceptorRequest = (over: Record<string, unknown> = {}) => ({
    studentId: ownStudentId,
    clinicalSiteId: siteId,
    requestedPreceptorId: h.users.preceptor.id,
    emsCertificationLevel: 'paramedic',
    requestedDates: 'Weekends in March',
    skillsToFocus: ['IV Therapy', 'Airway Management'],
    justification: JUSTIFICATION,
    ...over,
  });

  it("files for the student's own record and answers the read shape", async () => {
    const body = await file('student', 'preceptor', preceptorRequest());
    expect(body).toMatchObject({
      kind: 'preceptor',
      studentId: ownStudentId,
      studentName: 'Ana Lopez',
      student: { id: ownStudentId, studentId: 'S-001', user: { firstName: 'Ana', lastName: 'Lopez' } },
      clinicalSiteId: siteId,
      clinicalSiteName: 'County General',
      requestedPreceptorId: h.users.preceptor.id,
      requestedPreceptorName: 'Test preceptor',
      emsCertificationLevel: 'paramedic',
      requestedDates: 'Weekends in March',
      skillsToFocus: 'IV Therapy, Airway Management',
      status: 'pending',
    });
  });

  it('answers the spec messages', async () => {
    const res = await h.as('student', 'POST', '/api/requests/preceptor', { emsCertificationLevel: 'wizard' });
    expect((await res.json()).fields).toEqual({
      studentId: MSG.studentRequired,
      clinicalSiteId: MSG.clinicalSiteRequired,
      emsCertificationLevel: MSG.certificationLevelRequired,
      requestedDates: MSG.requestedDatesRequired,
      justification: MSG.justification,
    });
  });

  it('checks the student, the site and the preferred preceptor', async () => {
    const post = (role: Role, over: Record<string, unknown>) =>
      h.as(role, 'POST', '/api/requests/preceptor', preceptorRequest(over));
    await expectUnknownStudent(post('student', { studentId: fireStudentId }));
    expect((await post('instructor', { studentId: 'nope' })).status).toBe(400);
    await expectUnknownStudent(post('preceptor', { studentId: fireStudentId }));
    expect((await (await post('student', { clinicalSiteId: 'nope' })).json()).fields).toEqual({
      clinicalSiteId: 'Clinical site not found',
    });
    const notPreceptor = await post('student', { requestedPreceptorId: h.users.instructor.id });
    expect((await notPreceptor.json()).fields).toEqual({ requestedPreceptorId: 'Preceptor not found' });
    expect(await list('director', 'preceptor')).toEqual([]);
    expect((await post('instructor', { studentId: fireStudentId, requestedPreceptorId: 'none' })).status).toBe(201);
  });

  it('shows a student the requests staff filed about them, without staff e-mail', async () => {
    const r = await file('instructor', 'preceptor', preceptorRequest({ requestedPreceptorId: null }));
    const seen = await list('student', 'preceptor');
    expect(seen.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect(seen[0].user).toEqual({ id: h.users.instructor.id, firstName: 'Test', lastName: 'instructor', email: null });
    expect(seen[0].requestedPreceptorName).toBeNull();
    expect(await list('preceptor', 'preceptor')).toEqual([]);
    expect((await list('clinical_coordinator', 'preceptor'))[0].user.email).toBe('instructor@test.local');
  });

  it('approval records the review and assigns nobody to a program', async () => {
    const members = () => h.db.select().from(t.programMembers).all().length;
    const before = members();
    const r = await file('student', 'preceptor', preceptorRequest());
    const res = await h.as('clinical_coordinator', 'POST', `/api/requests/preceptor/${r.id}/approve`, {});
    expect(await res.json()).toMatchObject({
      status: 'approved',
      approvalLevel: 'clinical_coordinator',
      studentName: 'Ana Lopez',
    });
    expect(members()).toBe(before);
  });
});

describe('clinical-time requests', () => {
  const timeRequest = (over: Record<string, unknown> = {}) => ({
    clinicalSiteId: siteId,
    startAt: '2026-05-01T07:00:00.000Z',
    endAt: '2026-05-01T19:00:00.000Z',
    requestedHours: 12,
    certificationLevel: 'aemt',
    skillsFocus: 'Airway',
    specialRequirements: 'Night shift only',
    ...over,
  });

  it('a student files for their own record by default', async () => {
    const body = await file('student', 'clinical-time', timeRequest());
    expect(body).toMatchObject({
      kind: 'clinical-time',
      studentId: ownStudentId,
      studentName: 'Ana Lopez',
      clinicalSiteName: 'County General',
      startAt: '2026-05-01T07:00:00.000Z',
      endAt: '2026-05-01T19:00:00.000Z',
      requestedHours: 12,
      certificationLevel: 'aemt',
      skillsFocus: 'Airway',
      specialRequirements: 'Night shift only',
      status: 'pending',
    });
    expect(await ids('student', 'clinical-time')).toEqual([body.id]);
  });

  it('staff name a student of their programs', async () => {
    const missing = await h.as('instructor', 'POST', '/api/requests/clinical-time', timeRequest());
    expect((await missing.json()).fields).toEqual({ studentId: MSG.studentRequired });
    await expectUnknownStudent(
      h.as('preceptor', 'POST', '/api/requests/clinical-time', timeRequest({ studentId: fireStudentId })),
    );
    await expectUnknownStudent(
      h.as('student', 'POST', '/api/requests/clinical-time', timeRequest({ studentId: fireStudentId })),
    );
    const ok = await file('preceptor', 'clinical-time', timeRequest({ studentId: ownStudentId }));
    expect(ok.studentName).toBe('Ana Lopez');
    expect(await ids('student', 'clinical-time')).toEqual([ok.id]);
  });

  it("approved, becomes the student's booked shift of one slot at its site, day, start and length, once", async () => {
    const r = await file('student', 'clinical-time', timeRequest({ endAt: '2026-05-01T19:30:00.000Z' }));
    const shifts = () => h.db.$client.prepare('select * from shifts').all() as Record<string, unknown>[];
    const bookings = () =>
      h.db.$client.prepare('select shift_id, student_id from shift_bookings where deleted_at is null').all();
    expect(shifts()).toEqual([]);
    const res = await h.as('clinical_coordinator', 'POST', `/api/requests/clinical-time/${r.id}/approve`, {});
    expect(res.status).toBe(200);
    expect(shifts()).toMatchObject([
      {
        id: r.id,
        type: 'clinical',
        clinical_site_id: siteId,
        date: '2026-05-01',
        start_time: '07:00',
        duration_minutes: 750,
        slots: 1,
        booked_count: 1,
      },
    ]);
    expect(bookings()).toEqual([{ shift_id: r.id, student_id: ownStudentId }]);
    const again = await h.as('director', 'POST', `/api/requests/clinical-time/${r.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(shifts()).toHaveLength(1);
    const denied = await file('student', 'clinical-time', timeRequest());
    await h.as('clinical_coordinator', 'POST', `/api/requests/clinical-time/${denied.id}/deny`, { reviewNotes: 'No' });
    expect(shifts()).toHaveLength(1);
  });

  it('answers the spec messages', async () => {
    const res = await h.as(
      'student',
      'POST',
      '/api/requests/clinical-time',
      timeRequest({
        clinicalSiteId: '',
        requestedHours: 41,
      }),
    );
    expect((await res.json()).fields).toEqual({
      clinicalSiteId: MSG.selectClinicalSite,
      requestedHours: MSG.hoursRange,
    });
    const order = await h.as(
      'student',
      'POST',
      '/api/requests/clinical-time',
      timeRequest({ endAt: '2026-05-01T06:00:00.000Z' }),
    );
    expect((await order.json()).fields).toEqual({ endAt: MSG.endAfterStart });
    const site = await h.as('student', 'POST', '/api/requests/clinical-time', timeRequest({ clinicalSiteId: 'nope' }));
    expect((await site.json()).fields).toEqual({ clinicalSiteId: 'Clinical site not found' });
    expect(await list('director', 'clinical-time')).toEqual([]);
  });
});

describe('DELETE /api/requests/:kind/:id', () => {
  it('is for administration and director only, whatever the status', async () => {
    const r = await join();
    await h.as('clinical_coordinator', 'POST', `/api/requests/program-join/${r.id}/deny`, { reviewNotes: 'Full' });
    for (const role of ['clinical_coordinator', 'student', 'instructor', 'preceptor'] as const) {
      expect((await h.as(role, 'DELETE', `/api/requests/program-join/${r.id}`)).status).toBe(403);
    }
    expect(await ids('director', 'program-join')).toEqual([r.id]);
    expect((await h.as('director', 'DELETE', `/api/requests/role-change/${r.id}`)).status).toBe(404);
    const res = await h.as('administration', 'DELETE', `/api/requests/program-join/${r.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: r.id });
    expect(await ids('director', 'program-join')).toEqual([]);
    expect(await ids('student', 'program-join')).toEqual([]);
    expect((await h.as('director', 'DELETE', `/api/requests/program-join/${r.id}`)).status).toBe(404);
    expect((await h.as(null, 'DELETE', `/api/requests/program-join/${r.id}`)).status).toBe(401);
  });
});

describe('/api/preceptor-requests (Clinical Sites screen)', () => {
  const siteRequest = (over: Record<string, unknown> = {}) => ({
    clinicalSiteId: siteId,
    studentId: ownStudentId,
    requestedDates: [day(3), day(1), day(3)],
    skillsToFocus: ['Vital Signs', 'Documentation'],
    justification: 'Need supervised ALS time',
    ...over,
  });

  it('files a request with its list of dates and shows it on both screens', async () => {
    const res = await h.as('student', 'POST', '/api/preceptor-requests', siteRequest());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      clinicalSiteId: siteId,
      clinicalSiteName: 'County General',
      studentId: ownStudentId,
      studentName: 'Ana Lopez',
      requestedDates: [day(1), day(3)],
      skillsToFocus: ['Vital Signs', 'Documentation'],
      status: 'pending',
      reviewNotes: null,
      approvalLevel: null,
    });
    const [asRequest] = await list('clinical_coordinator', 'preceptor');
    expect(asRequest).toMatchObject({
      id: body.id,
      requestedDates: `${day(1)}, ${day(3)}`,
      skillsToFocus: 'Vital Signs, Documentation',
      emsCertificationLevel: 'critical_care_paramedic',
      student: { studentId: 'S-001' },
    });
  });

  it('accepts yesterday (time zones) but not earlier dates, and answers the spec messages', async () => {
    expect(
      (await h.as('student', 'POST', '/api/preceptor-requests', siteRequest({ requestedDates: [day(-1)] }))).status,
    ).toBe(201);
    const past = await h.as(
      'student',
      'POST',
      '/api/preceptor-requests',
      siteRequest({ requestedDates: [day(2), day(-3)] }),
    );
    expect(past.status).toBe(400);
    expect((await past.json()).fields).toEqual({ requestedDates: MSG.dateNotPast });
    const empty = await h.as('student', 'POST', '/api/preceptor-requests', {
      requestedDates: [],
      justification: 'short',
    });
    expect((await empty.json()).fields).toEqual({
      clinicalSiteId: MSG.clinicalSiteRequired,
      studentId: MSG.studentRequired,
      requestedDates: MSG.oneDateRequired,
      justification: MSG.detailedJustification,
    });
    const none = await h.as('student', 'POST', '/api/preceptor-requests', siteRequest({ requestedDates: undefined }));
    expect((await none.json()).fields).toEqual({ requestedDates: MSG.addOneDate });
    const skill = await h.as(
      'student',
      'POST',
      '/api/preceptor-requests',
      siteRequest({ skillsToFocus: ['Juggling'] }),
    );
    expect(skill.status).toBe(400);
    expect(await list('director', 'preceptor')).toHaveLength(1);
  });

  it('checks the student and the site', async () => {
    await expectUnknownStudent(
      h.as('student', 'POST', '/api/preceptor-requests', siteRequest({ studentId: fireStudentId })),
    );
    await expectUnknownStudent(
      h.as('preceptor', 'POST', '/api/preceptor-requests', siteRequest({ studentId: fireStudentId })),
    );
    const site = await h.as('director', 'POST', '/api/preceptor-requests', siteRequest({ clinicalSiteId: 'nope' }));
    expect((await site.json()).fields).toEqual({ clinicalSiteId: 'Clinical site not found' });
    expect(await list('director', 'preceptor')).toEqual([]);
    expect((await h.as(null, 'POST', '/api/preceptor-requests', siteRequest())).status).toBe(401);
  });

  it('lists every preceptor request for directors and administration only', async () => {
    const free = await file('instructor', 'preceptor', {
      studentId: ownStudentId,
      clinicalSiteId: siteId,
      requestedDates: 'Any weekday',
      skillsToFocus: 'IV Therapy, Documentation',
      justification: JUSTIFICATION,
    });
    const listed = await (await h.as('administration', 'GET', '/api/preceptor-requests')).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: free.id,
        requestedDates: ['Any weekday'],
        skillsToFocus: ['IV Therapy', 'Documentation'],
        studentName: 'Ana Lopez',
      }),
    ]);
    for (const role of ['clinical_coordinator', 'instructor', 'preceptor', 'student'] as const) {
      expect((await h.as(role, 'GET', '/api/preceptor-requests')).status).toBe(403);
    }
    expect((await h.as(null, 'GET', '/api/preceptor-requests')).status).toBe(401);
  });

  it('reviews for directors and administration, pending requests only', async () => {
    const r = await (await h.as('student', 'POST', '/api/preceptor-requests', siteRequest())).json();
    for (const role of ['clinical_coordinator', 'instructor', 'student'] as const) {
      expect((await h.as(role, 'POST', `/api/preceptor-requests/${r.id}/review`, { action: 'approve' })).status).toBe(
        403,
      );
    }
    const bad = await h.as('director', 'POST', `/api/preceptor-requests/${r.id}/review`, { action: 'maybe' });
    expect((await bad.json()).fields).toEqual({ action: 'Action must be approve or deny' });
    const noReason = await h.as('director', 'POST', `/api/preceptor-requests/${r.id}/review`, { action: 'deny' });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).fields).toEqual({ reviewNotes: MSG.denyReasonRequired });
    const deny = { action: 'deny', reviewNotes: 'No preceptor free' };
    expect((await h.as('director', 'POST', '/api/preceptor-requests/nope/review', deny)).status).toBe(404);
    const joinId = (await join()).id;
    expect((await h.as('director', 'POST', `/api/preceptor-requests/${joinId}/review`, deny)).status).toBe(404);
    expect((await (await h.as('director', 'GET', '/api/preceptor-requests')).json())[0].status).toBe('pending');

    const res = await h.as('director', 'POST', `/api/preceptor-requests/${r.id}/review`, {
      action: 'approve',
      reviewNotes: 'Assigned',
      approvalLevel: 'student',
    });
    expect(await res.json()).toMatchObject({
      id: r.id,
      status: 'approved',
      reviewNotes: 'Assigned',
      approvalLevel: 'director',
    });
    const again = await h.as('administration', 'POST', `/api/preceptor-requests/${r.id}/review`, deny);
    expect(again.status).toBe(409);
  });
});

describe('granting a role by approval', () => {
  const LEADS: readonly Role[] = ['director', 'administration'];
  let requesters = 0;

  /** A pending request of a new account (so no reviewer is reviewing their own), written as filing it would. */
  function pending(kind: 'role-change' | 'program-join', requesterRole: Role, requestedRole: Role) {
    return asSystem(h.db, 'fixture', (ctx) => {
      const user = ctx.insert(t.users, {
        email: `requester${++requesters}@test.local`,
        passwordHash: h.users.student.passwordHash,
        firstName: 'Rae',
        lastName: `Requester ${requesters}`,
        role: requesterRole,
      });
      const request = ctx.insert(t.requests, {
        kind,
        userId: user.id,
        programId: fireId,
        currentRole: requesterRole,
        requestedRole,
        justification: JUSTIFICATION,
      });
      return { user, request };
    });
  }

  /** Every account, program, membership, request, session and audit entry, as stored. */
  const everything = () =>
    ['users', 'instructors', 'programs', 'program_members', 'requests', 'sessions', 'audit_log'].map((table) =>
      h.db.$client.prepare(`select * from ${table} order by rowid`).all(),
    );
  const userRow = (id: string) => h.db.select().from(t.users).where(eq(t.users.id, id)).get()!;
  const requestRow = (id: string) => h.db.select().from(t.requests).where(eq(t.requests.id, id)).get()!;

  async function expectRefused(reviewer: Role, kind: string, requestId: string) {
    await h.login(reviewer);
    const before = everything();
    const res = await h.as(reviewer, 'POST', `/api/requests/${kind}/${requestId}/approve`, { reviewNotes: 'ok' });
    expect(res.status, `${reviewer} approving ${kind}`).toBe(403);
    expect(await res.json()).toEqual({ error: reviewer === 'clinical_coordinator' ? ERR.grantRole : ERR.forbidden });
    expect(everything(), `${reviewer} approving ${kind} changed nothing`).toEqual(before);
    expect(requestRow(requestId).status).toBe('pending');
  }

  it('a role change is approved only by those who may change a role by hand, for every role asked for', async () => {
    for (const reviewer of ROLES) {
      for (const requestedRole of ROLES) {
        const { user, request } = pending('role-change', 'student', requestedRole);
        if (!LEADS.includes(reviewer)) {
          await expectRefused(reviewer, 'role-change', request.id);
          expect(userRow(user.id).role).toBe('student');
          continue;
        }
        const res = await h.as(reviewer, 'POST', `/api/requests/role-change/${request.id}/approve`, {});
        expect(res.status, `${reviewer} approving ${requestedRole}`).toBe(200);
        expect(userRow(user.id).role).toBe(requestedRole);
        expect(membership(user.id, fireId)).toMatchObject({ assignedRole: requestedRole });
      }
    }
  });

  // The rule for joins: a reviewer who cannot change roles admits a requester only in the role their account already
  // has; any other role in a program is a role change. Rows are written directly, so roles the join form does not
  // offer (director) are covered as well.
  it("a join is approved in the requester's own role by any reviewer, and in another role only by those who may change roles", async () => {
    for (const reviewer of ROLES) {
      for (const requesterRole of ROLES) {
        for (const requestedRole of ROLES) {
          const { user, request } = pending('program-join', requesterRole, requestedRole);
          const allowed =
            LEADS.includes(reviewer) || (reviewer === 'clinical_coordinator' && requestedRole === requesterRole);
          if (!allowed) {
            await expectRefused(reviewer, 'program-join', request.id);
            continue;
          }
          const res = await h.as(reviewer, 'POST', `/api/requests/program-join/${request.id}/approve`, {});
          expect(res.status, `${reviewer} admitting a ${requesterRole} as ${requestedRole}`).toBe(200);
          expect(membership(user.id, fireId)).toMatchObject({ assignedRole: requestedRole });
          expect(userRow(user.id).role).toBe(requesterRole);
        }
      }
    }
  });

  it('reproduced: a clinical coordinator cannot make a student director, so the student cannot promote them', async () => {
    const r = await file('student', 'role-change', {
      programId: fireId,
      requestedRole: 'director',
      justification: JUSTIFICATION,
    });
    await expectRefused('clinical_coordinator', 'role-change', r.id);
    const promote = await h.as('student', 'PUT', `/api/users/${h.users.clinical_coordinator.id}`, {
      firstName: 'Test',
      lastName: 'clinical_coordinator',
      email: 'clinical_coordinator@test.local',
      role: 'director',
    });
    expect(promote.status).toBe(403);
    expect(userRow(h.users.clinical_coordinator.id).role).toBe('clinical_coordinator');
    expect(userRow(h.users.student.id).role).toBe('student');
    // denying grants nothing, so any reviewer still may; and a lead still cannot approve their own request
    const denied = await h.as('clinical_coordinator', 'POST', `/api/requests/role-change/${r.id}/deny`, {
      reviewNotes: 'No',
    });
    expect(await denied.json()).toMatchObject({ status: 'denied', approvalLevel: 'clinical_coordinator' });
    const own = await file('administration', 'role-change', {
      programId: fireId,
      requestedRole: 'director',
      justification: JUSTIFICATION,
    });
    const before = everything();
    const res = await h.as('administration', 'POST', `/api/requests/role-change/${own.id}/approve`, {});
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(ERR.ownReview);
    expect(everything()).toEqual(before);
  });

  it("an approved role change ends every session of that user, and no one else's", async () => {
    const { user, request } = pending('role-change', 'student', 'instructor');
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    const other = await signIn('student@test.local');
    expect((await send(phone, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await h.as('director', 'POST', `/api/requests/role-change/${request.id}/approve`, {})).status).toBe(200);
    expect((await send(phone, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await send(laptop, 'GET', '/api/users')).status).toBe(401);
    expect((await send(other, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await h.as('director', 'GET', '/api/auth/user')).status).toBe(200);
    expect((await (await send(await signIn(user.email), 'GET', '/api/auth/user')).json()).role).toBe('instructor');
  });

  it('after a role change the next pull, from a new sign-in, is a full resync in the new view', async () => {
    const { user, request } = pending('role-change', 'student', 'clinical_coordinator');
    const pull = async (cookie: string, from: Cookie | null) =>
      send(cookie, 'POST', '/api/sync/pull', {
        pullVersion: 1,
        clientGroupId: 'g1',
        clientId: 'c1',
        cookie: from,
      });
    const session = await signIn(user.email);
    const before = (await (await pull(session, null)).json()) as PullResponse;
    const studentsIn = (r: PullResponse) => r.patch.filter((op) => op.op === 'put' && op.table === 'students').length;
    expect(studentsIn(before)).toBe(0);
    expect((await h.as('administration', 'POST', `/api/requests/role-change/${request.id}/approve`, {})).status).toBe(
      200,
    );
    expect((await pull(session, before.cookie)).status).toBe(401);
    const after = (await (await pull(await signIn(user.email), before.cookie)).json()) as PullResponse;
    expect(after.patch[0]).toEqual({ op: 'clear' });
    expect(after.cookie.epoch).not.toBe(before.cookie.epoch);
    expect(studentsIn(after)).toBe(2);
  });
});
